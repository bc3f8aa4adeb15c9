import type { MarginGroup } from '@freight/contracts';
import { and, eq, gte, inArray, lte, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountSalesReps, accounts, carriers, shipments } from '../../db/schema';

/** Which shipments a report sums: a pickup range and the query's filters; `accountIds` narrows to a rep's accounts. */
export interface MarginFilter {
  from: string;
  to: string;
  accountIds?: readonly string[];
  accountId?: string;
  carrierId?: string;
  mode?: string;
  salesRepId?: string;
  originState?: string;
  destinationState?: string;
}

/** One row of the grouping: a group (`key` set), a month of the series (`month` set) or a currency's total (neither). */
export interface MarginSums {
  currency: string;
  key: string | null;
  month: string | null;
  n: number;
  price: number;
  cost: number;
  without_cost: number;
}

// Every expression is the columns' text alone (no parameter), so the select list and the grouping
// sets name the same expression, which PostgreSQL requires of grouping() and of a grouped key.
const MONTH = sql`to_char(${shipments.pickupDate}, 'YYYY-MM')`;
const KEYS: Record<MarginGroup, { columns: SQL[]; key: SQL }> = {
  customer: { columns: [sql`${shipments.accountId}`], key: sql`${shipments.accountId}::text` },
  lane: {
    columns: [sql`${shipments.originState}`, sql`${shipments.destinationState}`],
    key: sql`${shipments.originState} || '-' || ${shipments.destinationState}`,
  },
  carrier: { columns: [sql`${shipments.carrierId}`], key: sql`coalesce(${shipments.carrierId}::text, 'none')` },
  mode: { columns: [sql`${shipments.mode}`], key: sql`${shipments.mode}::text` },
  rep: { columns: [sql`${accountSalesReps.repId}`], key: sql`coalesce(${accountSalesReps.repId}::text, 'none')` },
  month: { columns: [MONTH], key: MONTH },
};

/**
 * The margin report's one read: the shipments of a pickup range (not canceled) summed per group
 * and currency, per month and currency (the chart) and per currency (the totals) in a single pass
 * (grouping sets), so the report costs one scan of the range however it is grouped.
 */
export function marginRepository(db: Db) {
  function conditionsOf(f: MarginFilter): SQL | undefined {
    const repped = db.select({ id: accountSalesReps.accountId }).from(accountSalesReps);
    return and(
      gte(shipments.pickupDate, f.from),
      lte(shipments.pickupDate, f.to),
      ne(shipments.status, 'canceled'),
      f.accountIds ? inArray(shipments.accountId, [...f.accountIds]) : undefined,
      f.accountId ? eq(shipments.accountId, f.accountId) : undefined,
      f.carrierId ? eq(shipments.carrierId, f.carrierId) : undefined,
      f.mode ? sql`${shipments.mode} = ${f.mode}` : undefined,
      f.salesRepId === 'none'
        ? notInArray(shipments.accountId, repped)
        : f.salesRepId
          ? inArray(shipments.accountId, repped.where(eq(accountSalesReps.repId, f.salesRepId)))
          : undefined,
      f.originState ? eq(shipments.originState, f.originState) : undefined,
      f.destinationState ? eq(shipments.destinationState, f.destinationState) : undefined,
    );
  }

  return {
    async sums(groupBy: MarginGroup, f: MarginFilter): Promise<MarginSums[]> {
      const { columns, key } = KEYS[groupBy];
      const keyColumns = sql.join(columns, sql`, `);
      const sets =
        groupBy === 'month'
          ? sql`(${shipments.currency}, ${MONTH}), (${shipments.currency})`
          : sql`(${shipments.currency}, ${keyColumns}), (${shipments.currency}, ${MONTH}), (${shipments.currency})`;
      const result = (await db.execute(sql`
        select ${shipments.currency} as currency,
          case when grouping(${keyColumns}) = 0 then ${key} end as key,
          case when grouping(${MONTH}) = 0 then ${MONTH} end as month,
          count(*)::int as n,
          sum(${shipments.totalCents})::bigint as price,
          sum(coalesce(${shipments.costCents}, ${shipments.totalCents}))::bigint as cost,
          (count(*) filter (where ${shipments.costCents} is null))::int as without_cost
        from ${shipments}
        ${groupBy === 'rep' ? sql`left join ${accountSalesReps} on ${accountSalesReps.accountId} = ${shipments.accountId}` : sql``}
        where ${conditionsOf(f)}
        group by grouping sets (${sets})`)) as unknown as { rows: Record<string, unknown>[] };
      return result.rows.map((r) => ({
        currency: String(r.currency),
        key: r.key === null ? null : String(r.key),
        month: r.month === null ? null : String(r.month),
        n: Number(r.n),
        price: Number(r.price),
        cost: Number(r.cost),
        without_cost: Number(r.without_cost),
      }));
    },

    /** Account names by id. */
    async accountNames(ids: string[]) {
      if (!ids.length) return new Map<string, string>();
      const rows = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Carriers' names and SCACs by id. */
    async carriers(ids: string[]) {
      if (!ids.length) return new Map<string, { name: string; scac: string }>();
      const rows = await db
        .select({ id: carriers.id, name: carriers.name, scac: carriers.scac })
        .from(carriers)
        .where(inArray(carriers.id, ids));
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
