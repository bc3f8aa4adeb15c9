import { type DrillFlags, FIGURE_SUM_KEYS, type FigureSums } from '@freight/domain/analytics';
import { and, eq, getTableColumns, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsDays, analyticsShipments, invoices, shipmentEvents, shipments } from '../../db/schema';
import { factChangeMarks } from '../../db/shipment-facts';
import type { AnalyticsFilter } from './analytics.repository';

type Rows = { rows: Record<string, unknown>[] };
const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

/** One summary row: a day's shipments of one combination of the page's dimensions, and their sums. */
export interface SummaryRow extends FigureSums {
  accountId: string;
  day: string;
  currency: string;
  mode: string;
  carrierId: string | null;
  carrierName: string;
  userId: string;
  originState: string;
  destinationState: string;
  accessorials: Record<string, { cents: number; shipments: number }>;
}

/** One shipment of the summary: its day, the page's dimensions and the figures it stands behind. */
export interface SummaryShipment extends DrillFlags {
  shipmentId: string;
  day: string;
  currency: string;
  mode: string;
  carrierId: string | null;
  userId: string;
  originState: string;
  destinationState: string;
}

/** Where the last refresh stopped looking, per source (database time, as text to the microsecond). */
export interface ChangeMarks {
  shipments: string;
  events: string;
  invoices: string;
}

/**
 * What the period holds whatever the filters and currency: its shipments per currency (the
 * currency switch) and the carriers, bookers and states the filters offer.
 */
export interface PeriodDimensions {
  currencies: Map<string, number>;
  /** Each carrier id with a name it had (a carrier renamed in the period may be listed under each). */
  carriers: { id: string; name: string }[];
  userIds: string[];
  origins: string[];
  destinations: string[];
}

/** Which rows of the summary a grouped sum adds up: the report's sets. */
export type SummarySet = 'total' | 'mode' | 'carrier' | 'lane' | 'trend';

export interface SummedRow extends FigureSums {
  set: SummarySet;
  mode: string | null;
  carrierId: string | null;
  carrierName: string | null;
  originState: string | null;
  destinationState: string | null;
  bucket: string | null;
}

const columnOf: Record<keyof FigureSums, SQL> = Object.fromEntries(FIGURE_SUM_KEYS.map((k) => [k, sql.identifier(k)])) as never;
/** Each sum's total over the selected rows, named as FigureSums names it. */
const SUMS: SQL = sql.join(
  FIGURE_SUM_KEYS.map((k) => sql`coalesce(sum(${columnOf[k]}), 0)::float8 as ${sql.identifier(k)}`),
  sql`, `,
);
const sumsOfRow = (r: Record<string, unknown>): FigureSums =>
  Object.fromEntries(FIGURE_SUM_KEYS.map((k) => [k, Number(r[k] ?? 0)])) as unknown as FigureSums;

/** Every column of a shipment's row taken from the row that was refused for its key. */
const MOVED = Object.fromEntries(
  Object.entries(getTableColumns(analyticsShipments))
    .filter(([key]) => key !== 'shipmentId')
    .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
);

/** How many summary rows go in one insert (26 columns each, well under the driver's parameter limit). */
const CHUNK = 500;
/** How many shipments' rows go in one insert (15 columns each). */
const SHIPMENT_CHUNK = 2_000;

/**
 * The Analytics summary (analytics_days): its rows written per (account, day), what changed since
 * its last refresh, and the report's reads summed in SQL, always within one account.
 */
