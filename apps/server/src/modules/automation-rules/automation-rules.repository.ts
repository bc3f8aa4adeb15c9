import { and, asc, count, desc, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, automationRules, ebayOrders, quotes, shipments } from '../../db/schema';

export type AutomationRuleRow = typeof automationRules.$inferSelect;

/** An account's automation rules; every read and write names the account (another's id is not found). */
export function automationRulesRepository(db: Db) {
  const own = (accountId: string, id: string) => and(eq(automationRules.accountId, accountId), eq(automationRules.id, id));
  return {
    /** The account's rules in the order they apply. */
    async list(accountId: string) {
      return db
        .select()
        .from(automationRules)
        .where(eq(automationRules.accountId, accountId))
        .orderBy(asc(automationRules.position), asc(automationRules.name), asc(automationRules.id));
    },

    async find(accountId: string, id: string, forUpdate = false) {
      const query = db.select().from(automationRules).where(own(accountId, id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** Holds the account's row until the transaction ends: two writes at once see each other's positions. */
    async lockAccount(accountId: string) {
      await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    },

    async count(accountId: string) {
      const [row] = await db.select({ n: count() }).from(automationRules).where(eq(automationRules.accountId, accountId));
      return row?.n ?? 0;
    },

    /** Whether the account has another rule of this name, in any case. */
    async nameTaken(accountId: string, name: string, exceptId?: string) {
      const conditions: SQL[] = [eq(automationRules.accountId, accountId), sql`lower(${automationRules.name}) = lower(${name})`];
      if (exceptId) conditions.push(ne(automationRules.id, exceptId));
      const [row] = await db
        .select({ id: automationRules.id })
        .from(automationRules)
        .where(and(...conditions))
        .limit(1);
      return Boolean(row);
    },

    async insert(row: typeof automationRules.$inferInsert) {
      const [inserted] = await db.insert(automationRules).values(row).returning();
      if (!inserted) throw new Error('automation rule not inserted');
      return inserted;
    },

    async update(
      accountId: string,
      id: string,
      set: Partial<Pick<AutomationRuleRow, 'name' | 'enabled' | 'conditions' | 'actions' | 'position' | 'updatedAt'>>,
    ) {
      const [updated] = await db.update(automationRules).set(set).where(own(accountId, id)).returning();
      return updated;
    },

    async remove(accountId: string, id: string) {
      await db.delete(automationRules).where(own(accountId, id));
    },

    /** The account's latest booked shipments with the quote they were booked from (the dry run's rows). */
    async recentShipments(accountId: string, limit: number) {
      return db
        .select({
          id: shipments.id,
          bolNumber: shipments.bolNumber,
          mode: shipments.mode,
          scac: shipments.scac,
          totalCents: shipments.totalCents,
          currency: shipments.currency,
          input: quotes.input,
        })
        .from(shipments)
        .innerJoin(quotes, eq(quotes.id, shipments.quoteId))
        .where(and(eq(shipments.accountId, accountId), isNotNull(shipments.quoteId)))
        .orderBy(desc(shipments.createdAt), desc(shipments.id))
        .limit(limit);
    },

    /** The account's latest eBay orders not shipped or canceled yet (the dry run's rows). */
    async recentEbayOrderIds(accountId: string, limit: number) {
      const rows = await db
        .select({ id: ebayOrders.id })
        .from(ebayOrders)
        .where(and(eq(ebayOrders.accountId, accountId), sql`${ebayOrders.status} in ('awaiting', 'quoted')`))
        .orderBy(desc(ebayOrders.orderedAt), desc(ebayOrders.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
