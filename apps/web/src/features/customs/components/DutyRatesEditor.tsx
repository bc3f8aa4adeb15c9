import { DUTY_COUNTRIES, type DutyRateTableView, type DutyRateView } from '@freight/contracts';
import { printedHsCode } from '@freight/domain/customs';
import { Badge, Button, Group, Input, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ActionsTh } from '../../../components/list/ActionsTh';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { useListParams } from '../../../components/list/useListParams';
import { showNotice } from '../../../components/notices/showNotice';
import { QueryStatus } from '../../../components/QueryStatus';
import { dutyCaveatText } from '../../../components/shipment/words';
import { useFormat } from '../../../lib/useFormat';
import { DUTY_RATES_KEY, type DutyCountry, deleteDutyRate, getDutyRates } from '../api/dutyRatesApi';
import { RateDialog, SourceDialog, useShowTable } from './DutyRateDialogs';

const isCountry = (v: string | null): v is DutyCountry => !!v && (DUTY_COUNTRIES as readonly string[]).includes(v);

type Dialog = { kind: 'source' } | { kind: 'rate'; rate: DutyRateView | null } | null;

/**
 * The duty-rate table of one destination (the country in the URL, the United States unless
 * named): where its figures come from and as of when, whether staff have changed it since it
 * shipped, and each HS code's rate, which staff add, change and remove.
 */
export function DutyRatesEditor() {
  const { t } = useTranslation();
  const labelId = useId();
  const list = useListParams();
  const countryParam = list.params.get('country');
  const country: DutyCountry = isCountry(countryParam) ? countryParam : 'US';
  // No placeholder while another country loads: one country's rates under another's name would mislead.
  const query = useQuery({
    queryKey: [...DUTY_RATES_KEY, country],
    queryFn: ({ signal }) => getDutyRates(country, signal),
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const table = query.data;

  return (
    <Stack gap="md">
      <Stack gap={0}>
        {/* A visible label that names the radio group, as a field's would. */}
        <Input.Label labelElement="div" id={labelId}>
          {t('customs.duty_rates.country')}
        </Input.Label>
        <SegmentedControl
          aria-labelledby={labelId}
          value={country}
          onChange={(value) => list.update({ country: value === 'US' ? null : value })}
          // Each choice as wide as its words (Mantine shares the width equally, which wraps the longer one).
          styles={{ root: { maxWidth: '100%' }, control: { flex: '1 1 auto' } }}
          data={DUTY_COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) }))}
          w="fit-content"
        />
      </Stack>
      <QueryStatus query={query} />
      {table && table.country === country && <CountryTable table={table} onOpen={setDialog} />}
      {table && dialog?.kind === 'source' && <SourceDialog table={table} onClose={() => setDialog(null)} />}
      {table && dialog?.kind === 'rate' && <RateDialog table={table} rate={dialog.rate} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

function CountryTable({ table, onOpen }: { table: DutyRateTableView; onOpen: (dialog: Dialog) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const show = useShowTable();
  const countryName = t(`countries.${table.country}`);
  const remove = useMutation({
    mutationFn: (hsCode: string) => deleteDutyRate(table.country as DutyCountry, hsCode),
    onSuccess: (next, hsCode) => {
      show(next);
      showNotice({ color: 'green', message: { key: 'customs.duty_rates.remove.done', params: { code: printedHsCode(hsCode) } } });
    },
  });
  const confirmRemove = (rate: DutyRateView) => {
    const code = printedHsCode(rate.hs_code);
    modals.openConfirmModal({
      title: t('customs.duty_rates.remove.title', { code }),
      children: <Text size="sm">{t('customs.duty_rates.remove.body', { code, description: rate.description })}</Text>,
      labels: { confirm: t('customs.duty_rates.remove.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(rate.hs_code),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} maw={640}>
          <Group gap="xs" align="center">
            <Title order={2} size="h4">
              {t('customs.duty_rates.table_title', { country: countryName })}
            </Title>
            <Badge variant="light" color={table.edited ? 'blue' : 'gray'}>
              {t(table.edited ? 'customs.duty_rates.edited' : 'customs.duty_rates.shipped')}
            </Badge>
          </Group>
          <Text size="sm">{t('customs.duty_rates.source', { source: table.source })}</Text>
          {table.source_caveat && <Text size="sm">{dutyCaveatText(t, table.source_caveat)}</Text>}
          <Text size="sm">
            {t('customs.duty_rates.as_of_label')} <time dateTime={table.as_of}>{fmt.date(`${table.as_of}T12:00:00Z`)}</time>
          </Text>
        </Stack>
        <Group gap="sm">
          <Button variant="default" onClick={() => onOpen({ kind: 'source' })}>
            {t('customs.duty_rates.edit_source')}
          </Button>
          <Button onClick={() => onOpen({ kind: 'rate', rate: null })}>{t('customs.duty_rates.add')}</Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" maw={720}>
        {t('customs.duty_rates.matching')}
      </Text>
      {remove.error && <ErrorAlert error={remove.error} />}
      {table.rates.length === 0 ? (
        <Text>{t('customs.duty_rates.empty', { country: countryName })}</Text>
      ) : (
        <ResponsiveTable minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>{t('customs.duty_rates.caption', { country: countryName })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customs.duty_rates.columns.hs_code')}</Table.Th>
                <Table.Th>{t('customs.duty_rates.columns.description')}</Table.Th>
                <Table.Th ta="right">{t('customs.duty_rates.columns.rate')}</Table.Th>
                <Table.Th>{t('customs.duty_rates.columns.changed')}</Table.Th>
                <ActionsTh />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rates.map((r) => {
                const code = printedHsCode(r.hs_code);
                return (
                  <Table.Tr key={r.hs_code} data-testid="duty-rate-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }} fw={600}>
                      {code}
                    </Table.Td>
                    <Table.Td>{r.description}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {fmt.number(r.rate_basis_points / 10_000, { style: 'percent', maximumFractionDigits: 2 })}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {r.updated_at ? (
                        <time dateTime={r.updated_at}>{fmt.date(r.updated_at)}</time>
                      ) : (
                        <Text span size="sm" c="dimmed">
                          {t('customs.duty_rates.as_shipped')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-label={t('customs.duty_rates.edit_rate', { code })}
                          onClick={() => onOpen({ kind: 'rate', rate: r })}
                        >
                          {t('customs.duty_rates.edit')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={t('customs.duty_rates.remove_rate', { code })}
                          loading={remove.isPending && remove.variables === r.hs_code}
                          onClick={() => confirmRemove(r)}
                        >
                          {t('customs.duty_rates.remove.open')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ResponsiveTable>
      )}
    </Stack>
  );
}
