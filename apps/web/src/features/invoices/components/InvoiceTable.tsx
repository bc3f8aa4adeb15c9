import type { InvoiceListItem, InvoiceSort } from '@freight/contracts';
import { Anchor, Checkbox, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlaceText } from '../../../components/list/PlaceText';
import { SortColumns } from '../../../components/list/SortColumns';
import { major } from '../../../components/shipment/format';
import { ReferenceList } from '../../../components/shipment/ReferenceList';
import { formatLocalDate } from '../../../components/tracking/localTime';
import { useFormat } from '../../../lib/useFormat';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';

export const invoiceDetailPath = (id: string) => `/invoice-detail/${encodeURIComponent(id)}`;

type Column = { key: string; sort?: InvoiceSort; ta?: 'right' };
const COLUMNS: Column[] = [
  { key: 'date', sort: 'invoice_date' },
  { key: 'type' },
  { key: 'doc', sort: 'number' },
  { key: 'location' },
  { key: 'due', sort: 'due_date' },
  { key: 'aging', ta: 'right' },
  { key: 'balance', sort: 'balance', ta: 'right' },
  { key: 'total', sort: 'total', ta: 'right' },
  { key: 'status' },
];

/** The Open Invoices table's header: a select-all box (when invoices can be picked to pay) and the sortable columns. */
export function InvoiceHead({
  sort,
  dir,
  onSort,
  allSelected,
  onSelectAll,
}: {
  sort: InvoiceSort;
  dir: 'asc' | 'desc';
  onSort: (column: InvoiceSort) => void;
  allSelected: boolean | 'some';
  /** Without it (a role that does not pay) there is no selection column. */
  onSelectAll?: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {onSelectAll && (
        <Table.Th>
          <Checkbox
            aria-label={t('invoices.select_all')}
            checked={allSelected === true}
            indeterminate={allSelected === 'some'}
            onChange={(e) => onSelectAll(e.currentTarget.checked)}
          />
        </Table.Th>
      )}
      <SortColumns
        columns={COLUMNS.map((c) => ({ ...c, label: t(`invoices.columns.${c.key}`) }))}
        sort={sort}
        dir={dir}
        onSort={onSort}
        sortTitle={(column) => t('invoices.sort_by', { column })}
      />
    </>
  );
}

export function InvoiceRow({ row, selected, onSelect }: { row: InvoiceListItem; selected: boolean; onSelect?: (on: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const money = (cents: number) => fmt.money(major(cents), row.currency);
  return (
    <Table.Tr data-testid="invoice-row" bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
      {onSelect && (
        <Table.Td>
          <Checkbox
            aria-label={t('invoices.select_invoice', { number: row.number })}
            checked={selected}
            disabled={row.balance_cents <= 0}
            onChange={(e) => onSelect(e.currentTarget.checked)}
          />
        </Table.Td>
      )}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLocalDate(row.invoice_date, i18n.language)}</Table.Td>
      <Table.Td title={t(`invoices.types.${row.type}`)}>{t(`invoices.types_short.${row.type}`)}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={invoiceDetailPath(row.id)} fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.number}
        </Anchor>
        {row.bol_number && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('invoices.bol', { number: row.bol_number })}
          </Text>
        )}
        <ReferenceList references={row.references} c="dimmed" />
      </Table.Td>
      <Table.Td>
        <PlaceText>{row.delivery_location}</PlaceText>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLocalDate(row.due_date, i18n.language)}</Table.Td>
      {/* Red 8, not the theme's red text: it stays above 4.5:1 on a selected row's blue tint too. */}
      <Table.Td ta="right" c={row.days_past_due > 0 ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {row.days_past_due > 0 ? t('invoices.days_past_due', { count: row.days_past_due }) : t('invoices.not_due')}
      </Table.Td>
      <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {money(row.balance_cents)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {money(row.total_cents)}
      </Table.Td>
      <Table.Td>
        <InvoiceStatusBadge status={row.status} />
      </Table.Td>
    </Table.Tr>
  );
}
