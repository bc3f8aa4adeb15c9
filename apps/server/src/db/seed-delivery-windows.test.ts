import { MIN_WINDOW_SAMPLE, sampleOf } from '@freight/domain/analytics';
import { ratesWithinOneCountry } from '@freight/domain/rating';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryWindowsRepository } from '../modules/delivery-windows/delivery-windows.repository';
import { windowCache } from '../modules/delivery-windows/window-cache';
import { openDatabase } from './client';
import { carriers } from './schema';
import { seedDemo } from './seed';
import { seedDemoDeliveryWindows } from './seed-delivery-windows';
import { seedDemoScorecards } from './seed-scorecards';

/** The Wednesday before Thanksgiving, 10:00 in Chicago. */
const now = new Date('2026-11-25T16:00:00Z');
let database: Awaited<ReturnType<typeof openDatabase>>;
const demo = () => database;
// The carriers and the two parts that book the history (the whole demo takes minutes on a busy machine).
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedDemo(database.db, now, { activity: false });
  await database.db.transaction(async (tx) => {
    await seedDemoScorecards(tx, now);
    await seedDemoDeliveryWindows(tx, now, 'America/Chicago');
  });
});
afterAll(() => database?.close());

describe('the demo delivery windows', () => {
  it('learn a window on the demo lanes for every carrier but one LTL carrier, which keeps its promise', async () => {
    const db = demo().db;
    const bars = await deliveryWindowsRepository(db).bars();
    const lanes = new Map<string, Map<number, number>>();
    for (const b of bars)
      lanes.set(`${b.carrierId}|${b.lane}`, (lanes.get(`${b.carrierId}|${b.lane}`) ?? new Map()).set(b.days, b.shipments));
    const learned = [...lanes].filter(([, h]) => sampleOf(h) >= MIN_WINDOW_SAMPLE).map(([k]) => k);
    expect(new Set(learned.map((k) => k.split('|')[1]))).toEqual(new Set(['US-IL>US-TX', 'US-IL>US-GA', 'US-IL>US-AZ']));
    const ltl = (await db.select().from(carriers))
      .filter((c) => c.mode === 'ltl' && ratesWithinOneCountry(c.tariff))
      .sort((a, b) => a.scac.localeCompare(b.scac));
    const cache = windowCache({ db, now: () => now });
    await cache.ready();
    const lookup = {
      originCountry: 'US',
      originState: 'IL',
      destinationCountry: 'US' as const,
      destinationState: 'TX',
      promisedDays: 2,
      pickupDate: '2026-11-30',
    };
    const windows = ltl.map((c) => cache.windowOf({ carrierId: c.id, ...lookup }));
    expect(windows.at(-1)?.source).toBe('promise');
    for (const w of windows.slice(0, -1)) {
      expect(w.source).toBe('history');
      expect(w.late_days).toBeGreaterThan(w.typical_days);
    }
  });
});
