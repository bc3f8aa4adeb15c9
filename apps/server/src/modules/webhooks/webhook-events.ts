import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { WebhookEventType } from '../../db/schema';
import { documentKindsOf, documentsOf, isStampedLater } from '../../document-kinds';
import { type ShipmentFacts, webhookFactsRepository } from './webhook-facts.repository';
import { type Lane, webhooksRepository } from './webhooks.repository';

/** The durable job that delivers one lane's deliveries in order (webhook-delivery.ts). */
export const LANE_JOB = 'webhook.lane';

type EventCtx = Pick<AppContext, 'now' | 'jobs'>;

export const scheduleLane = (ctx: EventCtx, db: Db, { subscriptionId, orderingKey }: Lane, at: Date) =>
  ctx.jobs.schedule(LANE_JOB, `${subscriptionId}|${orderingKey}`, at, { subscriptionId, orderingKey } satisfies Lane, db);

/**
 * One event of an account. The ordering key names its lane: the events of one shipment (its
 * invoices included) reach each receiver in the order they happened.
 */
export interface WebhookEvent {
  type: WebhookEventType;
  orderingKey: string;
  shipmentId?: string | null;
  data: Record<string, unknown>;
}

/** An enabled subscription that hears an account, with the events it wants. */
export type WebhookSubscriber = { id: string; events: string[] };

/** How a change finds who hears an account (a batch's booking reads it once a second, not once a row). */
export type WebhookSubscriberReader = (accountId: string) => Promise<WebhookSubscriber[]>;

/**
 * The enabled subscriptions that hear an account: its own, and its active partners'. A promise of
 * the rows read once (the query builder itself would read again each time it is awaited).
 */
export const webhookSubscribersOf = async (db: Db, accountId: string): Promise<WebhookSubscriber[]> =>
  await webhooksRepository(db).subscribersOf(accountId);

/**
 * A reader that reads an account's subscribers at most once a second: a batch books a thousand
 * rows a few seconds apart for one account, and each read would be a statement. A subscription
 * made meanwhile hears the rows booked a second later; one switched off meanwhile gets nothing,
 * since its lane checks the subscription before each delivery.
 */
export function webhookSubscribersReadEachSecond(db: Db, now: () => Date): WebhookSubscriberReader {
  const read = new Map<string, { at: number; subscribers: Promise<WebhookSubscriber[]> }>();
  return (accountId) => {
    const at = now().getTime();
    const kept = read.get(accountId);
    if (kept && at - kept.at < 1000) return kept.subscribers;
    const subscribers = webhookSubscribersOf(db, accountId);
    read.set(accountId, { at, subscribers });
    // A failed read is not kept: the next booking reads again.
    subscribers.catch(() => read.delete(accountId));
    return subscribers;
  };
}

/**
 * Records events of an account for every enabled subscription that wants them (the account's own
 * and its partners'), as pending deliveries, and schedules their lanes: in the caller's
 * transaction, so an event exists exactly when the change it tells of is committed. An account
 * nobody listens to costs one indexed read. A caller may hand over the subscribers it read before
 * its transaction, so the transaction (which holds the embedded database) is a statement shorter.
 */
export async function emitWebhookEvents(
  tx: Db,
  ctx: EventCtx,
  accountId: string,
  events: WebhookEvent[],
  readBefore?: WebhookSubscriber[],
) {
  const repo = webhooksRepository(tx);
  const subscribers = readBefore ?? (await repo.subscribersOf(accountId));
  if (subscribers.length === 0) return;
  const now = ctx.now();
  const rows = events.flatMap((event) => {
    // The same id in every subscription's delivery and every replay: receivers de-duplicate on it.
    const eventId = `msg_${randomBytes(16).toString('hex')}`;
    const payload = { type: event.type, timestamp: now.toISOString(), data: event.data };
    return subscribers
      .filter((s) => s.events.includes(event.type))
      .map((s) => ({
        eventId,
        subscriptionId: s.id,
        accountId,
        shipmentId: event.shipmentId ?? null,
        orderingKey: event.orderingKey,
        eventType: event.type,
        payload,
        nextAttemptAt: now,
        createdAt: now,
      }));
  });
  const inserted = await repo.insertDeliveries(rows);
  const lanes = new Map(inserted.map((d) => [`${d.subscriptionId}|${d.orderingKey}`, d]));
  for (const d of lanes.values()) await scheduleLane(ctx, tx, d, now);
}

