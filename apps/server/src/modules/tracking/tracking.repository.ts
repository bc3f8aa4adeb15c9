import type { ShipmentStatus } from '@freight/domain';
import { and, asc, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiIncidents, carriers, shipmentEvents, shipments, userSettings, users } from '../../db/schema';

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
  /**
   * The public lookup: the shipment by BOL, PRO or tracking number (each column indexed, OR'ed
   * into a bitmap scan) and its events in the same statement, prepared once. `a` is the number as
   * typed (trimmed), `b` the same without spaces and dashes, upper-cased. A BOL match wins over
   * a PRO or tracking number that happens to be the same; then the newest shipment.
   */
  const publicLookup = db
    .select({
      bolNumber: shipments.bolNumber,
      proNumber: shipments.proNumber,
      trackingNumber: shipments.trackingNumber,
      status: shipments.status,
      mode: shipments.mode,
      carrierName: shipments.carrierName,
      pickupDate: shipments.pickupDate,
      estimatedDelivery: shipments.estimatedDelivery,
      deliveredAt: shipments.deliveredAt,
      originCity: shipments.originCity,
      originState: shipments.originState,
      originCountry: shipments.originCountry,
      destinationCity: shipments.destinationCity,
      destinationState: shipments.destinationState,
      destinationCountry: shipments.destinationCountry,
      // Qualified by hand: drizzle writes a select's own columns unqualified, which inside the subquery would mean e.id.
      events: sql<PublicEventJson[]>`coalesce((
        select json_agg(json_build_object(
          'status', e.status, 'status_code', e.status_code, 'description', e.description, 'city', e.city,
          'state', e.state, 'occurred_at', e.occurred_at, 'utc_offset_minutes', e.utc_offset_minutes
        ) order by e.occurred_at desc, e.received_at desc)
        from ${shipmentEvents} e where e.shipment_id = "shipments"."id"
      ), '[]'::json)`,
    })
    .from(shipments)
    .where(
      or(
        sql`${shipments.bolNumber} in (${sql.placeholder('a')}, ${sql.placeholder('b')})`,
        sql`${shipments.proNumber} in (${sql.placeholder('a')}, ${sql.placeholder('b')})`,
        sql`${shipments.trackingNumber} in (${sql.placeholder('a')}, ${sql.placeholder('b')})`,
      ),
    )
    .orderBy(sql`(${shipments.bolNumber} in (${sql.placeholder('a')}, ${sql.placeholder('b')})) desc`, sql`${shipments.createdAt} desc`)
    .limit(1)
    .prepare('public_tracking_lookup');

  return {
    async publicLookup(typed: string, compact: string) {
      const [row] = await publicLookup.execute({ a: typed, b: compact });
      if (!row) return undefined;
      // PGlite hands json back parsed; node-postgres too; a string would be a driver without json parsing.
      const events = typeof row.events === 'string' ? (JSON.parse(row.events) as PublicEventJson[]) : row.events;
      return { ...row, events };
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
    async dueForPolling(carrierIds: string[], finalStatuses: readonly ShipmentStatus[], staleBefore: Date, limit: number) {
      if (!carrierIds.length) return [];
      return db
        .select()
        .from(shipments)
        .where(
          and(
            inArray(shipments.carrierId, carrierIds),
            notInArray(shipments.status, [...finalStatuses]),
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
