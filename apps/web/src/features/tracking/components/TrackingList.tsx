import type { ShipmentListItem } from '@freight/contracts';
import { DEFAULT_SETTINGS, SHIPMENT_STATUSES, type ShipmentStatus } from '@freight/domain';
import { Button, Card, Group, Pagination, SimpleGrid, Skeleton, Stack, Tabs, Text, TextInput, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListParams } from '../../../components/list/useListParams';
import { ReferenceList } from '../../../components/shipment/ReferenceList';
import { listShipments, SHIPMENTS_KEY } from '../../../components/tracking/api';
import { formatLocalDate } from '../../../components/tracking/localTime';
import { PaymentBadge, RouteLine, ShipmentsLoadError } from '../../../components/tracking/parts';
import { StatusBadge } from '../../../components/tracking/StatusBadge';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useFormat } from '../../../lib/useFormat';

const isStatus = (v: string | null): v is ShipmentStatus => !!v && (SHIPMENT_STATUSES as readonly string[]).includes(v);
const ALL = 'all';
/**
 * As many columns of cards as fit, each at least this wide: in rem, so enlarged text gets fewer,
 * wider cards (a BOL number is one long word), and never wider than the page on a phone.
 */
const CARD_MIN_WIDTH = 'min(100%, 18rem)';

/**
 * Tracking: the account's shipments as cards focused on movement, filtered
 * by status tabs (All, Pending, Dispatched, In-Transit, Delayed, Delivered, Canceled) kept in the
 * URL with the search and the page; a card opens the tracking detail.
 */
export function TrackingList() {
  const { t } = useTranslation();
  const mayQuote = useCan('quotes.run');
  const fmt = useFormat();
  const user = useAuthUser();
  const list = useListParams();
  const { page, q, search, setSearch, setPage } = list;
  const statusParam = list.params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;

  const query = useQuery({
    queryKey: [...SHIPMENTS_KEY, 'list', { page, perPage, q, status }],
    queryFn: () => listShipments({ page, per_page: perPage, q: q || undefined, status }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const lastPage = data?.meta.last_page;

  // A page past the end (an old link, or fewer shipments now) goes to the last page.
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && page > lastPage && !query.isPlaceholderData) setPage(lastPage, { replace: true });
  }, [lastPage, page, query.isPlaceholderData, setPage]);

  const retry = () => void query.refetch();

  return (
    <Stack gap="md">
      <Tabs value={status ?? ALL} onChange={(v) => list.update({ status: v && v !== ALL ? v : null, page: null })}>
        {/* The tabs wrap onto more rows when narrow or enlarged: a row scrolling sideways would hide some. */}
        <Tabs.List>
          <Tabs.Tab value={ALL}>{t('tracking.filter_all')}</Tabs.Tab>
          {SHIPMENT_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s} style={{ whiteSpace: 'nowrap' }}>
              {t(`tracking.status.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <TextInput
        type="search"
        label={t('tracking.search')}
        placeholder={t('tracking.search_hint')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={64}
        w={340}
        maw="100%"
      />

      {query.error && <ShipmentsLoadError onRetry={retry} retrying={query.isFetching} />}

      {query.isPending && !query.error && (
        <SimpleGrid minColWidth={CARD_MIN_WIDTH} role="progressbar" aria-busy="true" aria-label={t('tracking.loading')}>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={150} radius="md" />
          ))}
        </SimpleGrid>
      )}

      {data && data.data.length > 0 && (
        <SimpleGrid
          component="ul"
          minColWidth={CARD_MIN_WIDTH}
          aria-label={t('tracking.list_label')}
          style={{ listStyle: 'none', padding: 0, margin: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }}
        >
          {data.data.map((row) => (
            <li key={row.id}>
              <ShipmentCard row={row} />
            </li>
          ))}
        </SimpleGrid>
      )}

      {data && data.meta.total === 0 && (
        <Stack gap="sm" align="flex-start" py="md">
          {q || status ? (
            <>
              <Text>
                {status && !q ? t('tracking.empty_status', { status: t(`tracking.status.${status}`) }) : t('tracking.empty_filtered')}
              </Text>
              <Button variant="default" onClick={() => list.clearFilters('status')}>
                {t('tracking.show_all')}
              </Button>
            </>
          ) : (
            <>
              <Text>{t('tracking.empty')}</Text>
              {mayQuote && (
                <Button component={Link} to={paths.quoteShipment}>
                  {t('tracking.quote_ship')}
                </Button>
              )}
            </>
          )}
        </Stack>
      )}

      {data && data.meta.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {/* A capped count (big accounts) is a lower bound: '1,000+'. */}
            {t('tracking.total', {
              count: data.meta.total,
              formatted: `${fmt.number(data.meta.total)}${data.meta.total_capped ? '+' : ''}`,
            })}
          </Text>
          {data.meta.last_page > 1 && (
            <Pagination total={data.meta.last_page} value={Math.min(page, data.meta.last_page)} onChange={(p) => setPage(p)} />
          )}
        </Group>
      )}
    </Stack>
  );
}

/** One shipment: where it stands, where it goes, when it arrives; the link is named by all it shows. */
function ShipmentCard({ row }: { row: ShipmentListItem }) {
  const { t, i18n } = useTranslation();
  const date = (v: string | null) => formatLocalDate(v, i18n.language);
  // The list has no delivery time: a delivered or canceled shipment shows its status alone.
  const moving = row.status !== 'delivered' && row.status !== 'canceled';
  const arrival = moving
    ? row.estimated_delivery
      ? t('tracking.card.estimated', { date: date(row.estimated_delivery) })
      : t('tracking.card.not_estimated')
    : null;
  return (
    <UnstyledButton
      component={Link}
      to={paths.trackDetail(row.id)}
      style={{ display: 'block', height: '100%', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Card
        withBorder
        radius="md"
        padding="md"
        h="100%"
        style={{ borderColor: row.action_required ? 'var(--mantine-color-red-5)' : undefined }}
      >
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <StatusBadge status={row.status} actionRequired={row.action_required} size="sm" />
          <PaymentBadge state={row.payment_state} size="xs" />
        </Group>
        <RouteLine origin={row.origin} destination={row.destination} fw={600} size="md" mt="sm" />
        {arrival && (
          <Text size="sm" mt={4}>
            {arrival}
          </Text>
        )}
        <Text size="xs" c="dimmed" mt={4}>
          {t('tracking.card.pickup', { date: date(row.pickup_date) })} · {row.carrier_name}
        </Text>
        <Group gap="xs" mt="sm" c="dimmed" fz="xs">
          <Text size="xs" fw={600} c="dark">
            {t('tracking.card.bol', { number: row.bol_number })}
          </Text>
          {row.pro_number && <Text size="xs">{t('tracking.card.pro', { number: row.pro_number })}</Text>}
        </Group>
        <ReferenceList references={row.references} c="dimmed" mt={4} />
      </Card>
    </UnstyledButton>
  );
}
