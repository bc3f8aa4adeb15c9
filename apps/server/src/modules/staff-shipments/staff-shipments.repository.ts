import type { StaffShipmentQuery } from '@freight/contracts';
import { and, asc, eq, gte, ilike, inArray, lt, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { BusinessDays } from '../../business-days';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { accountSalesReps, accounts, carriers, quotes, shipmentEvents, shipmentReferences, shipments, users } from '../../db/schema';
import { shipmentBatches, shipmentPage } from '../shipments/shipments.service';

/** The search without its page (what an export reads). */
export type StaffShipmentFilter = Omit<StaffShipmentQuery, 'page' | 'per_page'>;

/**
 * The list's order: a pickup window lists by pickup date unless another order is asked for (newest
 * bookings first would walk the booking index back to the window, ~60 ms at 1M shipments); a lane
 * sorts its matches rather than walk a sort index.
 */
function orderOf(q: StaffShipmentFilter) {
  const window = Boolean(q.pickup_from || q.pickup_to);
  return {
    sort: q.sort ?? (window ? 'pickup_date' : 'created_at'),
    dir: q.dir ?? (window && !q.sort ? 'asc' : 'desc'),
    filterFirst: Boolean(q.origin_state && q.destination_state),
  } as const;
}

/**
 * The staff's reads of shipments across every account. Each search kind is served by an index of
 * its own (migration 0014): the number columns, status, carrier, lane and the sorts' columns.
 */
export function staffShipmentsRepository(db: Db, days: BusinessDays) {
  /** The conditions of a search; undefined when it can match nothing (an account name no account has). */
  async function conditionsOf(q: StaffShipmentFilter): Promise<SQL[] | undefined> {
    const conditions: SQL[] = [];
    if (q.q) {
      // Numbers are matched whole, as typed or upper-cased: BOL, PRO, pickup and tracking
      // numbers are stored as the carrier gave them; references, typed by shippers in any case,
      // are any of a shipment's, compared upper-cased (shipment_references' index on upper(value)).
      const forms = [...new Set([q.q, q.q.toUpperCase()])];
      const byReference = db
        .select({ id: shipmentReferences.shipmentId })
        .from(shipmentReferences)
        .where(sql`upper(${shipmentReferences.value}) = ${q.q.toUpperCase()}`);
      conditions.push(
        or(
          inArray(shipments.bolNumber, forms),
          inArray(shipments.proNumber, forms),
          inArray(shipments.pickupNumber, forms),
          inArray(shipments.trackingNumber, forms),
          inArray(shipments.id, byReference),
        ) as SQL,
      );
    }
    if (q.account_id) conditions.push(eq(shipments.accountId, q.account_id));
    if (q.account) {
      const named = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(ilike(accounts.name, `%${escapeLike(q.account)}%`))
        .limit(500);
      if (!named.length) return undefined;
      conditions.push(
        inArray(
          shipments.accountId,
          named.map((a) => a.id),
        ),
      );
    }
    if (q.carrier_id) conditions.push(eq(shipments.carrierId, q.carrier_id));
    if (q.sales_rep_id) {
      const repped = db.select({ id: accountSalesReps.accountId }).from(accountSalesReps);
      conditions.push(
        q.sales_rep_id === 'none'
          ? notInArray(shipments.accountId, repped)
          : inArray(shipments.accountId, repped.where(eq(accountSalesReps.repId, q.sales_rep_id))),
      );
    }
    if (q.status) conditions.push(eq(shipments.status, q.status));
    if (q.mode) conditions.push(eq(shipments.mode, q.mode));
    if (q.action_required !== undefined) conditions.push(eq(shipments.actionRequired, q.action_required));
    if (q.pickup_from) conditions.push(gte(shipments.pickupDate, q.pickup_from));
    if (q.pickup_to) conditions.push(lte(shipments.pickupDate, q.pickup_to));
    // Booking days are the business's, like the dashboard's figures that open this list.
    if (q.created_from) conditions.push(gte(shipments.createdAt, days.start(q.created_from)));
    if (q.created_to) conditions.push(lt(shipments.createdAt, days.end(q.created_to)));
    if (q.exclude_canceled) conditions.push(ne(shipments.status, 'canceled'));
    if (q.origin_state) conditions.push(eq(shipments.originState, q.origin_state));
    if (q.destination_state) conditions.push(eq(shipments.destinationState, q.destination_state));
    return conditions;
  }

  /** The search's condition; undefined when it can match nothing. `only` narrows it to those shipments (a scorecard figure's). */
  async function whereOf(q: StaffShipmentFilter, only?: readonly string[]): Promise<{ sql: SQL | undefined } | undefined> {
    const conditions = await conditionsOf(q);
    // One text parameter however many ids (a carrier's year passes the driver's limit of parameters).
    if (conditions && only) conditions.push(sql`${shipments.id} = any(string_to_array(${only.join(',')}, ',')::uuid[])`);
    if (!conditions) return undefined;
    return { sql: conditions.length ? and(...conditions) : undefined };
  }

  /** The rows' account names by id. */
  async function accountNames(rows: readonly { accountId: string }[]) {
    const ids = [...new Set(rows.map((r) => r.accountId))];
    const names = ids.length
      ? await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids))
      : [];
    return new Map(names.map((a) => [a.id, a.name]));
  }

  return {
    /** Every carrier, for the search's carrier filter. */
    carriers() {
      return db
        .select({ id: carriers.id, name: carriers.name, scac: carriers.scac, mode: carriers.mode })
        .from(carriers)
        .orderBy(asc(carriers.name));
    },

    /**
     * One page of the search with each row's account name; the count is capped like My Shipments'.
     * `only` narrows it to those shipments (a scorecard figure's).
     */
    async search(q: StaffShipmentQuery, only?: readonly string[]) {
      const where = await whereOf(q, only);
      if (!where) return { rows: [], total: 0, capped: false, accountNames: new Map<string, string>() };
      const page = await shipmentPage(db, where.sql, { page: q.page, perPage: q.per_page, ...orderOf(q) });
      return { ...page, accountNames: await accountNames(page.rows) };
    },

    /** How many shipments the search selects (an export's row count). */
    async count(q: StaffShipmentFilter, only?: readonly string[]) {
      const where = await whereOf(q, only);
      if (!where) return 0;
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(shipments).where(where.sql);
      return Number(row?.n ?? 0);
    },

    /** Every shipment the search selects, in the list's order, by keyset batches (the export). */
    async *batches(q: StaffShipmentFilter, only?: readonly string[], size = 1_000) {
      const where = await whereOf(q, only);
      if (!where) return;
      yield* shipmentBatches(db, where.sql, orderOf(q), size);
    },

    accountNames,

    async find(id: string) {
      const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
      return row;
    },

    /** What the detail shows beside the shipment: its account, who booked it, its quote, every raw event. */
    async context(row: typeof shipments.$inferSelect) {
      const [[account], [bookedBy], [quote], events] = await Promise.all([
        db.select().from(accounts).where(eq(accounts.id, row.accountId)),
        db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(eq(users.id, row.userId)),
        row.quoteId
          ? db.select({ id: quotes.id, createdAt: quotes.createdAt, mode: quotes.mode }).from(quotes).where(eq(quotes.id, row.quoteId))
          : Promise.resolve([]),
        db
          .select()
          .from(shipmentEvents)
          .where(eq(shipmentEvents.shipmentId, row.id))
          .orderBy(sql`${shipmentEvents.occurredAt} desc, ${shipmentEvents.receivedAt} desc`),
      ]);
      return { account, bookedBy, quote, events };
    },
  };
}
