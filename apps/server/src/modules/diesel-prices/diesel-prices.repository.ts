import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dieselPrices } from '../../db/schema';

export type DieselRow = typeof dieselPrices.$inferSelect;

/** The weekly diesel prices' statements; a write runs in the caller's transaction (its audit entry beside it). */
export function dieselPricesRepository(db: Db) {
  return {
    /** Every week, newest first. */
    all: () => db.select().from(dieselPrices).orderBy(desc(dieselPrices.weekOf)),

    /** The recorded weeks among `weeks` (YYYY-MM-DD Mondays), as they are before a write. */
    weeksOf: (weeks: string[]) => db.select().from(dieselPrices).where(inArray(dieselPrices.weekOf, weeks)),

    /** Records each week's price; a week already recorded is corrected. */
    async save(weeks: { weekOf: string; usdPerGallon: number }[], at: Date) {
      await db
        .insert(dieselPrices)
        .values(weeks.map((w) => ({ ...w, createdAt: at })))
        .onConflictDoUpdate({
          target: dieselPrices.weekOf,
          set: { usdPerGallon: sql`excluded.usd_per_gallon`, createdAt: sql`excluded.created_at` },
        });
    },

    /** Removes a week; the row as it was, or undefined when there was none. */
    async remove(weekOf: string): Promise<DieselRow | undefined> {
      const [gone] = await db.delete(dieselPrices).where(eq(dieselPrices.weekOf, weekOf)).returning();
      return gone;
    },
  };
}
