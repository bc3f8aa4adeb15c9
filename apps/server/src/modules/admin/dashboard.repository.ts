import type { DashboardShipment } from '@freight/contracts';
import { type AnyColumn, and, count, desc, eq, gte, inArray, ne, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, apiIncidents, carriers, quotes, shipments } from '../../db/schema';
import { STATE_WHERE } from './accounts.repository';

/** The calendar day of a timestamp in the business's time zone. */
const day = (column: AnyColumn, timeZone: string) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/**
 * The dashboard's figures. Every query is bounded by a time index (the day's, the month's or the
 * series' rows) or by a small partial index, so it costs the same with a million shipments.
 */
export function dashboardRepository(db: Db, timeZone: string) {
  const listed = (where: SQL) =>
    db
      .select({
        id: shipments.id,
        bol_number: shipments.bolNumber,
        account: accounts.name,
        status: shipments.status,
        carrier_name: shipments.carrierName,
        pickup_date: shipments.pickupDate,
      })
      .from(shipments)
      .innerJoin(accounts, eq(accounts.id, shipments.accountId))
      .where(where)
      .orderBy(desc(shipments.createdAt))
      .limit(10) as Promise<DashboardShipment[]>;

  return {
    /** Quotes made since `from` per business day, and how many of them have been booked since. */
    quotesPerDay: (from: Date) =>
      db
        .select({
          date: day(quotes.createdAt, timeZone),
          n: count(),
          booked: sql<number>`count(*) filter (where ${quotes.bookedAt} is not null)`.mapWith(Number),
        })
        .from(quotes)
        .where(gte(quotes.createdAt, from))
        // By position: the zone is a parameter, and two parameters are two expressions to PostgreSQL.
        .groupBy(sql`1`),
    /** Shipments booked since `from` per business day, whichever day their quote was made. */
    bookingsPerDay: (from: Date) =>
      db
        .select({ date: day(shipments.createdAt, timeZone), n: count() })
        .from(shipments)
        .where(gte(shipments.createdAt, from))
        .groupBy(sql`1`),

    async newAccounts(from: Date) {
      const [row] = await db.select({ n: count() }).from(accounts).where(gte(accounts.createdAt, from));
      return row?.n ?? 0;
    },

    revenue: (from: Date) =>
      db
        .select({ mode: shipments.mode, currency: shipments.currency, total: sum(shipments.totalCents).mapWith(Number), n: count() })
        .from(shipments)
        .where(and(gte(shipments.createdAt, from), ne(shipments.status, 'canceled')))
        .groupBy(shipments.mode, shipments.currency),

    /**
     * Bookings since `from` (not canceled) by currency: price and cost summed; a shipment booked
     * before pricing went live has no cost and was sold at cost. `accountIds` narrows to those accounts.
     */
    margin: (from: Date, accountIds?: string[]) =>
      db
        .select({
          currency: shipments.currency,
          price: sum(shipments.totalCents).mapWith(Number),
          cost: sum(sql`coalesce(${shipments.costCents}, ${shipments.totalCents})`).mapWith(Number),
          n: count(),
        })
        .from(shipments)
        .where(
          and(
            gte(shipments.createdAt, from),
            ne(shipments.status, 'canceled'),
            accountIds ? inArray(shipments.accountId, accountIds) : undefined,
          ),
        )
        .groupBy(shipments.currency)
        .orderBy(shipments.currency),

    statuses: (from: Date) =>
      db.select({ status: shipments.status, n: count() }).from(shipments).where(gte(shipments.createdAt, from)).groupBy(shipments.status),

    /** 'Action Required' now (a partial index holds just those), with the latest. */
    async actionRequired() {
      const [[total], latest] = await Promise.all([
        db.select({ n: count() }).from(shipments).where(eq(shipments.actionRequired, true)),
        listed(eq(shipments.actionRequired, true)),
      ]);
      return { count: total?.n ?? 0, latest };
    },

    /** Shipments delayed now (the status index), with the latest. */
    async delayed() {
      const [[total], latest] = await Promise.all([
        db.select({ n: count() }).from(shipments).where(eq(shipments.status, 'delayed')),
        listed(eq(shipments.status, 'delayed')),
      ]);
      return { count: total?.n ?? 0, latest };
    },

    /** Accounts on credit hold and suspended, counted as the accounts list filters them (a suspended account is not also on hold). */
    async accountStates() {
      const [[hold], [suspended]] = await Promise.all([
        db.select({ n: count() }).from(accounts).where(STATE_WHERE.credit_hold),
        db.select({ n: count() }).from(accounts).where(STATE_WHERE.suspended),
      ]);
      return { credit_hold: hold?.n ?? 0, suspended: suspended?.n ?? 0 };
    },

    /** The incident groups seen since `from` (grouped: one row however often it failed), the latest first. */
    async incidents(from: Date) {
      const [[total], latest] = await Promise.all([
        db.select({ n: count() }).from(apiIncidents).where(gte(apiIncidents.lastSeenAt, from)),
        db
          .select({
            id: apiIncidents.id,
            lastSeenAt: apiIncidents.lastSeenAt,
            carrier: carriers.name,
            operation: apiIncidents.operation,
            error: apiIncidents.error,
            message: apiIncidents.message,
            occurrences: apiIncidents.occurrences,
          })
          .from(apiIncidents)
          .leftJoin(carriers, eq(carriers.id, apiIncidents.carrierId))
          .where(gte(apiIncidents.lastSeenAt, from))
          .orderBy(desc(apiIncidents.lastSeenAt))
          .limit(10),
      ]);
      return { count: total?.n ?? 0, latest };
    },
  };
}
