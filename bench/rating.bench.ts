// Rating engine throughput on one core: a 10-carrier LTL quote (3 items, accessorials, fuel),
// repeated. Run: npx tsx bench/rating.bench.ts   (prints JSON; results go to bench/README.md)
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { DEMO_LTL_TARIFF, type LtlShipment, type LtlTariff, rateLtl } from '@freight/domain/rating';

const carriers: LtlTariff[] = Array.from({ length: 10 }, (_, i) => ({
  ...DEMO_LTL_TARIFF,
  carrier: `C${i}`,
  discount_bp: 6000 + i * 200,
  amc_cents: 11_800 + i * 500,
}));

const shipment: LtlShipment = {
  origin: { postal_code: '60606', country: 'US' },
  destination: { postal_code: '10001', country: 'US' },
  pickup_date: '2026-12-01',
  diesel_usd_per_gal: 3.6,
  lane_factor: 1.1,
  accessorials: ['liftgate_delivery', 'residential_delivery', 'notify_prior_to_arrival'],
  items: [
    { length_in: 48, width_in: 40, height_in: 48, quantity: 2, unit_weight_lb: 300, package_type: 'pallets' },
    { length_in: 48, width_in: 40, height_in: 36, quantity: 1, unit_weight_lb: 450, package_type: 'pallets', stackable: false },
    { length_in: 24, width_in: 20, height_in: 20, quantity: 4, unit_weight_lb: 40, package_type: 'boxes', freight_class: 100 },
  ],
};

function quote() {
  let total = 0;
  for (const tariff of carriers) {
    const r = rateLtl(tariff, shipment);
    if (r.status === 'rated') total += r.total_cents;
  }
  return total;
}

// Warm up the JIT, then time batches so the clock's resolution does not matter.
for (let i = 0; i < 2_000; i++) quote();
const batches = 50;
const perBatch = 400;
const batchMs: number[] = [];
let sink = 0;
for (let b = 0; b < batches; b++) {
  const start = performance.now();
  for (let i = 0; i < perBatch; i++) sink += quote();
  batchMs.push(performance.now() - start);
}
const quoteMs = batchMs.map((ms) => ms / perBatch).sort((a, b) => a - b);
const totalQuotes = batches * perBatch;
const totalMs = batchMs.reduce((a, b) => a + b, 0);
console.log(
  JSON.stringify(
    {
      date: new Date().toISOString().slice(0, 10),
      cpu: cpus()[0]?.model,
      node: process.version,
      carriers_per_quote: carriers.length,
      quotes: totalQuotes,
      carrier_rates_per_second: Math.round((totalQuotes * carriers.length) / (totalMs / 1000)),
      quote_ms_median: Number(quoteMs[Math.floor(quoteMs.length / 2)]?.toFixed(4)),
      quote_ms_worst_batch: Number(quoteMs.at(-1)?.toFixed(4)),
      // Printed so the timed work cannot be optimised away, and to show the rates are real.
      accumulated_total_cents: sink,
    },
    null,
    2,
  ),
);
