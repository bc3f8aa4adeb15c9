import { PGlite } from '@electric-sql/pglite';
import type { ShipmentStatus } from '@freight/domain';
import DataLoader from 'dataloader';
import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client';
import { carriers, shipmentEvents, shipments, stillMoving } from '../../db/schema';
import { retryAfterSeconds } from '../../security/throttle';
import { carrierFailure, recordIncident } from '../incidents/incidents.service';

export type ShipmentRow = typeof shipments.$inferSelect;
export type CarrierRow = typeof carriers.$inferSelect;
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
  accountId: string;
  /** The booker. */
  userId: string;
}

interface PublicLookupRow {
  n: number | string;
  misses: number | string;
  misses_reset_ms: number | string | null;
  /** The public view (PublicTrackingView) as JSON text, or null for an unknown number. */
  view: string | null;
  /** What the shipment's delivery window is looked up by, as JSON text (not for the reader). */
  window_of: string | null;
}

/** One public lookup: the number as typed (trimmed), the same compacted, the address's unknown-number counter key, now. */
export interface PublicLookupQuery {
  typed: string;
  compact: string;
  missKey: string;
  now: Date;
}

/** How JavaScript's toISOString writes an instant, for to_char on a timestamp at UTC. */
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The public lookups of a batch, one read-only statement. $1 is a JSON array of the lookups
 * (n, miss_key: the address's unknown-number counter key, now, typed: the number as typed, compact:
 * the same compacted); one row comes back per lookup (n), with the address's unknown-number
 * window (a row of `throttles`, security/throttle.ts's fixed-window rule) and the public view
 * of the shipment found, written as JSON text by PostgreSQL and sent on as it is (the server
 * used to read 17 columns, build the view and write it out again: most of its own time a lookup).
 *
 * - A JSON parameter rather than arrays keeps the planner's row estimate the same for every
 *   batch size, so PostgreSQL settles on the prepared statement's generic plan: with arrays, a
 *   batch of under ten lookups looked cheaper planned afresh, and every execution was planned again.
 * - The shipment is found by three index probes, one per column (a third of the database time of
 *   one bitmap scan OR'ing them): a BOL match wins over a PRO or tracking number that happens to
 *   be the same, then the newest shipment. `number` is the one that matched.
 * - The events are the shipment's public timeline, kept ready by triggers on shipment_events
 *   (schema.ts, shipmentPublicTimelines): reading and formatting every event was half the
 *   statement's database time.
 * - Only what anyone holding a number may see: no prices, contacts, streets, postal codes or references.
 */
const PUBLIC_LOOKUP_SQL = `
select asked.n, coalesce(miss.hits, 0) as misses, (extract(epoch from miss.reset_at) * 1000)::float8 as misses_reset_ms,
  found.view::text as view, found.window_of::text as window_of
from jsonb_to_recordset($1::jsonb) as asked(n int, miss_key text, now timestamptz, typed text, compact text)
left join lateral (
  select hits, reset_at from throttles where key = asked.miss_key and reset_at > asked.now
) as miss on true
left join lateral (
  select json_build_object(
    'number', case
      when s.bol_number in (asked.typed, asked.compact) then s.bol_number
      when s.pro_number in (asked.typed, asked.compact) then s.pro_number
      when s.tracking_number in (asked.typed, asked.compact) then s.tracking_number
      else s.bol_number end,
    'status', s.status, 'mode', s.mode, 'carrier_name', s.carrier_name,
    'pickup_date', s.pickup_date, 'estimated_delivery', s.shown_estimated_delivery,
    'delivered_at', to_char(s.delivered_at at time zone 'UTC', ${ISO_UTC}),
    'origin', json_build_object('city', s.origin_city, 'state', s.origin_state, 'country', s.origin_country),
    'destination', json_build_object('city', s.destination_city, 'state', s.destination_state, 'country', s.destination_country),
    'events', coalesce((select t.events from shipment_public_timelines t where t.shipment_id = s.id), '[]'::json)
  ) as view,
  -- What its expected delivery window is looked up by (the service adds the window; never shown as such).
  json_build_object('carrierId', s.carrier_id, 'status', s.status, 'transitDays', s.transit_days, 'pickupDate', s.pickup_date,
    'originCountry', s.origin_country, 'originState', s.origin_state,
    'destinationCountry', s.destination_country, 'destinationState', s.destination_state) as window_of
  from shipments s
  where s.id = (
    select c.id from (
      (select id, 0 as rank, created_at from shipments where bol_number in (asked.typed, asked.compact))
      union all (select id, 1, created_at from shipments where pro_number in (asked.typed, asked.compact))
      union all (select id, 1, created_at from shipments where tracking_number in (asked.typed, asked.compact))
    ) as c
    order by c.rank, c.created_at desc
    limit 1
  )
) as found on true`;

/** Public lookup statements in flight at once per process (tracking-load bench: 1, 2 and 4 alike; without a limit the p99 was a quarter higher). */
const LOOKUP_STATEMENTS = 2;
/** The most lookups one statement answers. */
const LOOKUPS_PER_STATEMENT = 100;

export function trackingRepository(db: Db) {
  const client = (db as unknown as { $client?: unknown }).$client;
  /**
   * The batch statement, prepared by name on PostgreSQL (parsed and planned once per connection:
   * planning was most of its database time); PGlite runs it as is.
   */
  async function publicLookupRows(values: unknown[]): Promise<PublicLookupRow[]> {
    if (client instanceof pg.Pool)
      return (await client.query<PublicLookupRow>({ name: 'public_tracking_lookups', text: PUBLIC_LOOKUP_SQL, values })).rows;
    if (client instanceof PGlite) return (await client.query<PublicLookupRow>(PUBLIC_LOOKUP_SQL, values)).rows;
    throw new Error('public lookup: unknown database client');
  }

  /**
   * Public lookups go to the database in batches, one statement each (PUBLIC_LOOKUP_SQL): at most
   * LOOKUP_STATEMENTS at a time, and the lookups asked meanwhile make the next batch, which
   * leaves as soon as one of them answers. Alone, a lookup leaves right after the event loop's
   * round of I/O that asked it (setImmediate), so nothing ever waits on a timer; under load one
   * round trip serves many lookups, saving the per-statement cost in the server and in
   * PostgreSQL (at 64 connections it doubled the lookups a second; bench/README.md). Nothing is
   * cached: every lookup reads the database.
   */
  let statementsRunning = 0;
  const batchesWaiting: (() => void)[] = [];
  const lookups = new DataLoader<PublicLookupQuery, PublicLookupRow>(
    async (batch) => {
      statementsRunning++;
      try {
        const asked = batch.map((q, i) => ({
          n: i + 1,
          miss_key: q.missKey,
          now: q.now.toISOString(),
          typed: q.typed,
          compact: q.compact,
        }));
        const rows = await publicLookupRows([JSON.stringify(asked)]);
        const byOrdinal = new Map(rows.map((row) => [Number(row.n), row]));
        return batch.map((_, i) => byOrdinal.get(i + 1) ?? new Error('public lookup: no row'));
      } finally {
        statementsRunning--;
        batchesWaiting.shift()?.();
      }
    },
    {
      cache: false,
      maxBatchSize: LOOKUPS_PER_STATEMENT,
      batchScheduleFn: (send) => setImmediate(() => (statementsRunning < LOOKUP_STATEMENTS ? send() : batchesWaiting.push(send))),
    },
  );

  return {
    /**
     * The public page's lookup (PUBLIC_LOOKUP_SQL), reading only: the address's unknown-number
     * window and the shipment's public view as JSON text, undefined for an unknown number.
     */
    async publicLookup(q: PublicLookupQuery) {
      const row = await lookups.load(q);
      return {
        misses: {
          hits: Number(row.misses),
          retryAfterSeconds: row.misses_reset_ms === null ? 0 : retryAfterSeconds(Number(row.misses_reset_ms), q.now.getTime()),
        },
        view: row.view ?? undefined,
        windowOf: row.window_of ?? undefined,
      };
    },

    /** The shipments of these carriers that carry any of the BOL or PRO numbers (one statement for a batch). */
    async shipmentsByNumbers(carrierIds: string[], bols: string[], pros: string[]) {
      if (!carrierIds.length || (!bols.length && !pros.length)) return [];
      const numbers = [];
      if (bols.length) numbers.push(inArray(shipments.bolNumber, bols));
      if (pros.length) numbers.push(inArray(shipments.proNumber, pros));
      return db
        .select({ id: shipments.id, bolNumber: shipments.bolNumber, proNumber: shipments.proNumber })
        .from(shipments)
        .where(and(inArray(shipments.carrierId, carrierIds), or(...numbers)));
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
          actionOverride: shipments.actionOverride,
          deliveredAt: shipments.deliveredAt,
          canceledAt: shipments.canceledAt,
          paymentState: shipments.paymentState,
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
            accountId: shipments.accountId,
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
      set: {
        status: ShipmentStatus;
        actionRequired: boolean;
        deliveredAt: Date | null;
        canceledAt: Date | null;
        updatedAt: Date;
        actionOverride?: null;
        actionMessage?: null;
      },
    ) {
      await tx.update(shipments).set(set).where(eq(shipments.id, id));
    },

    /**
     * Shipments a polling carrier should be asked about: moving (status not final), not waiting
     * for or lapsed in payment, and not asked since `staleBefore`; the longest-unasked first (the
     * partial index shipments_poll_idx).
     */
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

    /** A polled carrier's failed tracking call. */
    async recordIncident(incident: { carrierId: string; operation: string; request: unknown; error: unknown; at: Date }) {
      await recordIncident(db, {
        ...carrierFailure(incident.error),
        operation: incident.operation,
        carrierId: incident.carrierId,
        request: incident.request,
        at: incident.at,
      });
    },

    /** One account's shipment, with the carrier it is booked with. */
    async accountShipment(accountId: string, id: string) {
      const [row] = await db
        .select({ shipment: shipments, carrier: carriers })
        .from(shipments)
        .leftJoin(carriers, eq(carriers.id, shipments.carrierId))
        .where(and(eq(shipments.id, id), eq(shipments.accountId, accountId)));
      return row;
    },

    /** Every carrier, active or not: a carrier taken off quoting still carries what it was booked for. */
    async allCarriers() {
      return db.select().from(carriers);
    },
  };
}
