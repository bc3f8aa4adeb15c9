import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dutyRateSources, dutyRates } from '../../db/schema';

export type DutyCountry = 'US' | 'CA' | 'MX';

export interface StoredRate {
  hsCode: string;
  rateBasisPoints: number;
  description: string;
  updatedAt: Date | null;
}

/** The staff's edited duty-rate tables: a country without a source row still reads the shipped table. */
export function dutyRatesRepository(db: Db) {
  return {
    async source(country: DutyCountry) {
      const [row] = await db.select().from(dutyRateSources).where(eq(dutyRateSources.country, country));
      return row;
    },

    rates(country: DutyCountry) {
      return db
        .select({
          hsCode: dutyRates.hsCode,
          rateBasisPoints: dutyRates.rateBasisPoints,
          description: dutyRates.description,
          updatedAt: dutyRates.updatedAt,
          updatedBy: dutyRates.updatedBy,
        })
        .from(dutyRates)
        .where(eq(dutyRates.country, country))
        .orderBy(asc(dutyRates.hsCode));
    },

    /** Makes a country's table the staff's own, starting from `rates` (the shipped ones), unless it already is. */
    async adopt(tx: Db, country: DutyCountry, shipped: { source: string; asOf: string; rates: StoredRate[] }, at: Date) {
      const inserted = await tx
        .insert(dutyRateSources)
        .values({ country, source: shipped.source, asOf: shipped.asOf, updatedAt: at })
        .onConflictDoNothing()
        .returning({ country: dutyRateSources.country });
      if (inserted.length === 0 || shipped.rates.length === 0) return;
      await tx.insert(dutyRates).values(
        shipped.rates.map((r) => ({
          country,
          hsCode: r.hsCode,
          rateBasisPoints: r.rateBasisPoints,
          description: r.description,
          updatedAt: at,
        })),
      );
    },

    async upsertRate(tx: Db, country: DutyCountry, rate: Omit<StoredRate, 'updatedAt'>, by: string, at: Date) {
      await tx
        .insert(dutyRates)
        .values({ country, ...rate, updatedAt: at, updatedBy: by })
        .onConflictDoUpdate({
          target: [dutyRates.country, dutyRates.hsCode],
          set: { rateBasisPoints: rate.rateBasisPoints, description: rate.description, updatedAt: at, updatedBy: by },
        });
    },

    async deleteRate(tx: Db, country: DutyCountry, hsCode: string) {
      const gone = await tx
        .delete(dutyRates)
        .where(and(eq(dutyRates.country, country), eq(dutyRates.hsCode, hsCode)))
        .returning({ hsCode: dutyRates.hsCode });
      return gone.length > 0;
    },

    async setSource(tx: Db, country: DutyCountry, source: string, asOf: string, by: string, at: Date) {
      await tx.update(dutyRateSources).set({ source, asOf, updatedAt: at, updatedBy: by }).where(eq(dutyRateSources.country, country));
    },
  };
}