const shipmentLane = (shipmentId: string) => `shipment:${shipmentId}`;

/** The documented data of a shipment event: numbers and references, status and carrier, nothing of the people on it. */
export function shipmentEvent(type: WebhookEventType, s: ShipmentFacts, previousStatus: string | null): WebhookEvent {
  return {
    type,
    orderingKey: shipmentLane(s.id),
    shipmentId: s.id,
    data: {
      id: s.id,
      account_id: s.accountId,
      bol_number: s.bolNumber,
      pro_number: s.proNumber,
      references: s.references,
      status: s.status,
      previous_status: previousStatus,
      mode: s.mode,
      carrier_scac: s.scac,
      pickup_date: s.pickupDate,
    },
  };
}

/** A document of a shipment can be fetched: where, relative to the API's base URL. */
export function documentEvent(s: Pick<ShipmentFacts, 'id' | 'accountId' | 'bolNumber'>, kind: string): WebhookEvent {
  return {
    type: 'document.ready',
    orderingKey: shipmentLane(s.id),
    shipmentId: s.id,
    data: {
      shipment_id: s.id,
      account_id: s.accountId,
      bol_number: s.bolNumber,
      document: kind,
      path: `/api/v1/shipments/${s.id}/documents/${kind}`,
    },
  };
}

/**
 * The product's events, each a one-line call in the transaction that makes the change: booking
 * (shipments), a status change (tracking's recompute, the shipper's cancel), an invoice issued or
 * paid (invoices).
 */
export function webhookEvents(ctx: EventCtx) {
  return {
    /**
     * shipment.booked, then document.ready for each document the shipment has from the start. The
     * booking hands over the shipment it has just written: reading it again would cost a statement
     * per booking (a batch books a thousand). So does it the subscribers it read before its transaction.
     */
    async booked(tx: Db, s: ShipmentFacts, subscribers: WebhookSubscriber[]) {
      const documents = documentKindsOf(documentsOf(s))
        .filter((kind) => !isStampedLater(kind))
        .map((kind) => documentEvent(s, kind));
      await emitWebhookEvents(tx, ctx, s.accountId, [shipmentEvent('shipment.booked', s, null), ...documents], subscribers);
    },

    /** shipment.status_changed from `previousStatus` to the stored one, and shipment.delivered when that is Delivered. */
    async statusChanged(tx: Db, shipmentId: string, previousStatus: string) {
      const s = await webhookFactsRepository(tx).shipmentFacts(shipmentId);
      if (!s || s.status === previousStatus) return;
      const events = [shipmentEvent('shipment.status_changed', s, previousStatus)];
      if (s.status === 'delivered') events.push(shipmentEvent('shipment.delivered', s, previousStatus));
      await emitWebhookEvents(tx, ctx, s.accountId, events);
    },

    /** invoice.created or invoice.paid, in the lane of the invoice's shipment (after its delivery). */
    async invoice(tx: Db, type: 'invoice.created' | 'invoice.paid', invoiceId: string) {
      const i = await webhookFactsRepository(tx).invoice(invoiceId);
      if (!i) return;
      const event: WebhookEvent = {
        type,
        orderingKey: i.shipmentId ? shipmentLane(i.shipmentId) : `invoice:${i.id}`,
        shipmentId: i.shipmentId,
        data: {
          id: i.id,
          account_id: i.accountId,
          number: i.number,
          total_cents: i.totalCents,
          balance_cents: i.balanceCents,
          currency: i.currency,
          due_date: i.dueDate,
          shipment_id: i.shipmentId,
        },
      };
      await emitWebhookEvents(tx, ctx, i.accountId, [event]);
    },
  };
}
