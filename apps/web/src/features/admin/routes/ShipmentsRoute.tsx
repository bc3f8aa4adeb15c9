import { STAFF_SHIPMENT_SORTS, type StaffShipmentRow, type StaffShipmentSort } from '@freight/contracts';
import { canSeeMargin, DEFAULT_SETTINGS } from '@freight/domain';
import { Anchor, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportMenu } from '../../../components/export/ExportMenu';
import { ListTable } from '../../../components/list/ListTable';
import { PLACE_MAX_WIDTH, routeTitle } from '../../../components/list/PlaceText';
import { SortColumns } from '../../../components/list/SortColumns';
import { sortOrder, useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { major } from '../../../components/shipment/format';
import { MoreReferences } from '../../../components/shipment/MoreReferences';
import { formatLocalDate } from '../../../components/tracking/localTime';
import { RouteLine } from '../../../components/tracking/parts';
import { StatusBadge } from '../../../components/tracking/StatusBadge';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { staffShipmentsQuery } from '../api/shipmentsApi';
import { MarginCells } from '../components/shipments/marginParts';
import { SHIPMENT_FILTERS, ShipmentFilters } from '../components/shipments/ShipmentFilters';
import { SavedViews } from '../components/views/SavedViews';

const COLUMNS: { key: string; sort?: StaffShipmentSort; ta?: 'right' }[] = [
  { key: 'status', sort: 'status' },
  { key: 'numbers', sort: 'bol_number' },
  { key: 'account' },
  { key: 'carrier' },
  { key: 'route' },
  { key: 'pickup', sort: 'pickup_date' },
  { key: 'total', ta: 'right' },
  { key: 'booked', sort: 'created_at' },
];
/** Shown to staff who may see margin, after the price; a row whose account's margin they may not see leaves them empty. */
const MARGIN_COLUMNS: typeof COLUMNS = [
  { key: 'cost', ta: 'right' },
  { key: 'margin', ta: 'right' },
];

/**
 * Admin Shipments: every account's shipments, found by any number (BOL, PRO, pickup, tracking,
 * reference) and filtered by account, carrier, sales rep, status, 'Action Required', dates and lane; the
 * search lives in the URL, so the dashboard and the support inbox can link to a filtered list.
 */
export function ShipmentsRoute() {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const user = useAuthUser();
  const list = useListParams(STAFF_SHIPMENT_SORTS);
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;
  const filters = Object.fromEntries(SHIPMENT_FILTERS.flatMap((f) => (list.params.get(f) ? [[f, list.params.get(f) as string]] : [])));
  // The server's order: newest bookings first, or by pickup date within a pickup window.
  const window = Boolean(filters.pickup_from || filters.pickup_to);
  const {
    sort: activeSort,
    dir: activeDir,
    sortBy,
  } = sortOrder(list, window ? { sort: 'pickup_date', dir: 'asc' } : { sort: 'created_at', dir: 'desc' });
  const search = {
    ...filters,
    ...(list.q ? { q: list.q } : {}),
    ...(list.sort ? { sort: activeSort, dir: activeDir } : {}),
    page: String(list.page),
    per_page: String(perPage),
  };
  const query = useQuery(staffShipmentsQuery(search));
  const margins = canSeeMargin(user?.roles ?? []);
  const columns = margins ? COLUMNS.flatMap((c) => (c.key === 'total' ? [c, ...MARGIN_COLUMNS] : [c])) : COLUMNS;

  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.shipments')} />
      {filters.figure && (
        <Text size="sm" aria-live="polite">
          {t('admin.scorecards.behind', { figure: t(`admin.scorecards.figures.${filters.figure}`) })}
        </Text>
      )}
      <TextInput
        type="search"
        label={t('admin.shipments.search')}
        placeholder={t('admin.shipments.search_hint')}
        value={list.search}
        onChange={(e) => list.setSearch(e.currentTarget.value)}
        maxLength={64}
        w={360}
        maw="100%"
      />
      <ShipmentFilters list={list} />
      <Group gap="sm">
        <SavedViews list="shipments" />
        <ExportMenu
          path="/api/admin/shipments/export"
          query={{ ...search, page: undefined, per_page: undefined }}
          fileName="admin-shipments"
        />
      </Group>
      <ListTable
        list={list}
        query={query}
        minWidth={margins ? 1300 : 1100}
        caption={t('admin.shipments.caption')}
        head={
          <SortColumns
            columns={columns.map((c) => ({ ...c, label: t(`admin.shipments.columns.${c.key}`) }))}
            sort={activeSort}
            dir={activeDir}
            onSort={sortBy}
            sortTitle={(column) => t('admin.shipments.sort_by', { column })}
          />
        }
        row={(row: StaffShipmentRow) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              <StatusBadge status={row.status} actionRequired={row.action_required} size="sm" />
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={paths.admin.shipment(row.id)} fw={600} size="sm">
                {row.bol_number}
              </Anchor>
              {(row.pro_number || row.tracking_number) && (
                <Text size="xs" c="dimmed">
                  {row.pro_number ? t('admin.shipments.pro', { number: row.pro_number }) : row.tracking_number}
                </Text>
              )}
              {row.reference_number && (
                <Text size="xs" c="dimmed">
                  {t('admin.shipments.ref', { number: row.reference_number })}
                  <MoreReferences references={row.references} />
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={paths.admin.account(row.account.id)} size="sm">
                {row.account.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{row.carrier_name}</Text>
              <Text size="xs" c="dimmed">
                {t(`shipping_modes.${row.mode}`)}
              </Text>
            </Table.Td>
            <Table.Td title={routeTitle(row)}>
              <RouteLine origin={row.origin} destination={row.destination} size="sm" lineClamp={2} maw={PLACE_MAX_WIDTH} />
            </Table.Td>
            <Table.Td>{formatLocalDate(row.pickup_date, i18n.language)}</Table.Td>
            <Table.Td ta="right">{fmt.money(major(row.total_cents), row.currency)}</Table.Td>
            {margins && <MarginCells cost={row.cost_cents} margin={row.margin_cents} bp={row.margin_bp} currency={row.currency} />}
            <Table.Td>{fmt.date(row.created_at)}</Table.Td>
          </Table.Tr>
        )}
        total={(count, formatted) => t('admin.shipments.total', { count, formatted })}
        empty={<Text>{t('admin.shipments.empty')}</Text>}
        emptyFiltered={t('admin.shipments.empty_filtered')}
        clearLabel={t('admin.shipments.filters.clear')}
        filtered={!!list.q || Object.keys(filters).length > 0}
        clears={[...SHIPMENT_FILTERS]}
      />
    </Stack>
  );
}
