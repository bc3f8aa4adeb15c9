import { SHIPMENT_SORTS, type ShipmentListItem, type ShipmentSort } from '@freight/contracts';
import { DEFAULT_SETTINGS, SHIPMENT_STATUSES, type ShipmentStatus } from '@freight/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Menu,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ExportMenu } from '../../../components/export/ExportMenu';
import { ListTable } from '../../../components/list/ListTable';
import { MineSwitch, useMineFilter } from '../../../components/list/MineSwitch';
import { PLACE_MAX_WIDTH, routeTitle } from '../../../components/list/PlaceText';
import { SortColumns } from '../../../components/list/SortColumns';
import { sortOrder, useListParams } from '../../../components/list/useListParams';
import { MoreReferences } from '../../../components/shipment/MoreReferences';
import { listShipments, SHIPMENTS_KEY } from '../../../components/tracking/api';
import { formatLocalDate } from '../../../components/tracking/localTime';
import { PaymentBadge, RouteLine, ShipmentsLoadError } from '../../../components/tracking/parts';
import { StatusBadge } from '../../../components/tracking/StatusBadge';
import { isCancelable, useShipmentDialogs } from '../../../components/tracking/useShipmentDialogs';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useFormat } from '../../../lib/useFormat';
import { DRILL_PARAMS, drillOf, listDrilledShipments } from '../api/drill';
import { DrillNotice } from './DrillNotice';

const isStatus = (v: string | null): v is ShipmentStatus => !!v && (SHIPMENT_STATUSES as readonly string[]).includes(v);

/** The server's order when the URL names none. */
const DEFAULT_SORT: ShipmentSort = 'created_at';

type Column = { key: string; sort?: ShipmentSort; ta?: 'right' };
const COLUMNS: Column[] = [
  { key: 'status', sort: 'status' },
  { key: 'numbers', sort: 'bol_number' },
  { key: 'carrier', sort: 'carrier' },
  { key: 'route' },
  { key: 'dates', sort: 'pickup_date' },
  { key: 'total', ta: 'right' },
  { key: 'booked', sort: 'created_at' },
];

/**
 * My Shipments (Shipment History): the account's shipments or the caller's own ('Mine'), each
 * naming who booked it, server-paginated, with search, a status filter and sortable columns kept
 * in the URL; a row opens the tracking detail, and its menu reships, return-ships or (before
 * pickup) cancels. Opened from an Analytics figure (`figure` in the URL), it lists the shipments
 * behind that figure, and says so.
 */
export function ShipmentHistory() {
  const { t } = useTranslation();
  const mayQuote = useCan('quotes.run');
  const fmt = useFormat();
  const navigate = useNavigate();
  const user = useAuthUser();
  const list = useListParams(SHIPMENT_SORTS);
  const { page, q, sort, dir, search, setSearch } = list;
  const statusParam = list.params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;
  const dialogs = useShipmentDialogs();
  const { mine, setMine, clearFilters } = useMineFilter(list);
  const drill = drillOf(list.params);

  const query = useQuery({
    queryKey: [...SHIPMENTS_KEY, 'list', { page, perPage, q, status, sort, dir, mine, drill }],
    queryFn: () => {
      const options = { page, per_page: perPage, q: q || undefined, status, sort, dir: sort ? dir : undefined, mine };
      return drill ? listDrilledShipments(drill, options) : listShipments(options);
    },
    placeholderData: keepPreviousData,
  });
  // Narrowed to the caller's own and nothing else: the way out is the whole account.
  const onlyMine = mine && !q && !status;

  // Without a sort in the URL the server lists the newest bookings first.
  const { sort: activeSort, dir: activeDir, sortBy } = sortOrder(list, { sort: DEFAULT_SORT, dir: 'desc' });

  const open = (row: ShipmentListItem) => void navigate(paths.trackDetail(row.id));

  return (
    <Stack gap="md">
      {drill && (
        <DrillNotice drill={drill} onClear={() => list.update({ ...Object.fromEntries(DRILL_PARAMS.map((p) => [p, null])), page: null })} />
      )}
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          type="search"
          label={t('shipments.search')}
          placeholder={t('shipments.search_hint')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={64}
          w={340}
          maw="100%"
        />
        <NativeSelect
          label={t('shipments.status')}
          value={status ?? ''}
          onChange={(e) => list.update({ status: e.currentTarget.value, page: null })}
          data={[
            { value: '', label: t('shipments.status_all') },
            ...SHIPMENT_STATUSES.map((s) => ({ value: s, label: t(`tracking.status.${s}`) })),
          ]}
          w={180}
        />
        <MineSwitch mineLabel={t('shipments.mine')} mine={mine} onChange={setMine} />
        <ExportMenu
          path={drill ? '/api/analytics/shipments/export' : '/api/shipments/export'}
          query={{ ...drill, q: q || undefined, status, sort, dir: sort ? dir : undefined, mine: mine ? 'true' : undefined }}
          fileName="shipments"
        />
      </Group>

      {query.error && !query.data ? (
        <ShipmentsLoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.isPending ? (
        <ListSkeleton />
      ) : (
        <>
          {query.error && <ShipmentsLoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />}
          <ListTable
            list={{ ...list, clearFilters }}
            query={{ data: query.data, isPending: false, error: null, isPlaceholderData: query.isPlaceholderData }}
            minWidth={980}
            caption={t('shipments.caption')}
            head={
              <>
                <SortColumns
                  columns={COLUMNS.map((c) => ({ ...c, label: t(`shipments.columns.${c.key}`) }))}
                  sort={activeSort}
                  dir={activeDir}
                  onSort={sortBy}
                  sortTitle={(column) => t('shipments.sort_by', { column })}
                />
                <Table.Th>
                  <VisuallyHidden>{t('shipments.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </>
            }
            row={(row) => (
              <ShipmentRow
                key={row.id}
                row={row}
                fmt={fmt}
                onOpen={() => open(row)}
                onReship={(kind) => dialogs.reship(row, kind)}
                onCancel={() => dialogs.cancel(row)}
              />
            )}
            total={(count, formatted) => t('shipments.total', { count, formatted })}
            empty={
              <>
                <Text>{t('shipments.empty')}</Text>
                {mayQuote && (
                  <Button component={Link} to={paths.quoteShipment}>
                    {t('shipments.quote_ship')}
                  </Button>
                )}
              </>
            }
            emptyFiltered={t(onlyMine ? 'shipments.empty_mine' : 'shipments.empty_filtered')}
            clearLabel={t(onlyMine ? 'list.show_whole_account' : 'shipments.clear_filters')}
            filtered={!!q || !!status || mine || !!drill}
            clears={['status', ...DRILL_PARAMS]}
          />
        </>
      )}
      {dialogs.dialogs}
    </Stack>
  );
}

/** Grey rows while the first page loads. */
function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="progressbar" aria-busy="true" aria-label={t('shipments.loading')}>
      <Skeleton height={36} />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} height={52} />
      ))}
    </Stack>
  );
}

