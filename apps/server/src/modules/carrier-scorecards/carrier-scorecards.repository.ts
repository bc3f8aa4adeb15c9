import type { ScorecardCounts, ScorecardFacts } from '@freight/domain/analytics';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carrierRateFailures, carrierScorecardMonths, carriers, invoices, shipmentEvents, shipments } from '../../db/schema';
import { FACT_COLUMNS, factsOfRow, isoOrNull, TENDER_ACCEPTED_AT } from '../../db/shipment-facts';

type Rows = { rows: Record<string, unknown>[] };
const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
/** One text parameter for any number of ids (the driver's limit of parameters is far below a year of shipments). */
const anyId = (ids: readonly string[]) => sql`any(string_to_array(${ids.join(',')}, ',')::uuid[])`;

/** A carrier's summed counts of a month (the month's first day). */
export interface MonthRow extends ScorecardCounts {
  carrierId: string;
  month: string;
}

/** A carrier's failed rate requests of a month. */
export interface FailureRow {
  carrierId: string;
  month: string;
  errors: number;
  timeouts: number;
}

const countColumns = {
  shipments: carrierScorecardMonths.shipments,
  pickup_measured: carrierScorecardMonths.pickupMeasured,
  pickup_on_time: carrierScorecardMonths.pickupOnTime,
  delivery_measured: carrierScorecardMonths.deliveryMeasured,
  delivery_on_time: carrierScorecardMonths.deliveryOnTime,
  transit_measured: carrierScorecardMonths.transitMeasured,
  transit_days: carrierScorecardMonths.transitDays,
  quoted_days: carrierScorecardMonths.quotedDays,
  tenders: carrierScorecardMonths.tenders,
  tenders_accepted: carrierScorecardMonths.tendersAccepted,
  corrected: carrierScorecardMonths.corrected,
  reweighed: carrierScorecardMonths.reweighed,
  reclassed: carrierScorecardMonths.reclassed,
};

/**
 * The scorecards' reads and writes, across every account: the facts of carriers' shipments picked
 * up in a range (as the shipper analytics reads them, plus the first tender-accepted event), the
 * monthly summary they are counted into, what changed since its last refresh, and the carriers'
 * failed rate requests per month.
 */
