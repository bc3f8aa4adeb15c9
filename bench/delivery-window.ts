// Learned delivery windows: what the window adds to a quote. Target: under 1 ms a quote.
// The quote looks each rate's window up in the in-memory cache (window-cache.ts) the refresh job
// keeps; this bench times that part alone (ready() and one windowOf() per rated carrier, as
// quotes.service.ts calls them) and, in the same run as the baseline, the whole rating of the same
// quote (rateEveryCarrier: every carrier rated and priced, the windows included).
// Data: the demo carriers, the scorecards' and the delivery windows' demo history (a year of
// Lakeside loads, every lane's histogram counted), on an in-memory PGlite database.
// Run: npx tsx bench/delivery-window.ts   (BENCH_ROUNDS: quotes timed per part, 2,000 by default)

import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed';
import { seedDemoDeliveryWindows } from '../apps/server/src/db/seed-delivery-windows';
import { seedDemoScorecards } from '../apps/server/src/db/seed-scorecards';
import { windowCache } from '../apps/server/src/modules/delivery-windows/window-cache';
import type { QuoteInput } from '../apps/server/src/modules/quotes/quotes.service';
import { quotesService } from '../apps/server/src/modules/quotes/quotes.service';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2_000);
// Monday after the demo's "today": a quotable pickup on the demo lane.
const now = new Date('2026-11-25T16:00:00Z');
const clock = () => now;

const database = await openDatabase({ dataDir: 'memory://' });
await database.migrate();
await seedDemo(database.db, now, { activity: false });
await database.db.transaction(async (tx) => {
  await seedDemoScorecards(tx, now);
  await seedDemoDeliveryWindows(tx, now, 'America/Chicago');
});
const db = database.db;

const input = {
  mode: 'ltl',
  pickup_date: '2026-11-30',
  origin: { postal_code: '60606', country: 'US', site_type: 'business' },
  destination: { postal_code: '75201', country: 'US', site_type: 'business' },
  items: [{ package_type: 'pallets', quantity: 2, length: 48, width: 48, height: 48, weight: 300, stackable: true, hazardous: false }],
  accessorials: [],
  insured_value: 0,
  currency: 'USD',
  unit_system: 'imperial',
} as unknown as QuoteInput;

const service = quotesService({ db, now: clock });
const sample = await service.rateEveryCarrier(input, null);
const carriers = sample.result.rates.map((r) => ({ carrierId: r.carrier_id, promisedDays: r.transit_days }));
const learned = sample.result.rates.filter((r) => r.delivery_window?.source === 'history').length;

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const stats = (xs: number[]) => ({
  mean: xs.reduce((s, x) => s + x, 0) / xs.length,
  p50: percentile(xs, 50),
  p99: percentile(xs, 99),
});

// The window part of a quote: what quotes.service.ts does per quote and per rate.
const cache = windowCache({ db, now: clock });
async function windowPart() {
  await cache.ready();
  let n = 0;
  for (const c of carriers)
    n += cache.windowOf({
      carrierId: c.carrierId,
      originCountry: 'US',
      originState: 'IL',
      destinationCountry: 'US',
      destinationState: 'TX',
      promisedDays: c.promisedDays,
      pickupDate: input.pickup_date,
    }).late_days;
  return n;
}

const windowMs: number[] = [];
const quoteMs: number[] = [];
// Warm-up, then alternate the two so both see the same machine.
for (let i = 0; i < 200; i++) {
  await windowPart();
  if (i % 10 === 0) await service.rateEveryCarrier(input, null);
}
for (let i = 0; i < ROUNDS; i++) {
  const w0 = performance.now();
  await windowPart();
  windowMs.push(performance.now() - w0);
  if (i % 10 === 0) {
    const q0 = performance.now();
    await service.rateEveryCarrier(input, null);
    quoteMs.push(performance.now() - q0);
  }
}
const w = stats(windowMs);
const q = stats(quoteMs);
const f = (x: number) => x.toFixed(4);
console.log(`rates per quote: ${carriers.length} (${learned} with a learned window)`);
console.log(`window part of a quote: mean ${f(w.mean)} ms, p50 ${f(w.p50)} ms, p99 ${f(w.p99)} ms (${windowMs.length} quotes)`);
console.log(
  `baseline, the whole rating of the quote: mean ${f(q.mean)} ms, p50 ${f(q.p50)} ms, p99 ${f(q.p99)} ms (${quoteMs.length} quotes)`,
);
console.log(`target under 1 ms a quote: ${w.p99 < 1 ? 'met' : 'NOT met'} (p99)`);
await database.close();
