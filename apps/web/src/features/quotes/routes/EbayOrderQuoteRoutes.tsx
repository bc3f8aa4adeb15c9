import type { EbayQuoteInput, QuoteRequestInput } from '@freight/contracts';
import { Alert, Anchor, Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { SetByRule, useEbayRuleOutcome } from '../../automation-rules';
import { getEbayOrder, getEbayQuoteInput, markEbayQuoted } from '../api/ebayOrderApi';
import { type EbayMode, EbayModeChoice } from '../components/ebay/EbayModeChoice';
import { QuoteWorkspace } from '../components/workspace/QuoteWorkspace';

/** The order a quote starts from: buyer, ship-to, items, and what the catalog could not match. */
function OrderSummary({ id, unmatched, verified }: { id: string; unmatched: EbayQuoteInput['unmatched']; verified?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const order = useQuery({ queryKey: ['ebay-order', id], queryFn: () => getEbayOrder(id) });
  const o = order.data;
  if (!o) return <QueryStatus query={order} />;
  const to = o.ship_to;
  return (
    <Paper withBorder p="sm" data-testid="ebay-order-summary">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Text fw={600}>{t('quotes.ebay.order', { number: o.ebay_order_id })}</Text>
          <Text size="sm" c="dimmed">
            {t('quotes.ebay.buyer', { buyer: o.buyer, date: f.date(o.ordered_at), total: f.money(o.total_cents / 100, o.currency) })}
          </Text>
          <Group gap="xs">
            <Text size="sm">
              {t('quotes.ebay.ship_to')}:{' '}
              {[to.name, to.line1, to.line2, `${to.city}, ${to.state} ${to.postal_code}`, to.country].filter(Boolean).join(' · ')}
            </Text>
            {verified !== undefined && (
              <Badge size="sm" variant="light" color={verified ? 'green' : 'yellow'} data-testid="ship-to-check">
                {t(verified ? 'quotes.ebay.verified' : 'quotes.ebay.unverified')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Anchor component={Link} to={paths.ebayOrders} size="sm">
          {t('quotes.ebay.back')}
        </Anchor>
      </Group>
      <List size="sm" mt="xs">
        {o.items.map((i) => (
          <List.Item key={i.line_item_id}>
            {i.quantity} × {i.title} {i.sku ? `(${i.sku})` : ''}
          </List.Item>
        ))}
      </List>
      {unmatched.length > 0 && (
        <Alert color="yellow" mt="sm" title={t('quotes.ebay.unmatched_title')} data-testid="ebay-unmatched">
          {t('quotes.ebay.unmatched_body')}
          <List size="sm" mt={4}>
            {unmatched.map((u) => (
              <List.Item key={`${u.sku}-${u.title}`}>
                {u.quantity} × {u.title} {u.sku ? `(SKU ${u.sku})` : ''}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Paper>
  );
}

/** Why an order that fits one mode only is quoted by it ('These items are too heavy for parcel: quoted as LTL'). */
function SingleModeNotice({ modes }: { modes: EbayQuoteInput['modes'] }) {
  const { t } = useTranslation();
  if (modes.ltl === modes.parcel) return null;
  const text = modes.ltl ? t(`quotes.ebay.modes.only_ltl.${modes.parcel_problem ?? 'dimensions'}`) : t('quotes.ebay.modes.only_parcel');
  return (
    <Alert color="blue" data-testid="ebay-single-mode">
      {text}
    </Alert>
  );
}

/**
 * /ebay-quote/:ebayId and /quote-ebay-shipment/:ebayId (titled quote, or quote and ship; both
 * book): the quote form filled from the order. Items that fit parcel and LTL are rated both ways
 * first and the seller chooses (the chosen mode is then rated and shown); items that fit one mode
 * go by it, and the page says why. A rated quote marks the order quoted and fills the booking
 * form with the buyer's address; booking that quote, at once or once an account admin approves
 * it, ships the orders and sends the tracking back to eBay.
 */
function EbayOrderQuote({ flow }: { flow: 'quote' | 'ship' }) {
  const { t } = useTranslation();
  const { ebayId = '' } = useParams();
  const [params] = useSearchParams();
  // More orders of the same buyer, shipped together with this one.
  const together = (params.get('with') ?? '').split(',').filter(Boolean);
  const orders = [ebayId, ...together];
  const queryClient = useQueryClient();
  const input = useQuery({ queryKey: ['ebay-order', ebayId, 'quote-input', together], queryFn: () => getEbayQuoteInput(ebayId, together) });
  const [chosen, setChosen] = useState<EbayMode | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ebay-order', ebayId] });
  const data = input.data;
  // Items still to complete by hand leave the choice to the form, which asks once they are complete.
  const asks = data ? data.modes.ltl && data.modes.parcel && data.unmatched.length === 0 : false;
  // The account's automation rules choose the mode first ("set by rule X"); the seller may choose the other.
  const rule = useEbayRuleOutcome(ebayId).data;
  const ruleMode = rule?.actions.mode === 'parcel' || rule?.actions.mode === 'ltl' ? rule.actions.mode : null;
  useEffect(() => {
    if (asks && ruleMode) setChosen((c) => c ?? ruleMode);
  }, [asks, ruleMode]);
  return (
    <>
      <PageHeader title={t(flow === 'ship' ? 'quotes.ebay.title_ship' : 'quotes.ebay.title_quote')} />
      {data ? (
        <Stack gap="md">
          {orders.map((id, i) => (
            <OrderSummary
              key={id}
              id={id}
              unmatched={i === 0 ? data.unmatched : []}
              verified={i === 0 ? data.ship_to_verified : undefined}
            />
          ))}
          {asks ? (
            <EbayModeChoice orderId={ebayId} together={together} chosen={chosen} onChoose={setChosen} />
          ) : (
            <SingleModeNotice modes={data.modes} />
          )}
          <SetByRule outcome={rule} />
          {(!asks || chosen) && (
            <QuoteWorkspace
              key={`${ebayId}-${chosen ?? ''}`}
              kind="ltl_parcel"
              clientRef={data.input.client_ref}
              prefill={
                {
                  ...data.input,
                  ...(chosen ? { mode: chosen } : {}),
                  ...(rule?.actions.accessorials?.length
                    ? { accessorials: [...new Set([...(data.input.accessorials ?? []), ...rule.actions.accessorials])] }
                    : {}),
                } as QuoteRequestInput
              }
              autoRate={chosen !== null}
              onRated={async (quote) => {
                const [marked] = await Promise.all(orders.map((id) => markEbayQuoted(id, quote.id)));
                void refresh();
                return marked;
              }}
              // The booking ships the orders of its quote (the server sends the tracking to eBay).
              onBooked={() => void refresh()}
            />
          )}
        </Stack>
      ) : (
        <QueryStatus query={input} />
      )}
    </>
  );
}

export const EbayQuoteRoute = () => <EbayOrderQuote flow="quote" />;
export const EbayShipmentRoute = () => <EbayOrderQuote flow="ship" />;
