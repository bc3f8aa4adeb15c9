import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiIncidents, type CarrierMode, carriers, currencyRates, dieselPrices, quotes } from '../../db/schema';

export type CarrierRow = typeof carriers.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;
export type NewQuote = typeof quotes.$inferInsert;

/** Carriers, rating data, incidents and quotes. Quotes are always read through the caller's account. */
export function quotesRepository(db: Db) {
  return {
    activeCarriers(mode: CarrierMode) {
      return db
        .select()
        .from(carriers)
        .where(and(eq(carriers.mode, mode), eq(carriers.active, true)))
        .orderBy(asc(carriers.name));
    },

    /** The latest weekly diesel price, or undefined when none is recorded. */
    async latestDiesel() {
      const [row] = await db.select().from(dieselPrices).orderBy(desc(dieselPrices.weekOf)).limit(1);
      return row?.usdPerGallon;
    },

    async currencyRates() {
      const rows = await db.select().from(currencyRates);
      return Object.fromEntries(rows.map((r) => [r.currency, r.perUsd])) as Record<string, number>;
    },

    async recordIncident(incident: { carrierId: string; operation: string; request: unknown; error: string; at: Date }) {
      await db.insert(apiIncidents).values({
        carrierId: incident.carrierId,
        operation: incident.operation,
        request: incident.request,
        error: incident.error,
        createdAt: incident.at,
      });
    },

    async insert(quote: NewQuote) {
      const [row] = await db.insert(quotes).values(quote).returning();
      return row!;
    },

    async find(id: string, accountId: string) {
      const [row] = await db
        .select()
        .from(quotes)
        .where(and(eq(quotes.id, id), eq(quotes.accountId, accountId)));
      return row;
    },

    async markSaved(id: string, accountId: string) {
      const [row] = await db
        .update(quotes)
        .set({ saved: true })
        .where(and(eq(quotes.id, id), eq(quotes.accountId, accountId)))
        .returning();
      return row;
    },

    /** One page of the account's quotes, newest first. */
    async page(accountId: string, opts: { page: number; perPage: number; savedOnly: boolean }) {
      const where = opts.savedOnly ? and(eq(quotes.accountId, accountId), eq(quotes.saved, true)) : eq(quotes.accountId, accountId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(quotes)
          .where(where)
          .orderBy(desc(quotes.createdAt), desc(quotes.id))
          .limit(opts.perPage)
          .offset((opts.page - 1) * opts.perPage),
        db.select({ n: count() }).from(quotes).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
