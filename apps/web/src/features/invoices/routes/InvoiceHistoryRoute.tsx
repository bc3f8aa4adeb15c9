import type { InvoiceListItem } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { Anchor, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportMenu } from '../../../components/export/ExportMenu';
import { ListTable } from '../../../components/list/ListTable';
import { useListParams } from '../../../components/list/useListParams';
import { major } from '../../../components/shipment/format';
import { ReferenceList } from '../../../components/shipment/ReferenceList';
import { useAuthUser } from '../../../lib/auth';
import { useFormat } from '../../../lib/useFormat';
import { INVOICES_KEY, listInvoiceHistory } from '../api/invoicesApi';
import { InvoiceSearch } from '../components/InvoiceSearch';
import { invoiceDetailPath } from '../components/InvoiceTable';

const COLUMNS = ['number', 'type', 'bol', 'paid', 'method', 'total'] as const;

/** Invoice History (/my-invoices/history): invoices paid in a date range, the past 7 days by default. */
export function InvoiceHistoryRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const list = useListParams();
  const { page, q, search, setSearch } = list;
  const from = list.params.get('from') ?? undefined;
  const to = list.params.get('to') ?? undefined;
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;
  const query = useQuery({
    queryKey: [...INVOICES_KEY, 'history', { from, to, q, page, perPage }],
    queryFn: () => listInvoiceHistory({ from, to, q: q || undefined, page, per_page: perPage }),
    placeholderData: keepPreviousData,
  });
  // The range shown: the URL's, else the one the server applied (the past 7 days).
  const shown = { from: from ?? query.data?.meta.from ?? '', to: to ?? query.data?.meta.to ?? '' };
  // Changing one end keeps the other as shown, not the server's default for it.
  const setRange = (end: 'from' | 'to', value: string) => list.update({ ...shown, [end]: value || null, page: null });
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          type="date"
          label={t('invoices.history.from')}
          value={shown.from}
          onChange={(e) => setRange('from', e.currentTarget.value)}
        />
        <TextInput type="date" label={t('invoices.history.to')} value={shown.to} onChange={(e) => setRange('to', e.currentTarget.value)} />
        <InvoiceSearch value={search} onChange={setSearch} />
        <ExportMenu
          path="/api/invoices/history/export"
          query={{ from: shown.from || undefined, to: shown.to || undefined, q: q || undefined }}
          fileName="invoice-history"
        />
      </Group>
      <ListTable
        list={list}
        query={{ data: query.data, isPending: query.isPending, error: query.error, isPlaceholderData: query.isPlaceholderData }}
        minWidth={820}
        caption={t('invoices.history.caption')}
        head={COLUMNS.map((c) => (
          <Table.Th key={c} ta={c === 'total' ? 'right' : undefined}>
            {t(`invoices.columns.${c}`)}
          </Table.Th>
        ))}
        row={(row) => <HistoryRow key={row.id} row={row} />}
        total={(count, formatted) => t('invoices.total', { count, formatted })}
        empty={<Text>{t('invoices.history.empty')}</Text>}
        emptyFiltered={t('invoices.history.empty')}
        clearLabel={t('invoices.clear_filters')}
        filtered={!!q || !!from || !!to}
        clears={['from', 'to']}
      />
    </Stack>
  );
}

function HistoryRow({ row }: { row: InvoiceListItem }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Table.Tr data-testid="history-row">
      <Table.Td>
        <Anchor component={Link} to={invoiceDetailPath(row.id)} fw={600} size="sm">
          {row.number}
        </Anchor>
      </Table.Td>
      <Table.Td>{t(`invoices.types.${row.type}`)}</Table.Td>
      <Table.Td>
        {row.bol_number ?? '—'}
        <ReferenceList references={row.references} c="dimmed" />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.paid_at ? fmt.date(row.paid_at) : '—'}</Table.Td>
      <Table.Td>
        {row.payment_method
          ? row.payment_last4
            ? t(`invoices.history.method_${row.payment_method}`, { last4: row.payment_last4 })
            : t(`invoices.history.method_${row.payment_method}_plain`)
          : '—'}
      </Table.Td>
      <Table.Td ta="right">{fmt.money(major(row.total_cents), row.currency)}</Table.Td>
    </Table.Tr>
  );
}
