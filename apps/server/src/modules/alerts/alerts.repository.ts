import { ALERTS_PAGE_SIZE, type AlertKind } from '@freight/contracts';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, alertInbox, alertPreferences, alerts, shipmentEvents, shipments } from '../../db/schema';

const shipmentColumns = {
  id: shipments.id,
  bolNumber: shipments.bolNumber,
  proNumber: shipments.proNumber,
  carrierName: shipments.carrierName,
  status: shipments.status,
  originCity: shipments.originCity,
  originState: shipments.originState,
  destinationCity: shipments.destinationCity,
  destinationState: shipments.destinationState,
};

const alertColumns = {
  id: alerts.id,
  kind: alerts.kind,
  raisedAt: alerts.raisedAt,
  closedAt: alerts.closedAt,
  acknowledgedAt: alerts.acknowledgedAt,
  details: alerts.details,
};

export type AlertShipmentRow = {
  id: string;
  bolNumber: string;
  proNumber: string | null;
  carrierName: string;
  status: (typeof shipments.$inferSelect)['status'];
  originCity: string;
  originState: string;
  destinationCity: string;
  destinationState: string;
};

/** Alerts, their portal inbox and preferences; pass a transaction as `db` to take part in it. */
export function alertsRepository(db: Db) {
  return {
    /**
     * A page of the account's alerts, newest first (one more than a page, to tell `has_more`), with
     * whether `userId` has each unread in their portal.
     */
    list(accountId: string, userId: string, openOnly: boolean, page: number) {
      return db
        .select({
          alert: alertColumns,
          shipment: shipmentColumns,
          unread: sql<boolean>`(${alertInbox.userId} is not null and ${alertInbox.readAt} is null)`,
        })
        .from(alerts)
        .innerJoin(shipments, eq(shipments.id, alerts.shipmentId))
        .leftJoin(alertInbox, and(eq(alertInbox.alertId, alerts.id), eq(alertInbox.userId, userId)))
        .where(and(eq(alerts.accountId, accountId), openOnly ? isNull(alerts.closedAt) : undefined))
        .orderBy(desc(alerts.raisedAt), desc(alerts.id))
        .limit(ALERTS_PAGE_SIZE + 1)
        .offset((page - 1) * ALERTS_PAGE_SIZE);
    },

    /** The user's unread alerts in their portal (of their own account's: an inbox row is only ever written for it). */
    async unreadCount(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(alertInbox)
        .where(and(eq(alertInbox.userId, userId), isNull(alertInbox.readAt)));
      return row?.n ?? 0;
    },

    /** The account's alert (undefined for another account's). */
    async ofAccount(accountId: string, id: string) {
      const [row] = await db
        .select({ id: alerts.id })
        .from(alerts)
        .where(and(eq(alerts.id, id), eq(alerts.accountId, accountId)));
      return row;
    },

    async markRead(alertId: string, userId: string, at: Date) {
      await db
        .update(alertInbox)
        .set({ readAt: at })
        .where(and(eq(alertInbox.alertId, alertId), eq(alertInbox.userId, userId), isNull(alertInbox.readAt)));
    },

    async markAllRead(userId: string, at: Date) {
      await db
        .update(alertInbox)
        .set({ readAt: at })
        .where(and(eq(alertInbox.userId, userId), isNull(alertInbox.readAt)));
    },

    /** The user's own choices; kinds without a row take the defaults. */
    preferences: (userId: string) => db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId)),

    /** The choices of several users for one kind. */
    preferencesFor: (userIds: string[], kind: AlertKind) =>
      userIds.length
        ? db
            .select()
            .from(alertPreferences)
            .where(and(inArray(alertPreferences.userId, userIds), eq(alertPreferences.kind, kind)))
        : Promise.resolve([]),

    async savePreferences(userId: string, rows: { kind: AlertKind; portal: boolean; mail: boolean; sms: boolean }[], at: Date) {
      if (!rows.length) return;
      await db
        .insert(alertPreferences)
        .values(rows.map((r) => ({ ...r, userId, updatedAt: at })))
        .onConflictDoUpdate({
          target: [alertPreferences.userId, alertPreferences.kind],
          set: {
            portal: sql`excluded.portal`,
            mail: sql`excluded.mail`,
            sms: sql`excluded.sms`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },

    /** Alerts raised and not yet told to anyone, oldest first. */
    unnotified: (limit: number) =>
      db
        .select({ alert: alerts, shipment: shipmentColumns, bookerId: shipments.userId })
        .from(alerts)
        .innerJoin(shipments, eq(shipments.id, alerts.shipmentId))
        .where(isNull(alerts.notifiedAt))
        .orderBy(asc(alerts.raisedAt), asc(alerts.id))
        .limit(limit),

    async markNotified(id: string, at: Date) {
      await db.update(alerts).set({ notifiedAt: at }).where(eq(alerts.id, id));
    },

    async addToInbox(alertId: string, userIds: string[]) {
      if (!userIds.length) return;
      await db
        .insert(alertInbox)
        .values(userIds.map((userId) => ({ alertId, userId })))
        .onConflictDoNothing();
    },

    /**
     * A page of the staff queue: open alerts nobody acknowledged, of every account, oldest first,
     * with the account, the shipment and its last event (one index probe each).
     */
    async queue(kind: AlertKind | undefined, page: number) {
      const result = await db
        .select({
          alert: alertColumns,
          accountId: alerts.accountId,
          accountName: accounts.name,
          shipment: shipmentColumns,
          lastEvent: sql<{
            status_code: string;
            description: string;
            city: string;
            state: string;
            occurred_at: string;
          } | null>`(select json_build_object('status_code', e.status_code, 'description', e.description, 'city', e.city,
              'state', e.state, 'occurred_at', to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
            from ${shipmentEvents} e where e.shipment_id = ${alerts.shipmentId} order by e.occurred_at desc limit 1)`,
        })
        .from(alerts)
        .innerJoin(accounts, eq(accounts.id, alerts.accountId))
        .innerJoin(shipments, eq(shipments.id, alerts.shipmentId))
        .where(and(isNull(alerts.closedAt), isNull(alerts.acknowledgedAt), kind ? eq(alerts.kind, kind) : undefined))
        .orderBy(asc(alerts.raisedAt), asc(alerts.id))
        .limit(ALERTS_PAGE_SIZE + 1)
        .offset((page - 1) * ALERTS_PAGE_SIZE);
      return result;
    },

    /** Open, unacknowledged alerts per kind. */
    queueCounts: () =>
      db
        .select({ kind: alerts.kind, n: count() })
        .from(alerts)
        .where(and(isNull(alerts.closedAt), isNull(alerts.acknowledgedAt)))
        .groupBy(alerts.kind),

    /** Acknowledges those of `ids` still waiting in the queue; answers them with what the audit names. */
    acknowledge: (ids: string[], by: string, at: Date) =>
      db
        .update(alerts)
        .set({ acknowledgedAt: at, acknowledgedBy: by })
        .from(shipments)
        .where(and(inArray(alerts.id, ids), isNull(alerts.acknowledgedAt), isNull(alerts.closedAt), eq(shipments.id, alerts.shipmentId)))
        .returning({ id: alerts.id, kind: alerts.kind, accountId: alerts.accountId, bolNumber: shipments.bolNumber }),

    /** What the evaluation of one shipment reads besides the rules: its promise and where it goes. */
    async shipmentForWindow(id: string) {
      const [row] = await db
        .select({
          id: shipments.id,
          accountId: shipments.accountId,
          carrierId: shipments.carrierId,
          status: shipments.status,
          originCountry: shipments.originCountry,
          originState: shipments.originState,
          destinationCountry: shipments.destinationCountry,
          destinationState: shipments.destinationState,
          transitDays: shipments.transitDays,
          pickupDate: shipments.pickupDate,
          promisedOn: shipments.shownEstimatedDelivery,
        })
        .from(shipments)
        .where(eq(shipments.id, id));
      return row;
    },
  };
}
