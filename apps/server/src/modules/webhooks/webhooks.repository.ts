import { and, asc, desc, eq, inArray, isNull, like, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { purgeOldest } from '../../db/purge';
import { integrationPartners, partnerAccounts, webhookDeliveries, webhookSubscriptions } from '../../db/schema';

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type NewSubscription = typeof webhookSubscriptions.$inferInsert;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewDelivery = typeof webhookDeliveries.$inferInsert;

/** Whose subscriptions: an account's own, or a partner's (which hear every account granted to it). */
export type WebhookOwner = { accountId: string } | { partnerId: string };

const ownedBy = (owner: WebhookOwner) =>
  'accountId' in owner ? eq(webhookSubscriptions.accountId, owner.accountId) : eq(webhookSubscriptions.partnerId, owner.partnerId);

/** A lane: one subscription's deliveries of one ordering key (a shipment), delivered in id order. */
export interface Lane {
  subscriptionId: string;
  orderingKey: string;
}

const pending = eq(webhookDeliveries.status, 'pending');
const inLane = (lane: Lane) =>
  and(eq(webhookDeliveries.subscriptionId, lane.subscriptionId), eq(webhookDeliveries.orderingKey, lane.orderingKey), pending);

export function webhooksRepository(db: Db) {
  return {
    list: (owner: WebhookOwner) =>
      db
        .select()
        .from(webhookSubscriptions)
        .where(ownedBy(owner))
        .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id)),
    async count(owner: WebhookOwner) {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookSubscriptions).where(ownedBy(owner));
      return row?.n ?? 0;
    },
    async find(owner: WebhookOwner, id: string) {
      const [row] = await db
        .select()
        .from(webhookSubscriptions)
        .where(and(eq(webhookSubscriptions.id, id), ownedBy(owner)));
      return row;
    },
    async byId(id: string) {
      const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
      return row;
    },
    async insert(values: NewSubscription) {
      const [row] = await db.insert(webhookSubscriptions).values(values).returning();
      if (!row) throw new Error('webhook subscription insert returned no row');
      return row;
    },
    async update(id: string, values: Partial<NewSubscription>) {
      const [row] = await db.update(webhookSubscriptions).set(values).where(eq(webhookSubscriptions.id, id)).returning();
      return row;
    },
    async remove(id: string) {
      await db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
    },
    /** The enabled subscriptions pointing at `url` (the demo receiver accepts their signatures). */
    /** The enabled subscriptions posting to `url`, with or without a query string of their own. */
    enabledAt: (url: string) =>
      db
        .select()
        .from(webhookSubscriptions)
        .where(
          and(
            or(eq(webhookSubscriptions.url, url), like(webhookSubscriptions.url, `${escapeLike(url)}?%`)),
            eq(webhookSubscriptions.enabled, true),
          ),
        ),
    /** Gives subscriptions still holding `placeholder` for a secret (the demo seed's) their address and sealed secret, and switches them on. */
    async adopt(placeholder: string, url: string, secretEnc: string) {
      await db
        .update(webhookSubscriptions)
        .set({ url, secretEnc, enabled: true, disabledReason: null, disabledAt: null })
        .where(eq(webhookSubscriptions.secretEnc, placeholder));
    },
    /**
     * Switches a subscription off for failing when nothing reached it since `since` (the failed
     * delivery's event, 72 hours ago), once: answers the row when this call did it (and so mails).
     */
    async disableFailing(id: string, since: Date, at: Date) {
      const [row] = await db
        .update(webhookSubscriptions)
        .set({ enabled: false, disabledReason: 'failing', disabledAt: at })
        .where(
          and(
            eq(webhookSubscriptions.id, id),
            eq(webhookSubscriptions.enabled, true),
            or(isNull(webhookSubscriptions.lastSuccessAt), lt(webhookSubscriptions.lastSuccessAt, since)),
          ),
        )
        .returning();
      return row;
    },

    /**
     * The enabled subscriptions that hear an account: its own, and those of the active partners it
     * is granted to (the grant not switched off). Every booking and status change asks this, so it
     * is one statement on the two owner indexes.
     */
    subscribersOf: (accountId: string) =>
      db
        .select({ id: webhookSubscriptions.id, events: webhookSubscriptions.events })
        .from(webhookSubscriptions)
        .where(
          and(
            eq(webhookSubscriptions.enabled, true),
            or(
              eq(webhookSubscriptions.accountId, accountId),
              inArray(
                webhookSubscriptions.partnerId,
                db
                  .select({ id: partnerAccounts.partnerId })
                  .from(partnerAccounts)
                  .innerJoin(integrationPartners, eq(integrationPartners.id, partnerAccounts.partnerId))
                  .where(
                    and(
                      eq(partnerAccounts.accountId, accountId),
                      isNull(partnerAccounts.disabledAt),
                      eq(integrationPartners.status, 'active'),
                    ),
                  ),
              ),
            ),
          ),
        ),

    /** New deliveries, answering the lanes they are in (a booking writes them; its whole rows are not needed back). */
    async insertDeliveries(rows: NewDelivery[]) {
      if (rows.length === 0) return [];
      return db
        .insert(webhookDeliveries)
        .values(rows)
        .returning({ subscriptionId: webhookDeliveries.subscriptionId, orderingKey: webhookDeliveries.orderingKey });
    },
    async insertDelivery(row: NewDelivery) {
      const [inserted] = await db.insert(webhookDeliveries).values(row).returning();
      return inserted;
    },
    /** A subscription's deliveries, newest first. */
    deliveries: (subscriptionId: string, limit = 100) =>
      db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
        .orderBy(desc(webhookDeliveries.id))
        .limit(limit),
    async delivery(subscriptionId: string, id: number) {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.subscriptionId, subscriptionId)));
      return row;
    },

    /** The lane's first pending delivery: nothing behind it goes out before it is settled. */
    async laneHead(lane: Lane) {
      const [row] = await db.select().from(webhookDeliveries).where(inLane(lane)).orderBy(asc(webhookDeliveries.id)).limit(1);
      return row;
    },
    /**
     * Takes a due delivery for one attempt: its next_attempt_at moves to `leaseUntil`, so a second
     * runner of the same lane (a job re-scheduled while it ran) waits instead of sending it too.
     */
    async claim(id: number, now: Date, leaseUntil: Date) {
      const rows = await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: leaseUntil })
        .where(and(eq(webhookDeliveries.id, id), pending, lte(webhookDeliveries.nextAttemptAt, now)))
        .returning({ id: webhookDeliveries.id });
      return rows.length > 0;
    },
    async settle(id: number, values: Partial<NewDelivery>) {
      await db
        .update(webhookDeliveries)
        .set(values)
        .where(and(eq(webhookDeliveries.id, id), pending));
    },

    /** The lanes of a subscription with deliveries waiting (to start again when it is switched on). */
    pendingLanesOf: (subscriptionId: string) =>
      db
        .selectDistinct({ subscriptionId: webhookDeliveries.subscriptionId, orderingKey: webhookDeliveries.orderingKey })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), pending)),
    /**
     * Lanes of enabled subscriptions whose head was due before `before`: their job was lost (a
     * lane job that finished just as an event was added) or is late. Only heads count: the
     * deliveries behind a head that is backing off are not late, they wait for it.
     */
    overdueLanes(before: Date, limit: number) {
      const earlier = alias(webhookDeliveries, 'earlier');
      return db
        .selectDistinct({ subscriptionId: webhookDeliveries.subscriptionId, orderingKey: webhookDeliveries.orderingKey })
        .from(webhookDeliveries)
        .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
        .where(
          and(
            pending,
            lt(webhookDeliveries.nextAttemptAt, before),
            eq(webhookSubscriptions.enabled, true),
            notExists(
              db
                .select({ id: earlier.id })
                .from(earlier)
                .where(
                  and(
                    eq(earlier.subscriptionId, webhookDeliveries.subscriptionId),
                    eq(earlier.orderingKey, webhookDeliveries.orderingKey),
                    eq(earlier.status, 'pending'),
                    lt(earlier.id, webhookDeliveries.id),
                  ),
                ),
            ),
          ),
        )
        .limit(limit);
    },

    /**
     * Deliveries waiting to go out (pending, of an enabled subscription) and when the oldest of
     * them was made: the operators' view of the backlog (plugins/metrics.ts).
     */
    async backlog() {
      const [row] = await db
        .select({
          waiting: sql<number>`count(*)`.mapWith(Number),
          oldestAt: sql<Date | null>`min(${webhookDeliveries.createdAt})`.mapWith(webhookDeliveries.createdAt),
        })
        .from(webhookDeliveries)
        .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
        .where(and(pending, eq(webhookSubscriptions.enabled, true)));
      return { waiting: row?.waiting ?? 0, oldestAt: row?.oldestAt ?? null };
    },

    /** Deliveries done with (delivered or given up) for longer than their keeping time go; pending ones stay. */
    purgeFinishedBefore(before: Date) {
      return purgeOldest(db, webhookDeliveries, webhookDeliveries.id, lt(webhookDeliveries.createdAt, before), pending);
    },
  };
}

export type WebhooksRepository = ReturnType<typeof webhooksRepository>;
