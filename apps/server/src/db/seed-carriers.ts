import { eq, isNull } from 'drizzle-orm';
import type { Db } from './client';
import { carriers, carrierTariffVersions, dieselPrices } from './schema';

/**
 * Every carrier's tariff becomes its version 1, published from the day the carrier was added
 *: rating and the staff's version history start from the tariff it already rates with.
 */
export async function seedTariffVersions(tx: Db) {
  const missing = await tx
    .select({ id: carriers.id, tariff: carriers.tariff, fuelBp: carriers.fuelBp, createdAt: carriers.createdAt })
    .from(carriers)
    .leftJoin(carrierTariffVersions, eq(carrierTariffVersions.carrierId, carriers.id))
    .where(isNull(carrierTariffVersions.id));
  if (!missing.length) return;
  await tx.insert(carrierTariffVersions).values(
    missing.map((c) => ({
      carrierId: c.id,
      number: 1,
      state: 'published' as const,
      effectiveDate: c.createdAt.toISOString().slice(0, 10),
      tariff: c.tariff,
      fuelBp: c.fuelBp,
      note: 'Initial tariff',
      publishedAt: c.createdAt,
    })),
  );
}

/** Twelve weeks of demo diesel prices before the current one, drifting as the DOE average does. */
export async function seedDieselHistory(tx: Db, now: Date, currentWeek: string) {
  const monday = new Date(`${currentWeek}T00:00:00Z`);
  const weeks = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(monday.getTime() - (i + 1) * 7 * 86_400_000);
    // A gentle wave around $3.70 (no randomness: every demo database tells the same story).
    const usd = Math.round((3.7 + 0.06 * Math.sin(i / 2) - 0.004 * i) * 1000) / 1000;
    return { weekOf: d.toISOString().slice(0, 10), usdPerGallon: usd, createdAt: now };
  });
  await tx.insert(dieselPrices).values(weeks).onConflictDoNothing();
}
