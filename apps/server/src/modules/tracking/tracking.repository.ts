import { PGlite } from '@electric-sql/pglite';
import type { ShipmentStatus } from '@freight/domain';
import { and, asc, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client';
import { apiIncidents, carriers, shipmentEvents, shipments, stillMoving, userSettings, users } from '../../db/schema';
import { retryAfterSeconds } from '../../security/throttle';

export type ShipmentRow = typeof shipments.$inferSelect;
export type EventRow = typeof shipmentEvents.$inferSelect;
export type NewEventRow = typeof shipmentEvents.$inferInsert;

/** What the status-change mail needs of a shipment. */
export interface NotifyFacts {
  id: string;
  bolNumber: string;
  proNumber: string | null;
  trackingNumber: string | null;
  carrierName: string;
  originCity: string;
  originState: string;
  destinationCity: string;
  destinationState: string;
  delivery: unknown;
  notifyConsignee: boolean;
  userId: string;
}

interface PublicLookupRow {
  misses: number | string;
  misses_reset_ms: number | string | null;
  bol_number: string | null;
  pro_number: string | null;
  tracking_number: string | null;
  status: string | null;
  mode: string | null;
  carrier_name: string | null;
  pickup_date: string | null;
  estimated_delivery: string | null;
  delivered_ms: number | string | null;
  origin_city: string | null;
  origin_state: string | null;
  origin_country: string | null;
  destination_city: string | null;
  destination_state: string | null;
  destination_country: string | null;
  events: PublicEventJson[] | string | null;
}

/**
 * The public lookup, one read-only statement: $1 the address's unknown-number counter key, $2 now,
 * $3 the number as typed, $4 the same compacted. The counter follows security/throttle.ts's
 * fixed-window rule.
 */
const PUBLIC_LOOKUP_SQL = `
with miss as (
  select hits, reset_at from throttles where key = $1 and reset_at > $2::timestamptz
), found as (
  select s.bol_number, s.pro_number, s.tracking_number, s.status, s.mode, s.carrier_name,
    s.pickup_date::text as pickup_date, s.estimated_delivery::text as estimated_delivery,
    (extract(epoch from s.delivered_at) * 1000)::float8 as delivered_ms,
    s.origin_city, s.origin_state, s.origin_country, s.destination_city, s.destination_state, s.destination_country,
    coalesce((
      select json_agg(json_build_object(
        'status', e.status, 'status_code', e.status_code, 'description', e.description, 'city', e.city,
        'state', e.state, 'occurred_at', e.occurred_at, 'utc_offset_minutes', e.utc_offset_minutes
      ) order by e.occurred_at desc, e.received_at desc)
      from shipment_events e where e.shipment_id = s.id
    ), '[]'::json) as events
  from shipments s
  where s.id = (
    select c.id from (
      (select id, 0 as rank, created_at from shipments where bol_number in ($3, $4))
      union all (select id, 1, created_at from shipments where pro_number in ($3, $4))
      union all (select id, 1, created_at from shipments where tracking_number in ($3, $4))
    ) as c
    order by c.rank, c.created_at desc
    limit 1
  )
)
select coalesce(miss.hits, 0) as misses, (extract(epoch from miss.reset_at) * 1000)::float8 as misses_reset_ms, found.*
from (select 1) as one left join miss on true left join found on true`;

/** One event of the public lookup's json_agg (occurred_at as PostgreSQL writes a timestamptz in JSON). */
export interface PublicEventJson {
  status: ShipmentStatus;
  status_code: string;
  description: string;
  city: string;
  state: string;
  occurred_at: string;
  utc_offset_minutes: number;
}

export function trackingRepository(db: Db) {
  const client = (db as unknown as { $client?: unknown }).$client;
  /**
   * The public lookup's statement, prepared by name on PostgreSQL (parsed and planned once per
   * connection: planning was most of its database time); PGlite runs it as is.
   */
  async function publicLookupRows(values: unknown[]): Promise<PublicLookupRow[]> {
    if (client instanceof pg.Pool)
      return (await client.query<PublicLookupRow>({ name: 'public_tracking_lookup', text: PUBLIC_LOOKUP_SQL, values })).rows;
    if (client instanceof PGlite) return (await client.query<PublicLookupRow>(PUBLIC_LOOKUP_SQL, values)).rows;
    throw new Error('public lookup: unknown database client');
  }

  return {
    /**
     * The public page's lookup in one round trip, reading only: the address's unknown-number
     * window (a row of `throttles`) and the shipment by BOL, PRO or tracking number (three index
     * probes, one per column: a third of the database time of one bitmap scan OR'ing them) with
     * its events (json_agg from the timeline index, which carries every field it shows). `typed` is the number as typed (trimmed), `compact` the same without
     * spaces and dashes, upper-cased; a BOL match wins over a PRO or tracking number that happens
     * to be the same, then the newest shipment.
     */
    async publicLookup(q: { typed: string; compact: string; missKey: string; now: Date }) {
      const [row] = await publicLookupRows([q.missKey, q.now.toISOString(), q.typed, q.compact]);
      if (!row) throw new Error('public lookup: no row');
      const retryAfter = (ms: unknown) => retryAfterSeconds(Number(ms), q.now.getTime());
      const shipment = row.bol_number
        ? {
            bolNumber: row.bol_number,
            proNumber: row.pro_number,
            trackingNumber: row.tracking_number,
            status: row.status as ShipmentStatus,
            mode: row.mode as ShipmentRow['mode'],
            carrierName: row.carrier_name as string,
            pickupDate: row.pickup_date as string,
            estimatedDelivery: row.estimated_delivery,
            deliveredAt: row.delivered_ms === null ? null : new Date(Number(row.delivered_ms)),
            originCity: row.origin_city as string,
            originState: row.origin_state as string,
            originCountry: row.origin_country as string,
            destinationCity: row.destination_city as string,
            destinationState: row.destination_state as string,
            destinationCountry: row.destination_country as string,
            // node-postgres and PGlite hand json back parsed; a string would be a driver that does not.
            events: (typeof row.events === 'string' ? JSON.parse(row.events) : row.events) as PublicEventJson[],
          }
        : undefined;
      return {
        misses: { hits: Number(row.misses), retryAfterSeconds: row.misses_reset_ms === null ? 0 : retryAfter(row.misses_reset_ms) },
        shipment,
      };
    },

    /** The carriers of a SCAC that accept signed events (one per mode at most). */
    async carriersWithSecret(scac: string) {
      return db
        .select({ id: carriers.id, secret: carriers.trackingSecret })
        .from(carriers)
        .where(and(eq(carriers.scac, scac), isNotNull(carriers.trackingSecret)));
    },

    /** The shipments of these carriers that carry any of the BOL or PRO numbers (one statement for a batch). */
    async shipmentsByNumbers(scac: string, carrierIds: string[], bols: string[], pros: string[]) {
      if (!carrierIds.length || (!bols.length && !pros.length)) return [];
      const numbers = [];
      if (bols.length) numbers.push(inArray(shipments.bolNumber, bols));
      if (pros.length) numbers.push(inArray(shipments.proNumber, pros));
      return db
        .select({ id: shipments.id, bolNumber: shipments.bolNumber, proNumber: shipments.proNumber })
        .from(shipments)
        .where(and(eq(shipments.scac, scac), inArray(shipments.carrierId, carrierIds), or(...numbers)));
    },

    /** Stores new events; one already there (same shipment and dedupe key) is skipped. Answers the stored ones. */
    async insertEvents(rows: NewEventRow[]) {
      if (!rows.length) return [];
      return db
        .insert(shipmentEvents)
        .values(rows)
        .onConflictDoNothing({ target: [shipmentEvents.shipmentId, shipmentEvents.dedupeKey] })
        .returning({ shipmentId: shipmentEvents.shipmentId, dedupeKey: shipmentEvents.dedupeKey });
    },

    /** The shipment locked for a status recompute (pass a transaction), with what the mail needs. */
    async lockShipment(tx: Db, id: string) {
      const [row] = await tx
        .select({
          status: shipments.status,
          actionRequired: shipments.actionRequired,
          deliveredAt: shipments.deliveredAt,
          canceledAt: shipments.canceledAt,
          facts: {
            id: shipments.id,
            bolNumber: shipments.bolNumber,
            proNumber: shipments.proNumber,
            trackingNumber: shipments.trackingNumber,
            carrierName: shipments.carrierName,
            originCity: shipments.originCity,
            originState: shipments.originState,
            destinationCity: shipments.destinationCity,
            destinationState: shipments.destinationState,
            delivery: shipments.delivery,
            notifyConsignee: shipments.notifyConsignee,
            userId: shipments.userId,
          },
        })
        .from(shipments)
        .where(eq(shipments.id, id))
        .for('update');
      return row;
    },

    async eventsOf(tx: Db, shipmentId: string) {
      return tx
        .select()
        .from(shipmentEvents)
        .where(eq(shipmentEvents.shipmentId, shipmentId))
        .orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.receivedAt), asc(shipmentEvents.id));
    },

    async updateStatus(
      tx: Db,
      id: string,
      set: { status: ShipmentStatus; actionRequired: boolean; deliveredAt: Date | null; canceledAt: Date | null; updatedAt: Date },
    ) {
      await tx.update(shipments).set(set).where(eq(shipments.id, id));
    },

    /** The booking user with the settings the mail needs. */
    async recipient(userId: string) {
      const [row] = await db
        .select({
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          language: userSettings.language,
          subscriptions: userSettings.subscriptions,
        })
        .from(users)
        .innerJoin(userSettings, eq(userSettings.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    /**
     * Shipments a polling carrier should be asked about: moving (status not final), not waiting
     * for or lapsed in payment, and not asked since `staleBefore`; the longest-unasked first.
     */
    /** Moving shipments of these carriers not asked since `staleBefore`, least recently asked first (the partial index shipments_poll_idx). */
    async dueForPolling(carrierIds: string[], staleBefore: Date, limit: number) {
      if (!carrierIds.length) return [];
      return db
        .select()
        .from(shipments)
        .where(
          and(
            inArray(shipments.carrierId, carrierIds),
            stillMoving,
            notInArray(shipments.paymentState, ['awaiting', 'expired']),
            or(isNull(shipments.trackedAt), lt(shipments.trackedAt, staleBefore)),
          ),
        )
        .orderBy(sql`${shipments.trackedAt} asc nulls first`, asc(shipments.createdAt))
        .limit(limit);
    },

    async markTracked(ids: string[], at: Date) {
      if (!ids.length) return;
      await db.update(shipments).set({ trackedAt: at }).where(inArray(shipments.id, ids));
    },

    async recordIncident(incident: { carrierId: string; operation: string; request: unknown; error: string; at: Date }) {
      await db.insert(apiIncidents).values({
        carrierId: incident.carrierId,
        operation: incident.operation,
        request: incident.request,
        error: incident.error.slice(0, 2000),
        createdAt: incident.at,
      });
    },

    /** Every carrier, active or not: a carrier taken off quoting still carries what it was booked for. */
    async allCarriers() {
      return db.select().from(carriers);
    },
  };
}
