import { Badge, Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvImportDialog } from '../../../../components/csv/CsvImportDialog';
import { useFileDownload } from '../../../../components/csv/useFileDownload';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { FormAlert } from '../../../../components/FormAlert';
import { ActionsTh } from '../../../../components/list/ActionsTh';
import { QueryStatus } from '../../../../components/QueryStatus';
import { splitServerErrors } from '../../../../lib/forms';
import { useFormat } from '../../../../lib/useFormat';
import { deleteDieselPrice, dieselPricesQuery, saveDieselPrice } from '../../api/carriersApi';

/** This week's Monday (UTC), the week a new price is usually for. */
function thisMonday(now = new Date()) {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** The weekly diesel prices rating uses (the week in force on the pickup date): entered, corrected, removed, imported. */
/** The price form's fields; a refusal about anything else is said in its alert. */
const PRICE_FIELDS = ['week_of', 'usd_per_gallon'];

export function DieselPrices() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const query = useQuery(dieselPricesQuery());
  const [week, setWeek] = useState(thisMonday());
  const [price, setPrice] = useState<number | string>('');
  const [importing, setImporting] = useState(false);
  const { download } = useFileDownload();
  const refresh = (rows: Awaited<ReturnType<typeof saveDieselPrice>>) => client.setQueryData(dieselPricesQuery().queryKey, rows);
  const save = useMutation({ mutationFn: () => saveDieselPrice(week, Number(price)), onSuccess: (rows) => (refresh(rows), setPrice('')) });
  const remove = useMutation({ mutationFn: deleteDieselPrice, onSuccess: refresh });
  const errors = splitServerErrors(save.error, PRICE_FIELDS).fields;
  const confirmDelete = (weekOf: string) =>
    modals.openConfirmModal({
      title: t('admin.carriers.diesel.delete_title', { date: fmt.date(`${weekOf}T12:00:00Z`) }),
      children: <Text size="sm">{t('admin.carriers.diesel.delete_body')}</Text>,
      labels: { confirm: t('admin.carriers.diesel.delete'), cancel: t('admin.carriers.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(weekOf),
    });

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('admin.carriers.diesel.intro')}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Group align="flex-start">
          <TextInput
            type="date"
            label={t('admin.carriers.diesel.week')}
            value={week}
            onChange={(e) => setWeek(e.currentTarget.value)}
            error={errors.week_of}
            w={200}
          />
          <NumberInput
            label={t('admin.carriers.diesel.price')}
            prefix="$"
            decimalScale={3}
            hideControls
            value={price}
            onChange={setPrice}
            error={errors.usd_per_gallon}
            w={200}
          />
          <Button type="submit" mt={25} loading={save.isPending}>
            {t('admin.carriers.diesel.add')}
          </Button>
          <Button variant="light" mt={25} onClick={() => setImporting(true)}>
            {t('admin.carriers.diesel.import')}
          </Button>
          <Button
            variant="subtle"
            mt={25}
            onClick={() => download('/api/admin/diesel-prices/export.csv', { fileName: 'diesel-prices.csv' })}
          >
            {t('admin.carriers.diesel.export')}
          </Button>
        </Group>
      </form>
      <FormAlert error={save.error} fields={PRICE_FIELDS} />
      {remove.error && <ErrorAlert error={remove.error} />}
      <QueryStatus query={query} />
      {query.data && (
        <Table striped withTableBorder captionSide="top" maw={720}>
          <Table.Caption>{t('admin.carriers.diesel.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.carriers.diesel.week')}</Table.Th>
              <Table.Th ta="right">{t('admin.carriers.diesel.price')}</Table.Th>
              <Table.Th>{t('admin.carriers.diesel.entered')}</Table.Th>
              <ActionsTh />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((d) => (
              <Table.Tr key={d.week_of}>
                <Table.Td>
                  <Group gap="xs">
                    {fmt.date(`${d.week_of}T12:00:00Z`)}
                    {d.in_force && (
                      <Badge size="sm" color="teal">
                        {t('admin.carriers.in_force')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  {fmt.number(d.usd_per_gallon, { style: 'currency', currency: 'USD', minimumFractionDigits: 3 })}
                </Table.Td>
                <Table.Td>{fmt.dateTime(d.created_at)}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmDelete(d.week_of)}>
                    {t('admin.carriers.diesel.delete')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <CsvImportDialog
        opened={importing}
        onClose={() => setImporting(false)}
        title={t('admin.carriers.diesel.import_title')}
        importPath="/api/admin/diesel-prices/import"
        templatePath="/api/admin/diesel-prices/export.csv"
        templateFileName="diesel-prices.csv"
        savedIn={t('admin.carriers.diesel.saved_in')}
        columns={['week_of', 'usd_per_gallon']}
        intro={t('admin.carriers.diesel.import_intro')}
        onImported={() => client.invalidateQueries({ queryKey: dieselPricesQuery().queryKey })}
      />
    </Stack>
  );
}
