import { EBAY_ORDER_STATUSES, type EbayOrderView, type RuleOutcomeView } from '@freight/contracts';
import { Anchor, Badge, Button, Checkbox, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PlaceText } from '../../../components/list/PlaceText';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { QueryStatus } from '../../../components/QueryStatus';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useFormat } from '../../../lib/useFormat';
import { rulesApi, SetByRule } from '../../automation-rules';
import { EBAY_KEY, ordersQuery, retryFulfillment } from '../api/ebayApi';
import { ebayProblem } from '../problem';
import { BatchOfOrdersDialog } from './BatchOfOrdersDialog';

const STATUS_COLOR = { awaiting: 'blue', quoted: 'violet', shipped: 'green', canceled: 'gray' } as const;
const PER_PAGE = 25;

function Shipped({ order }: { order: EbayOrderView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryFulfillment(order.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EBAY_KEY }),
  });
  const mayShip = useCan('ebay.ship');
  if (!order.shipment) return null;
  return (
    <Stack gap={2}>
      <Anchor component={Link} to={paths.trackDetail(order.shipment.id)} size="sm">
        {order.shipment.tracking_number ?? order.shipment.bol_number}
      </Anchor>
      {order.fulfilled_at ? (
        <Text size="xs" c="green">
          {t('ebay.orders.sent_to_ebay')}
        </Text>
      ) : order.fulfillment_error ? (
        <Group gap={4}>
          <Text size="xs" c="red">
            {t('ebay.orders.send_failed', { reason: ebayProblem(t, order.fulfillment_error) })}
          </Text>
          {mayShip && (
            <Button size="compact-xs" variant="light" onClick={() => retry.mutate()} loading={retry.isPending}>
              {t('ebay.orders.retry')}
            </Button>
          )}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {t('ebay.orders.sending')}
        </Text>
      )}
    </Stack>
  );
}

