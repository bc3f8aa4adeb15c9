import { accessorialsOf, behindFigure, GROUP_KEYS, groupBy, noSums, totalsFrom, totalsOf } from '@freight/domain/analytics';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsRepository } from '../modules/analytics/analytics.repository';
import { analyticsSummary } from '../modules/analytics/analytics-summary';
import { analyticsSummaryRepository } from '../modules/analytics/analytics-summary.repository';
import { reportMailRepository } from '../modules/analytics/report-mail.repository';
import { users } from './schema';
import { seededDemoDatabase } from './seeded-demo.test-support';

/** The Wednesday before Thanksgiving, 10:00 in Chicago. */
const now = new Date('2026-11-25T16:00:00Z');
const demo = seededDemoDatabase(now);

describe('the demo analytics', () => {
  it('fill every figure of Demo Shipper Co’s Analytics page over its last months', async () => {
    const [shipper] = await demo().db.select().from(users).where(eq(users.email, 'shipper@demo.test'));
    const facts = await analyticsRepository(demo().db).facts({
      accountId: shipper?.accountId ?? '',
      from: '2026-09-01',
      to: '2026-11-25',
      currency: 'USD',
    });
    const t = totalsOf(facts);
    expect(t.shipments).toBeGreaterThan(10);
    expect(t.pallets).toBeGreaterThan(0);
    expect(t.cost_per_cwt_cents).toBeGreaterThan(0);
    // Late and on time, both ends.
    expect(t.on_time_pickup.on_time).toBeGreaterThan(0);
    expect(t.on_time_pickup.measured).toBeGreaterThan(t.on_time_pickup.on_time);
    expect(t.on_time_delivery.on_time).toBeGreaterThan(0);
    expect(t.on_time_delivery.measured).toBeGreaterThan(t.on_time_delivery.on_time);
    expect(t.avg_transit_tenths).not.toBeNull();
    // A reweigh billed as an adjustment, and a booking below the highest rate its kept quote showed.
    expect(t.accuracy.reweighed).toBeGreaterThan(0);
    expect(t.accuracy.amount_cents).toBeGreaterThan(0);
    expect(t.savings_cents).toBeGreaterThan(0);
    expect(accessorialsOf(facts).length).toBeGreaterThan(0);
    expect(groupBy(facts, GROUP_KEYS.carrier).size).toBeGreaterThan(1);
    expect(groupBy(facts, GROUP_KEYS.lane).size).toBeGreaterThan(1);
    // The late deliveries are a carrier's, so filtering one carrier still finds some.
    const late = facts.filter((s) => behindFigure(s, 'delivered_late'));
    expect(late.length).toBeGreaterThan(0);
  });

  it("sums every demo account's figures into the summary as the facts give them", async () => {
    const db = demo().db;
    await analyticsSummary({ db, now: () => now }).full();
    const [shipper] = await db.select().from(users).where(eq(users.email, 'shipper@demo.test'));
    const filter = { accountId: shipper?.accountId ?? '', from: '2026-06-01', to: '2026-11-25', currency: 'USD' };
    const [total] = (await analyticsSummaryRepository(db).grouped(filter, 'month')).filter((r) => r.set === 'total');
    const expected = totalsOf(await analyticsRepository(db).facts(filter));
    expect(expected.shipments).toBeGreaterThan(10);
    expect(totalsFrom(total ?? noSums())).toEqual(expected);
  });

  it('has the demo shipper read the Analytics report by mail weekly', async () => {
    const [shipper] = await demo().db.select().from(users).where(eq(users.email, 'shipper@demo.test'));
    expect(await reportMailRepository(demo().db).choice(shipper?.id ?? '')).toBe('weekly');
  });
});
