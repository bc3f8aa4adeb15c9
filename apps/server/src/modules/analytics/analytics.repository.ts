import type { ChargeFacts, DrillFigure, ItemFacts, ShipmentFacts } from '@freight/domain/analytics';
import { and, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, analyticsShipments, quotes, shipments } from '../../db/schema';
import { FACT_COLUMNS, factsOfRow, jsonOf } from '../../db/shipment-facts';
import { type ShipmentPageOptions, shipmentPage } from '../shipments/shipments.service';

/** Which of an account's shipments a figure reads: a pickup range (not canceled) and the page's filters. */
export interface AnalyticsFilter {
  accountId: string;
  from: string;
  to: string;
  currency?: string;
  mode?: string;
  carrierId?: string;
  originState?: string;
  destinationState?: string;
  /** A lane's two ends; with `originState` or `destinationState` too, both must hold. */
  lane?: { origin: string; destination: string };
  userId?: string;
}

type Rows = { rows: Record<string, unknown>[] };

const a = analyticsShipments;
/**
 * behindFigure's rule on the flags the summary kept of each shipment (drillFlagsOf). The late
 * figures and corrections are written as their partial indexes are (migration 0050).
 */
const FIGURE_CONDITIONS: Record<DrillFigure, (kind?: string) => SQL | undefined> = {
  shipments: () => undefined,
  picked_up_on_time: () => sql`${a.pickupOnTime} = true`,
  picked_up_late: () => sql`${a.pickupOnTime} = false`,
  delivered_on_time: () => sql`${a.deliveryOnTime} = true`,
  delivered_late: () => sql`${a.deliveryOnTime} = false`,
  transit_measured: () => sql`${a.transitMeasured}`,
  corrected: () => sql`${a.corrected}`,
  with_savings: () => sql`${a.withSavings}`,
  accessorial: (kind) => sql`${kind ?? ''} = any(${a.accessorials})`,
};

/**
 * Up to how many shipments behind a figure are read by id and sorted (tens of ms at most) rather
 * than found along the list's sort index (a few ms when they are many).
 */
const SPARSE = 5_000;

/** A figure of the page: which one, and the accessorial's kind. */
export interface FigureOf {
  figure: DrillFigure;
  kind?: string;
}

/**
 * The analytics' reads, always within one account: the facts of each shipment of a period (its
 * first pickup and delivery events, its carrier's corrections billed as adjustment invoices, the
 * highest rate its kept quote showed) in one statement, the metrics being counted in
 * @freight/domain/analytics; and the account setting that opens the page to viewers.
 */