/** The synced orders: to ship by default; search, a status filter and paging, all in the URL. */
export function OrdersTable() {
  const { t } = useTranslation();
  const f = useFormat();
  const mayShip = useCan('ebay.ship');
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(q, 300);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) v ? next.set(k, v) : next.delete(k);
    if (!('page' in changes)) next.delete('page');
    next.delete('connect');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed search moves the URL
  useEffect(() => {
    if ((params.get('q') ?? '') !== debounced) set({ q: debounced || null });
  }, [debounced]);
  const search: Record<string, string> = { per_page: String(PER_PAGE) };
  for (const k of ['q', 'status', 'page']) {
    const v = params.get(k);
    if (v) search[k] = v;
  }
  // While a tracking number is on its way to eBay, the list looks again every few seconds.
  const orders = useQuery({
    ...ordersQuery(search),
    refetchInterval: (q) => (q.state.data?.data.some((o) => o.shipment && !o.fulfilled_at && !o.fulfillment_error) ? 3000 : false),
  });
  const rows = orders.data?.data ?? [];
  const navigate = useNavigate();
  // Orders picked: shipped together when they are one buyer's to one address, or booked as a batch, one shipment each.
  const [picked, setPicked] = useState<EbayOrderView[]>([]);
  const [batching, setBatching] = useState(false);
  const sameTrip = (a: EbayOrderView, b: EbayOrderView) =>
    a.buyer === b.buyer && a.ship_to.postal_code === b.ship_to.postal_code && a.ship_to.line1 === b.ship_to.line1;
  const oneTrip = picked.every((o) => sameTrip(picked[0]!, o));
  const toggle = (o: EbayOrderView) =>
    setPicked((all) => (all.some((p) => p.id === o.id) ? all.filter((p) => p.id !== o.id) : [...all, o]));
  // The automation rules applied to the picked orders: each shows what they set, and its quote page starts from it.
  const [ruled, setRuled] = useState<Record<string, RuleOutcomeView>>({});
  const applyRules = useMutation({
    mutationFn: () => rulesApi.ebayOrders(picked.map((p) => p.id)),
    onSuccess: (found) => setRuled((all) => ({ ...all, ...Object.fromEntries(found.map((r) => [r.order_id, r.outcome])) })),
  });
  const noRule = applyRules.data?.every((r) => Object.keys(r.outcome.sources).length === 0) ?? false;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <TextInput
          size="sm"
          type="search"
          label={t('ebay.orders.search_label')}
          placeholder={t('ebay.orders.search')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          w={300}
          maw="100%"
        />
        <Select
          size="sm"
          label={t('ebay.orders.status')}
          placeholder={t('ebay.orders.to_ship')}
          data={EBAY_ORDER_STATUSES.map((s) => ({ value: s, label: t(`ebay.orders.statuses.${s}`) }))}
          value={params.get('status')}
          onChange={(v) => set({ status: v })}
          clearable
          w={200}
        />
        {picked.length > 0 && (
          <Button size="sm" variant="light" loading={applyRules.isPending} onClick={() => applyRules.mutate()}>
            {t('rules.apply')}
          </Button>
        )}
        {noRule && (
          <Text size="sm" role="status">
            {t('rules.apply_none')}
          </Text>
        )}
        {picked.length > 0 && (
          <Button size="sm" variant="light" onClick={() => setBatching(true)}>
            {t('ebay.batch.open', { count: picked.length })}
          </Button>
        )}
        {picked.length > 1 && oneTrip && (
          <Button
            size="sm"
            onClick={() =>
              navigate(
                `/quote-ebay-shipment/${picked[0]!.id}?with=${picked
                  .slice(1)
                  .map((p) => p.id)
                  .join(',')}`,
              )
            }
          >
            {t('ebay.orders.ship_together', { count: picked.length })}
          </Button>
        )}
      </Group>
      {orders.data ? (
        rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('ebay.orders.none')}
          </Text>
        ) : (
          <ResponsiveTable minWidth={900}>
            <Table striped verticalSpacing="xs" aria-label={t('ebay.orders.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th aria-label={t('ebay.orders.columns.pick')} />
                  {['order', 'date', 'buyer', 'ship_to', 'items', 'total', 'status', 'actions'].map((c) => (
                    <Table.Th key={c} ta={c === 'total' ? 'right' : undefined}>
                      {t(`ebay.orders.columns.${c}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((o) => (
                  <Table.Tr key={o.id} data-testid="ebay-order-row">
                    <Table.Td>
                      {mayShip && (o.status === 'awaiting' || o.status === 'quoted') && (
                        <Checkbox
                          aria-label={t('ebay.orders.pick', { number: o.ebay_order_id })}
                          checked={picked.some((p) => p.id === o.id)}
                          onChange={() => toggle(o)}
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {o.ebay_order_id}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {o.store.ebay_user}
                      </Text>
                    </Table.Td>
                    <Table.Td>{f.date(o.ordered_at)}</Table.Td>
                    <Table.Td>{o.buyer}</Table.Td>
                    <Table.Td>
                      <PlaceText>{`${o.ship_to.city}, ${o.ship_to.state} · ${o.ship_to.country}`}</PlaceText>
                    </Table.Td>
                    <Table.Td>
                      {o.items.map((i) => (
                        <Text size="sm" key={i.line_item_id}>
                          {i.quantity} × {i.title}{' '}
                          <Text span size="xs" c="dimmed">
                            {i.sku}
                          </Text>
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td ta="right">{f.money(o.total_cents / 100, o.currency)}</Table.Td>
                    <Table.Td miw={170}>
                      <Badge variant="light" color={STATUS_COLOR[o.status]}>
                        {t(`ebay.orders.statuses.${o.status}`)}
                      </Badge>
                      <SetByRule outcome={ruled[o.id]} compact />
                    </Table.Td>
                    <Table.Td>
                      {o.status === 'shipped' ? (
                        <Shipped order={o} />
                      ) : o.status === 'canceled' || !mayShip ? null : (
                        <Group gap={6} wrap="nowrap">
                          <Button size="compact-sm" variant="light" component={Link} to={`/ebay-quote/${o.id}`}>
                            {t('ebay.orders.quote')}
                          </Button>
                          <Button size="compact-sm" component={Link} to={`/quote-ebay-shipment/${o.id}`}>
                            {t('ebay.orders.ship')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ResponsiveTable>
        )
      ) : (
        <QueryStatus query={orders} />
      )}
      {batching && <BatchOfOrdersDialog orderIds={picked.map((p) => p.id)} opened onClose={() => setBatching(false)} />}
      {(orders.data?.meta.last_page ?? 1) > 1 && (
        <Pagination
          size="sm"
          total={orders.data?.meta.last_page ?? 1}
          value={Number(params.get('page') ?? 1)}
          onChange={(p) => set({ page: String(p) })}
        />
      )}
    </Stack>
  );
}
