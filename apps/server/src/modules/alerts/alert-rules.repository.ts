import type { AlertKind } from '@freight/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type Rows = { rows: Record<string, unknown>[] };

/**
 * How long after the pickup window's end a shipment with no pickup event raises `no_pickup`: a
 * carrier's pickup event often reaches us a little after the truck left.
 */
export const NO_PICKUP_GRACE_MINUTES = 60;
/** In transit with no tracking event for this long raises `stalled`. */
export const STALLED_AFTER_HOURS = 24;
/** A delivery receipt recorded this far back is still looked at by the sweep (a missed evaluation is caught). */
const RECEIPT_LOOKBACK_DAYS = 3;

/**
 * 214 status codes that say the carrier has not picked up yet (tender accepted, arrived at pickup,
 * pickup appointment, delayed) or canceled; any other event means the freight is moving.
 */
const NOT_PICKED_UP_CODES = sql.raw(`('XB', 'X3', 'AA', 'SD', 'CA')`);
const FINAL = sql.raw(`('delivered', 'canceled')`);

/** The scope of a statement: every shipment (the sweep) or one (the evaluation of a new event). */
export type RuleScope = { shipmentId: string } | { all: true };
const only = (column: SQL, scope: RuleScope) => ('shipmentId' in scope ? sql`and ${column} = ${scope.shipmentId}::uuid` : sql``);

/** A constant interval, written into the statement (a parameter there would leave its type to guess). */
const minutes = (n: number) => sql.raw(`interval '${Math.trunc(n)} minutes'`);

