import type { PricingProgram } from '@freight/domain/pricing';
import { addDays } from '@freight/domain/rating';
import { eq } from 'drizzle-orm';
import { pricingProgramsRepository } from '../modules/pricing-programs/pricing-programs.repository';
import type { Db } from './client';
import { DEMO_DEFAULT_PROGRAM, DEMO_PRICING_SINCE_DAYS, demoShipperProgram } from './demo-programs';
import { accounts } from './schema';

/**
 * The default program and Demo Shipper Co's, each a version 1 published DEMO_PRICING_SINCE_DAYS
 * before the seed day; programs already there are left alone.
 */
export async function seedPricingPrograms(tx: Db, now: Date) {
  const repo = pricingProgramsRepository(tx);
  const since = addDays(now.toISOString().slice(0, 10), -DEMO_PRICING_SINCE_DAYS);
  const [demo] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
  const programs: [string | null, PricingProgram, string][] = [[null, DEMO_DEFAULT_PROGRAM, 'Initial default program']];
  if (demo) programs.push([demo.id, demoShipperProgram(since), 'Contract lane Chicago - Dallas']);
  for (const [accountId, program, note] of programs) {
    const row = await repo.ensureLocked(tx, accountId, now);
    if ((await repo.versions([row.id], tx)).length) continue;
    await repo.insertVersion(tx, {
      programId: row.id,
      number: 1,
      state: 'published',
      effectiveDate: since,
      program,
      note,
      createdAt: now,
      publishedAt: now,
    });
  }
}