export function analyticsSummaryRepository(db: Db) {
  const t = analyticsDays;
  const conditionsOf = (f: AnalyticsFilter, withFilters = true): SQL | undefined =>
    and(
      eq(t.accountId, f.accountId),
      gte(t.day, f.from),
      lte(t.day, f.to),
      withFilters && f.currency ? eq(t.currency, f.currency) : undefined,
      withFilters && f.mode ? eq(t.mode, f.mode) : undefined,
      withFilters && f.carrierId ? eq(t.carrierId, f.carrierId) : undefined,
      withFilters && f.originState ? eq(t.originState, f.originState) : undefined,
      withFilters && f.destinationState ? eq(t.destinationState, f.destinationState) : undefined,
      withFilters && f.lane ? and(eq(t.originState, f.lane.origin), eq(t.destinationState, f.lane.destination)) : undefined,
      withFilters && f.userId ? eq(t.userId, f.userId) : undefined,
    );

  return {
    /** The latest change of each source of the facts. */
    marks: (): Promise<ChangeMarks> => factChangeMarks(db),

    /**
     * The account and pickup day of every shipment changed after the marks (less `overlapMs`):
     * booked, canceled or changed (its row), tracked (an event received), corrected (an adjustment
     * invoice).
     */
    async changedSince(since: ChangeMarks, overlapMs: number) {
      const after = (mark: string) => sql`${mark}::timestamptz - ${overlapMs} * interval '1 millisecond'`;
      const result = (await db.execute(sql`
        select s.account_id, s.pickup_date as day from ${shipments} s where s.updated_at > ${after(since.shipments)}
        union select s.account_id, s.pickup_date from ${shipmentEvents} e join ${shipments} s on s.id = e.shipment_id
          where e.received_at > ${after(since.events)}
        union select s.account_id, s.pickup_date from ${invoices} i join ${shipments} s on s.id = i.shipment_id
          where i.type = 'adjustment' and i.created_at > ${after(since.invoices)}`)) as unknown as Rows;
      return result.rows.map((r) => ({ accountId: String(r.account_id), day: day(r.day) }));
    },

    /** Every account's months with shipments (first days): what a full count reads. */
    async accountMonths() {
      const result = (await db.execute(sql`
        select account_id, date_trunc('month', pickup_date)::date as month, count(*)::int as n from ${shipments}
        group by 1, 2 order by 1, 2`)) as unknown as Rows;
      return result.rows.map((r) => ({ accountId: String(r.account_id), month: day(r.month) }));
    },

    /**
     * Replaces an account's rows of these days with `rows` and its shipments of these days with
     * `list` (all of them of days of the list), in one transaction.
     */
    async replaceDays(accountId: string, days: readonly string[], rows: readonly SummaryRow[], list: readonly SummaryShipment[]) {
      if (days.length === 0) return;
      await db.transaction(async (tx) => {
        // One writer per account at a time: two refreshes deleting then inserting the same days would
        // otherwise both insert (a full count in a bench or a script beside the job).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`analytics_days:${accountId}`}))`);
        await tx.execute(
          sql`delete from ${t} where ${t.accountId} = ${accountId} and ${t.day} = any(string_to_array(${days.join(',')}, ',')::date[])`,
        );
        for (let i = 0; i < rows.length; i += CHUNK) {
          const chunk = rows.slice(i, i + CHUNK).map((r) => ({
            accountId: r.accountId,
            day: r.day,
            currency: r.currency,
            mode: r.mode,
            carrierId: r.carrierId,
            carrierName: r.carrierName,
            userId: r.userId,
            originState: r.originState,
            destinationState: r.destinationState,
            shipments: r.shipments,
            spendCents: r.spend_cents,
            weightLb: r.weight_lb,
            pallets: r.pallets,
            pickupMeasured: r.pickup_measured,
            pickupOnTime: r.pickup_on_time,
            deliveryMeasured: r.delivery_measured,
            deliveryOnTime: r.delivery_on_time,
            transitMeasured: r.transit_measured,
            transitDays: r.transit_days,
            quotedDays: r.quoted_days,
            corrected: r.corrected,
            reweighed: r.reweighed,
            reclassed: r.reclassed,
            correctedCents: r.corrected_cents,
            savingsMeasured: r.savings_measured,
            savingsCents: r.savings_cents,
            accessorials: r.accessorials,
          }));
          await tx.insert(t).values(chunk);
        }
        const a = analyticsShipments;
        await tx.execute(
          sql`delete from ${a} where ${a.accountId} = ${accountId} and ${a.day} = any(string_to_array(${days.join(',')}, ',')::date[])`,
        );
        for (let i = 0; i < list.length; i += SHIPMENT_CHUNK) {
          const chunk = list.slice(i, i + SHIPMENT_CHUNK).map((s) => ({ ...s, accountId }));
          // A shipment whose pickup date was moved is still under its old day: it moves.
          await tx.insert(a).values(chunk).onConflictDoUpdate({ target: a.shipmentId, set: MOVED });
        }
      });
    },

    /** Empties the summary (before a full count). */
    async clear() {
      await db.delete(analyticsShipments);
      await db.delete(t);
    },

    /**
     * The period's shipments, whatever the filters and currency: one row per currency, carrier,
     * booker, origin and destination state (grouping sets), not one per combination of them, which
     * for a year of a large account is thousands of rows to carry and walk for a few dozen choices.
     */
    async dimensions(f: AnalyticsFilter): Promise<PeriodDimensions> {
      const result = (await db.execute(sql`
        select case when grouping(${t.currency}) = 0 then 'currency' when grouping(${t.carrierId}) = 0 then 'carrier'
            when grouping(${t.userId}) = 0 then 'user' when grouping(${t.originState}) = 0 then 'origin' else 'destination' end as set,
          ${t.currency} as currency, ${t.carrierId} as carrier_id, ${t.carrierName} as carrier_name, ${t.userId} as user_id,
          ${t.originState} as origin_state, ${t.destinationState} as destination_state, sum(${t.shipments})::int as n
        from ${t} where ${conditionsOf(f, false)}
        group by grouping sets ((${t.currency}), (${t.carrierId}, ${t.carrierName}), (${t.userId}), (${t.originState}), (${t.destinationState}))`)) as unknown as Rows;
      const dims: PeriodDimensions = { currencies: new Map(), carriers: [], userIds: [], origins: [], destinations: [] };
      for (const r of result.rows) {
        if (r.set === 'currency') dims.currencies.set(String(r.currency), Number(r.n));
        else if (r.set === 'carrier' && r.carrier_id !== null)
          dims.carriers.push({ id: String(r.carrier_id), name: String(r.carrier_name) });
        else if (r.set === 'user') dims.userIds.push(String(r.user_id));
        else if (r.set === 'origin') dims.origins.push(String(r.origin_state));
        else if (r.set === 'destination') dims.destinations.push(String(r.destination_state));
      }
      return dims;
    },

    /**
     * The filter's sums in one pass: in all, by mode, by carrier (named as on its latest day), by
     * lane and by trend step (a pickup day, or a month as `YYYY-MM`). Only plain sums per row, so
     * the sets are hashed in one pass over the rows; the carrier's name is looked up once per
     * carrier and the step written once per step. An ordered aggregate for the name made PostgreSQL
     * sort the rows once per set and order each group's names: two thirds of a year's time.
     */
    async grouped(f: AnalyticsFilter, step: 'day' | 'month'): Promise<SummedRow[]> {
      const [bucket, format] =
        step === 'day' ? [sql`${t.day}`, sql`'YYYY-MM-DD'`] : [sql`date_trunc('month', ${t.day}::timestamp)`, sql`'YYYY-MM'`];
      const result = (await db.execute(sql`
        select case when grouping(d.mode) = 0 then 'mode' when grouping(d.carrier_id) = 0 then 'carrier'
            when grouping(d.origin_state) = 0 then 'lane' when grouping(d.bucket) = 0 then 'trend' else 'total' end as set,
          d.mode, d.carrier_id,
          case when grouping(d.carrier_id) = 0 then (select ${t.carrierName} from ${t}
            where ${conditionsOf(f)} and ${t.carrierId} is not distinct from d.carrier_id order by ${t.day} desc limit 1) end as carrier_name,
          d.origin_state, d.destination_state, to_char(d.bucket, ${format}) as bucket, ${SUMS}
        from (select *, ${bucket} as bucket from ${t} where ${conditionsOf(f)}) d
        group by grouping sets ((), (d.mode), (d.carrier_id), (d.origin_state, d.destination_state), (d.bucket))`)) as unknown as Rows;
      const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
      return result.rows.map((r) => ({
        set: String(r.set) as SummarySet,
        mode: text(r.mode),
        carrierId: text(r.carrier_id),
        carrierName: text(r.carrier_name),
        originState: text(r.origin_state),
        destinationState: text(r.destination_state),
        bucket: text(r.bucket),
        ...sumsOfRow(r),
      }));
    },

    /**
     * The filter's accessorial and surcharge spend by kind, with the shipments that paid one (the
     * many rows that paid none are not unpacked).
     */
    async accessorials(f: AnalyticsFilter) {
      const result = (await db.execute(sql`
        select a.key as kind, sum((a.value->>'cents')::bigint)::float8 as amount_cents, sum((a.value->>'shipments')::int)::int as shipments
        from ${t} cross join lateral jsonb_each(${t.accessorials}) a
        where ${conditionsOf(f)} and ${t.accessorials} <> '{}'::jsonb group by a.key`)) as unknown as Rows;
      return result.rows.map((r) => ({ kind: String(r.kind), amount_cents: Number(r.amount_cents), shipments: Number(r.shipments) }));
    },

    /** The filter's shipments and spend alone (the period before, for the change). */
    async volume(f: AnalyticsFilter) {
      const [row] = await db
        .select({ shipments: sql<number>`coalesce(sum(${t.shipments}), 0)::int`, spend: sql<string>`coalesce(sum(${t.spendCents}), 0)` })
        .from(t)
        .where(conditionsOf(f));
      return { shipments: Number(row?.shipments ?? 0), spend_cents: Number(row?.spend ?? 0) };
    },
  };
}
