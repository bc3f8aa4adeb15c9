import { INVOICE_FILTERS, type InvoiceFilter } from '@freight/domain';
import { Anchor, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list/ListTable';
import { localDate, major } from '../../../components/shipment/format';
import { ReferenceList } from '../../../components/shipment/ReferenceList';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { accountInvoicesQuery } from '../api/creditApi';

/** An account's open invoices as accounting sees them, a page at a time, by the Open Invoices filters. */
export function AccountInvoices({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [filter, setFilter] = useState<InvoiceFilter>('all');
  const [page, setPage] = useState(1);
  const q = useQuery(accountInvoicesQuery(accountId, { filter, page }));
  const choose = (f: InvoiceFilter) => {
    setFilter(f);
    setPage(1);
  };
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label={t('admin.credit.invoices.filter')}
        value={filter}
        onChange={(v) => choose(v as InvoiceFilter)}
        data={INVOICE_FILTERS.map((f) => ({ value: f, label: t(`admin.credit.invoices.filters.${f}`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <ListTable
        list={{ page, q: '', setPage, clearFilters: () => choose('all') }}
        query={q}
        minWidth={560}
        caption={t('admin.credit.invoices.caption')}
        filtered={filter !== 'all'}
        head={
          <>
            <Table.Th>{t('admin.credit.invoices.number')}</Table.Th>
            <Table.Th>{t('admin.credit.invoices.due')}</Table.Th>
            <Table.Th ta="right">{t('admin.credit.invoices.days_past_due')}</Table.Th>
            <Table.Th ta="right">{t('admin.credit.invoices.balance')}</Table.Th>
            <Table.Th>{t('admin.credit.invoices.status')}</Table.Th>
          </>
        }
        row={(i) => (
          <Table.Tr key={i.id}>
            <Table.Td>
              <Anchor component={Link} to={paths.admin.accountInvoice(accountId, i.id)} size="sm" preventScrollReset>
                {i.number}
              </Anchor>
              <ReferenceList references={i.references} c="dimmed" />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.date(localDate(i.due_date))}</Table.Td>
            <Table.Td ta="right" c={i.days_past_due > 0 ? 'red' : undefined}>
              {i.days_past_due > 0 ? fmt.number(i.days_past_due) : '—'}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {fmt.money(major(i.balance_cents), i.currency)}
            </Table.Td>
            <Table.Td>{t(`invoices.status.${i.status}`)}</Table.Td>
          </Table.Tr>
        )}
        total={(count, formatted) => t('admin.credit.invoices.total', { count, formatted })}
        empty={<Text c="dimmed">{t('admin.credit.invoices.empty')}</Text>}
        emptyFiltered={t('admin.credit.invoices.empty_filtered')}
        clearLabel={t('admin.credit.invoices.show_all')}
        dense
      />
    </Stack>
  );
}