/** Clicks and keys inside the actions menu do not open the row. */
const stop = (e: MouseEvent | KeyboardEvent) => e.stopPropagation();

function ShipmentRow({
  row,
  fmt,
  onOpen,
  onReship,
  onCancel,
}: {
  row: ShipmentListItem;
  fmt: ReturnType<typeof useFormat>;
  onOpen: () => void;
  onReship: (kind: 'reship' | 'return') => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const mayBook = useCan('shipments.book');
  const secondary = [
    row.pro_number && t('shipments.pro', { number: row.pro_number }),
    row.tracking_number && row.tracking_number !== row.pro_number && t('shipments.tracking', { number: row.tracking_number }),
  ].filter(Boolean);
  // The number never breaks; a long reference type (Spanish) wraps before it.
  const number = <span style={{ whiteSpace: 'nowrap' }}>{row.reference_number}</span>;
  const reference = row.reference_number ? (
    row.reference_type ? (
      <Trans i18nKey="shipments.reference" values={{ type: t(`shipment.reference_types.${row.reference_type}`) }} components={{ number }} />
    ) : (
      <Trans i18nKey="shipments.reference_plain" components={{ number }} />
    )
  ) : null;
  return (
    <Table.Tr onClick={onOpen} style={{ cursor: 'pointer' }}>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <StatusBadge status={row.status} actionRequired={row.action_required} size="sm" />
          <PaymentBadge state={row.payment_state} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={paths.trackDetail(row.id)} fw={600} size="sm" onClick={stop} style={{ whiteSpace: 'nowrap' }}>
          {t('shipments.bol', { number: row.bol_number })}
        </Anchor>
        {secondary.map((s) => (
          <Text key={s as string} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {s}
          </Text>
        ))}
        {reference && (
          <Text size="xs" c="dimmed">
            {reference}
            <MoreReferences references={row.references} />
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.carrier_name}</Text>
        <Text size="xs" c="dimmed">
          {t(`shipping_modes.${row.mode}`)}
        </Text>
      </Table.Td>
      <Table.Td title={routeTitle(row)}>
        <RouteLine origin={row.origin} destination={row.destination} lineClamp={2} maw={PLACE_MAX_WIDTH} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatLocalDate(row.pickup_date, i18n.language)}</Text>
        {/* A delivered or canceled shipment's estimate no longer says anything. */}
        {row.status !== 'delivered' && row.status !== 'canceled' && (
          <Text size="xs" c="dimmed">
            {row.estimated_delivery
              ? t('shipments.estimated', { date: formatLocalDate(row.estimated_delivery, i18n.language) })
              : t('shipments.not_estimated')}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {fmt.money(row.total_cents / 100, row.currency)}
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {fmt.date(row.created_at)}
        </Text>
        {row.booked_by && (
          <Text size="xs" c="dimmed">
            {t('shipments.booked_by', { name: row.booked_by.name })}
          </Text>
        )}
      </Table.Td>
      <Table.Td onClick={stop} onKeyDown={stop}>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('tracking_ui.actions.menu', { bol: row.bol_number })}>
              <span aria-hidden style={{ fontSize: 18, lineHeight: 1 }}>
                ⋯
              </span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={onOpen}>{t('tracking_ui.actions.view')}</Menu.Item>
            {mayBook && <Menu.Item onClick={() => onReship('reship')}>{t('tracking_ui.actions.reship')}</Menu.Item>}
            {mayBook && <Menu.Item onClick={() => onReship('return')}>{t('tracking_ui.actions.return')}</Menu.Item>}
            {mayBook && isCancelable(row) && (
              <Menu.Item color="red" onClick={onCancel}>
                {t('tracking_ui.actions.cancel')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}