const iso = (expr: SQL) => sql`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The zone of a place, read from the `z` CTE's map ("US-IL", or the country alone), as @freight/domain's zoneOf. */
const zoneOf = (country: SQL, state: SQL) =>
  sql`coalesce(z.m ->> (${country} || '-' || upper(${state})), z.m ->> ${country}, 'America/Chicago')`;

/** A picked-up event of the shipment `s`. */
const pickedUp = sql`exists (select 1 from shipment_events pe where pe.shipment_id = s.id and pe.status_code not in ${NOT_PICKED_UP_CODES})`;

/** The end of the pickup window: the pickup day at its closing time (end of day without one), in the origin's zone. */
const windowEnd = sql`((s.pickup_date + (case when s.close_time ~ '^([01]?[0-9]|2[0-3]):[0-5][0-9]$' then s.close_time else '23:59' end)::time)
  at time zone ${zoneOf(sql`s.origin_country`, sql`s.origin_state`)})`;

/** The last tracking event's instant of `s` (null without one). */
const lastEventAt = sql`(select max(le.occurred_at) from shipment_events le where le.shipment_id = s.id)`;

/**
 * Each rule as SQL over a shipment `s` (with the `z` zones CTE and `now`): whether it holds, what it
 * saw, which rows the sweep looks at (through the partial indexes of migration 0055), and when an
 * open alert of the kind is closed. Evaluating one shipment runs the same statements for its id.
 */
interface Rule {
  kind: AlertKind;
  holds(now: SQL): SQL;
  details(now: SQL): SQL;
  /** Narrows the sweep to the rows an index finds; evaluating one shipment needs none. */
  candidates(now: SQL, today: SQL): SQL;
  /** When an open alert of the kind closes; null: never by itself. */
  closes: ((now: SQL) => SQL) | null;
}

const RULES: Rule[] = [
  {
    kind: 'no_pickup',
    holds: (now) =>
      sql`s.status in ('pending', 'dispatched', 'delayed') and s.payment_state <> 'awaiting'
        and ${windowEnd} + ${minutes(NO_PICKUP_GRACE_MINUTES)} <= ${now} and not ${pickedUp}`,
    details: () => sql`jsonb_build_object('pickup_window_end', ${iso(windowEnd)})`,
    candidates: (_now, today) => sql`s.status in ('pending', 'dispatched', 'delayed') and s.pickup_date <= ${today}`,
    closes: null,
  },
  {
    kind: 'stalled',
    holds: (now) =>
      sql`s.status in ('in_transit', 'delayed') and (s.status = 'in_transit' or ${pickedUp})
        and ${lastEventAt} <= ${now} - ${minutes(STALLED_AFTER_HOURS * 60)}`,
    details: () => sql`jsonb_build_object('last_event_at', ${iso(lastEventAt)})`,
    candidates: () => sql`s.status in ('in_transit', 'delayed')`,
    closes: null,
  },
  {
    kind: 'window_slipping',
    holds: (now) =>
      sql`s.status not in ${FINAL} and s.shown_estimated_delivery is not null
        and s.shown_estimated_delivery < (${now} at time zone ${zoneOf(sql`s.destination_country`, sql`s.destination_state`)})::date`,
    details: () => sql`jsonb_build_object('promised_on', s.shown_estimated_delivery::text, 'expected_on', null)`,
    candidates: (_now, today) => sql`s.status not in ${FINAL} and s.shown_estimated_delivery < ${today}`,
    // Once slipping, it stays so until the freight arrives (or the shipment is canceled).
    closes: () => sql`s.status in ${FINAL}`,
  },
  {
    kind: 'delivered_with_exceptions',
    holds: () =>
      sql`s.status = 'delivered' and exists (select 1 from delivery_receipts r where r.shipment_id = s.id and jsonb_array_length(r.exceptions) > 0)`,
    details: () =>
      sql`jsonb_build_object('exceptions', (select coalesce(jsonb_agg(distinct x ->> 'kind'), '[]'::jsonb)
        from delivery_receipts r, jsonb_array_elements(r.exceptions) x where r.shipment_id = s.id))`,
    candidates: (now) =>
      sql`s.id in (select r.shipment_id from delivery_receipts r where r.created_at >= ${now} - ${minutes(RECEIPT_LOOKBACK_DAYS * 24 * 60)})`,
    // A fact of the delivery: it stays until staff acknowledge it (and is never raised twice).
    closes: () => sql`false`,
  },
  {
    kind: 'action_required',
    holds: () => sql`s.action_required and s.status not in ${FINAL}`,
    details: () => sql`jsonb_build_object('message', s.action_message)`,
    candidates: () => sql`s.action_required`,
    closes: null,
  },
];

/** The rules' statements: raising where a rule holds, closing where it no longer does. */
export function alertRulesRepository(db: Db) {
  const zonesCte = (zones: string) => sql`with z as (select ${zones}::jsonb as m)`;

  return {
    kinds: RULES.map((r) => r.kind),

    /**
     * Opens the alerts of `kind` its rule calls for in `scope` (an open one stays as it is); answers
     * how many it opened, counted in the database: a sweep of a backlog may open hundreds of
     * thousands, which are never loaded into the process.
     */
    async raise(kind: AlertKind, scope: RuleScope, now: Date, zones: string, today: string): Promise<number> {
      const rule = RULES.find((r) => r.kind === kind) as Rule;
      const at = sql`${now.toISOString()}::timestamptz`;
      const narrow = 'all' in scope ? sql`and ${rule.candidates(at, sql`${today}::date`)}` : sql``;
      const result = (await db.execute(sql`
        ${zonesCte(zones)}, opened as (
          insert into alerts (account_id, shipment_id, kind, raised_at, details)
          select s.account_id, s.id, ${kind}, ${at}, ${rule.details(at)}
          from shipments s cross join z
          where (${rule.holds(at)}) ${narrow} ${only(sql`s.id`, scope)}
          on conflict (shipment_id, kind) where closed_at is null do nothing
          returning 1)
        select count(*)::int as n from opened`)) as unknown as Rows;
      return Number(result.rows[0]?.n ?? 0);
    },

    /** Closes the open alerts of `kind` in `scope` whose rule no longer holds; answers how many. */
    async close(kind: AlertKind, scope: RuleScope, now: Date, zones: string): Promise<number> {
      const rule = RULES.find((r) => r.kind === kind) as Rule;
      const at = sql`${now.toISOString()}::timestamptz`;
      const closes = rule.closes ? rule.closes(at) : sql`not coalesce((${rule.holds(at)}), false)`;
      const result = (await db.execute(sql`
        ${zonesCte(zones)}, closed as (
          update alerts a set closed_at = ${at}
          from shipments s cross join z
          where a.shipment_id = s.id and a.kind = ${kind} and a.closed_at is null ${only(sql`a.shipment_id`, scope)}
            and (${closes})
          returning 1)
        select count(*)::int as n from closed`)) as unknown as Rows;
      return Number(result.rows[0]?.n ?? 0);
    },

    /** Opens one alert with what the caller saw (the learned window's early warning); false when one is open already. */
    async raiseOne(row: { accountId: string; shipmentId: string; kind: AlertKind; details: object }, now: Date): Promise<boolean> {
      const result = (await db.execute(sql`
        insert into alerts (account_id, shipment_id, kind, raised_at, details)
        values (${row.accountId}::uuid, ${row.shipmentId}::uuid, ${row.kind}, ${now.toISOString()}::timestamptz, ${JSON.stringify(row.details)}::jsonb)
        on conflict (shipment_id, kind) where closed_at is null do nothing
        returning id`)) as unknown as Rows;
      return result.rows.length > 0;
    },
  };
}