export function carrierScorecardsRepository(db: Db) {
  return {
    /** The shipments (not canceled) of these carriers picked up from `from` to `to`, with what the scorecard reads. */
    async facts(carrierIds: readonly string[], from: string, to: string): Promise<ScorecardFacts[]> {
      if (carrierIds.length === 0) return [];
      const result = (await db.execute(sql`
        select ${FACT_COLUMNS}, ${TENDER_ACCEPTED_AT} as tender_accepted_at
        from ${shipments}
        where ${shipments.carrierId} = ${anyId(carrierIds)} and ${shipments.pickupDate} >= ${from}
          and ${shipments.pickupDate} <= ${to} and ${shipments.status} <> 'canceled'
        order by ${shipments.pickupDate}, ${shipments.id}`)) as unknown as Rows;
      // What a scorecard counts needs neither the charges nor the items nor the quote's rates.
      return result.rows.map((r) => ({
        ...factsOfRow(r, { charges: [], items: [], highestQuotedCents: null }),
        tenderAcceptedAt: isoOrNull(r.tender_accepted_at),
      }));
    },

    /** Carriers with a shipment picked up in the range: whose months a full refresh counts. */
    async carriersWithShipments(from: string, to: string) {
      const rows = await db
        .selectDistinct({ id: shipments.carrierId })
        .from(shipments)
        .where(and(gte(shipments.pickupDate, from), lte(shipments.pickupDate, to), sql`${shipments.carrierId} is not null`));
      return rows.map((r) => r.id as string);
    },

    /**
     * The latest change each source holds, never beyond the database's own clock (whatever clock
     * wrote the row): where the next refresh starts looking. As text, to the microsecond: a mark
     * rounded to the millisecond would find its own rows changed again.
     */
    async marks() {
      const result = (await db.execute(sql`
        select least(coalesce((select max(updated_at) from ${shipments}), now()), now())::text as shipments,
          least(coalesce((select max(received_at) from ${shipmentEvents}), now()), now())::text as events,
          least(coalesce((select max(created_at) from ${invoices} where type = 'adjustment'), now()), now())::text as invoices`)) as unknown as Rows;
      const r = result.rows[0] ?? {};
      return { shipments: String(r.shipments), events: String(r.events), invoices: String(r.invoices) };
    },

    /**
     * The carrier and month (its first day) of every shipment changed after the marks (less
     * `overlapMs`): booked, canceled or moved (its row), tracked (an event received), corrected (an
     * adjustment invoice), and of truckload loads whose pickup day has just passed (their tender's
     * answer turns "not accepted" with the day, no row changing).
     */
    async changedSince(
      since: { shipments: string; events: string; invoices: string },
      overlapMs: number,
      pickupFrom: string,
      pickupBefore: string,
    ) {
      const month = sql`date_trunc('month', s.pickup_date)::date`;
      const after = (mark: string) => sql`${mark}::timestamptz - ${overlapMs} * interval '1 millisecond'`;
      const result = (await db.execute(sql`
        select s.carrier_id, ${month} as month from ${shipments} s
          where s.carrier_id is not null and s.updated_at > ${after(since.shipments)}
        union select s.carrier_id, ${month} from ${shipmentEvents} e join ${shipments} s on s.id = e.shipment_id
          where s.carrier_id is not null and e.received_at > ${after(since.events)}
        union select s.carrier_id, ${month} from ${invoices} i join ${shipments} s on s.id = i.shipment_id
          where s.carrier_id is not null and i.type = 'adjustment' and i.created_at > ${after(since.invoices)}
        union select s.carrier_id, ${month} from ${shipments} s
          where s.carrier_id is not null and s.mode = 'truckload'
            and s.pickup_date >= ${pickupFrom} and s.pickup_date < ${pickupBefore}`)) as unknown as Rows;
      return result.rows.map((r) => ({ carrierId: String(r.carrier_id), month: day(r.month) }));
    },

    /** Writes a carrier's counts of a month over what was there. */
    async saveMonth(row: MonthRow, at: Date) {
      const values = {
        shipments: row.shipments,
        pickupMeasured: row.pickup_measured,
        pickupOnTime: row.pickup_on_time,
        deliveryMeasured: row.delivery_measured,
        deliveryOnTime: row.delivery_on_time,
        transitMeasured: row.transit_measured,
        transitDays: row.transit_days,
        quotedDays: row.quoted_days,
        tenders: row.tenders,
        tendersAccepted: row.tenders_accepted,
        corrected: row.corrected,
        reweighed: row.reweighed,
        reclassed: row.reclassed,
        refreshedAt: at,
      };
      await db
        .insert(carrierScorecardMonths)
        .values({ carrierId: row.carrierId, month: row.month, ...values })
        .onConflictDoUpdate({ target: [carrierScorecardMonths.carrierId, carrierScorecardMonths.month], set: values });
    },

    /** The summary's months from `from` to `to` (first days), of one carrier or all. */
    async months(from: string, to: string, carrierId?: string): Promise<MonthRow[]> {
      const rows = await db
        .select({ carrierId: carrierScorecardMonths.carrierId, month: carrierScorecardMonths.month, ...countColumns })
        .from(carrierScorecardMonths)
        .where(
          and(
            gte(carrierScorecardMonths.month, from),
            lte(carrierScorecardMonths.month, to),
            carrierId ? eq(carrierScorecardMonths.carrierId, carrierId) : undefined,
          ),
        )
        .orderBy(asc(carrierScorecardMonths.month));
      return rows.map((r) => ({ ...r, month: day(r.month) }));
    },

    /** Counts one failed rate request in its month. */
    async recordFailure(carrierId: string, month: string, outcome: 'error' | 'timeout') {
      const errors = outcome === 'error' ? 1 : 0;
      const timeouts = outcome === 'timeout' ? 1 : 0;
      await db
        .insert(carrierRateFailures)
        .values({ carrierId, month, errors, timeouts })
        .onConflictDoUpdate({
          target: [carrierRateFailures.carrierId, carrierRateFailures.month],
          set: {
            errors: sql`${carrierRateFailures.errors} + ${errors}`,
            timeouts: sql`${carrierRateFailures.timeouts} + ${timeouts}`,
          },
        });
    },

    async failures(from: string, to: string, carrierId?: string): Promise<FailureRow[]> {
      const rows = await db
        .select({
          carrierId: carrierRateFailures.carrierId,
          month: carrierRateFailures.month,
          errors: carrierRateFailures.errors,
          timeouts: carrierRateFailures.timeouts,
        })
        .from(carrierRateFailures)
        .where(
          and(
            gte(carrierRateFailures.month, from),
            lte(carrierRateFailures.month, to),
            carrierId ? eq(carrierRateFailures.carrierId, carrierId) : undefined,
          ),
        );
      return rows.map((r) => ({ ...r, month: day(r.month) }));
    },

    carriers: () =>
      db.select({ id: carriers.id, name: carriers.name, scac: carriers.scac, mode: carriers.mode, active: carriers.active }).from(carriers),
  };
}
