import { ratesWithinOneCountry } from '@freight/domain/rating';
import { describe, expect, it } from 'vitest';
import { carrierScorecardsRepository } from '../modules/carrier-scorecards/carrier-scorecards.repository';
import { scorecardSummary } from '../modules/carrier-scorecards/scorecard-summary';
import { carriers } from './schema';
import { seededDemoDatabase } from './seeded-demo.test-support';

/** The Wednesday before Thanksgiving, 10:00 in Chicago. */
const now = new Date('2026-11-25T16:00:00Z');
const demo = seededDemoDatabase(now);

describe('the demo carrier scorecards', () => {
  it("fill a year of every demo carrier's figures, late and corrected ones included", async () => {
    const db = demo().db;
    await scorecardSummary({ db, now: () => now, config: { BUSINESS_TIME_ZONE: 'America/Chicago' } as never }).full();
    const repo = carrierScorecardsRepository(db);
    const months = await repo.months('2025-12-01', '2026-11-30');
    // Every carrier of domestic lanes; one only across a border has no domestic history.
    const list = (await db.select().from(carriers)).filter((c) => ratesWithinOneCountry(c.tariff));
    expect(list.length).toBeGreaterThan(10);
    for (const c of list) {
      const own = months.filter((m) => m.carrierId === c.id && m.shipments > 0);
      expect(own.length, c.scac).toBeGreaterThanOrEqual(11);
    }
    const sum = (k: keyof (typeof months)[number]) => months.reduce((n, m) => n + Number(m[k]), 0);
    expect(sum('pickup_on_time')).toBeLessThan(sum('pickup_measured'));
    expect(sum('delivery_on_time')).toBeLessThan(sum('delivery_measured'));
    expect(sum('delivery_on_time')).toBeGreaterThan(0);
    expect(sum('tenders_accepted')).toBeLessThan(sum('tenders'));
    expect(sum('reweighed')).toBeGreaterThan(0);
    expect(sum('reclassed')).toBeGreaterThan(0);
    const failures = await repo.failures('2025-12-01', '2026-11-30');
    expect(failures.reduce((n, f) => n + f.errors + f.timeouts, 0)).toBeGreaterThan(0);
  });
});