export function analyticsRepository(db: Db) {
  const conditionsOf = (f: AnalyticsFilter, withCurrency = true): SQL | undefined =>
    and(
      eq(shipments.accountId, f.accountId),
      gte(shipments.pickupDate, f.from),
      lte(shipments.pickupDate, f.to),
      ne(shipments.status, 'canceled'),
      withCurrency && f.currency ? eq(shipments.currency, f.currency) : undefined,
      f.mode ? sql`${shipments.mode} = ${f.mode}` : undefined,
      f.carrierId ? eq(shipments.carrierId, f.carrierId) : undefined,
      f.originState ? eq(shipments.originState, f.originState) : undefined,
      f.destinationState ? eq(shipments.destinationState, f.destinationState) : undefined,
      f.lane ? and(eq(shipments.originState, f.lane.origin), eq(shipments.destinationState, f.lane.destination)) : undefined,
      f.userId ? eq(shipments.userId, f.userId) : undefined,
    );

  /** The summary's shipments behind a figure under the filter. */
  const selected = (f: AnalyticsFilter, { figure, kind }: FigureOf) =>
    and(
      eq(a.accountId, f.accountId),
      gte(a.day, f.from),
      lte(a.day, f.to),
      f.currency ? eq(a.currency, f.currency) : undefined,
      f.mode ? eq(a.mode, f.mode) : undefined,
      f.carrierId ? eq(a.carrierId, f.carrierId) : undefined,
      f.originState ? eq(a.originState, f.originState) : undefined,
      f.destinationState ? eq(a.destinationState, f.destinationState) : undefined,
      f.lane ? and(eq(a.originState, f.lane.origin), eq(a.destinationState, f.lane.destination)) : undefined,
      f.userId ? eq(a.userId, f.userId) : undefined,
      FIGURE_CONDITIONS[figure](kind),
    );

  /**
   * The shipments behind a figure, read through the summary's shipments (at most a minute behind,
   * as the page's figures are), or among `ids` already read there; one canceled since is left out at
   * once. The period is said of the shipments too (the same booked pickup date), so a walk of their
   * pickup date index stops at it.
   */
  const behind = (f: AnalyticsFilter, figure: FigureOf, ids?: readonly string[]): SQL | undefined =>
    and(
      eq(shipments.accountId, f.accountId),
      gte(shipments.pickupDate, f.from),
      lte(shipments.pickupDate, f.to),
      ne(shipments.status, 'canceled'),
      ids
        ? sql`${shipments.id} = any(string_to_array(${ids.join(',')}, ',')::uuid[])`
        : sql`${shipments.id} in (select ${a.shipmentId} from ${a} where ${selected(f, figure)})`,
    );

  return {
    /** The ids of the shipments behind a figure (an export, or a search, narrows My Shipments to them). */
    async idsBehind(f: AnalyticsFilter, figure: FigureOf) {
      const rows = await db.select({ id: shipments.id }).from(shipments).where(behind(f, figure));
      return rows.map((r) => r.id);
    },

    /**
     * A page of the shipments behind a figure in My Shipments' order, with their count. A figure
     * few shipments stand behind (fewer than SPARSE, read first from its own index) is sorted from
     * those; the planner, which cannot tell a year's two late deliveries from thousands, would
     * otherwise walk the list's sort index through every shipment of the year to find them.
     */
    async pageBehind(f: AnalyticsFilter, figure: FigureOf, list: Omit<ShipmentPageOptions, 'search' | 'ids' | 'filterFirst'>) {
      const found = await db.select({ id: a.shipmentId }).from(a).where(selected(f, figure)).limit(SPARSE);
      const few = found.length < SPARSE ? found.map((r) => r.id) : undefined;
      const where = and(
        behind(f, figure, few),
        list.status ? eq(shipments.status, list.status) : undefined,
        list.bookedBy ? eq(shipments.userId, list.bookedBy) : undefined,
      );
      return shipmentPage(db, where, { ...list, filterFirst: few !== undefined });
    },

    /** Each shipment the filter selects, with what the metrics read of it. */
    async facts(f: AnalyticsFilter): Promise<(ShipmentFacts & { carrierName: string })[]> {
      const result = (await db.execute(sql`
        select ${FACT_COLUMNS}, ${shipments.charges} as charges, ${shipments.items} as items,
          (select max((r->>'total_cents')::bigint) from ${quotes} q, jsonb_array_elements(q.result->'rates') r
            where q.id = ${shipments.quoteId} and q.account_id = ${shipments.accountId} and q.currency = ${shipments.currency}) as highest
        from ${shipments}
        where ${conditionsOf(f)}
        order by ${shipments.pickupDate}, ${shipments.id}`)) as unknown as Rows;
      return result.rows.map((r) =>
        factsOfRow(r, {
          charges: jsonOf<ChargeFacts[]>(r.charges),
          items: jsonOf<ItemFacts[]>(r.items),
          highestQuotedCents: r.highest === null ? null : Number(r.highest),
        }),
      );
    },

    async viewersSeeAnalytics(accountId: string) {
      const [row] = await db.select({ on: accounts.viewersSeeAnalytics }).from(accounts).where(eq(accounts.id, accountId));
      return row?.on ?? false;
    },

    async setViewersSeeAnalytics(accountId: string, on: boolean, now: Date) {
      await db.update(accounts).set({ viewersSeeAnalytics: on, updatedAt: now }).where(eq(accounts.id, accountId));
    },
  };
}
