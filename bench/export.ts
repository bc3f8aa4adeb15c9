// My Shipments exported whole (GET /api/shipments/export) for one account of 250,000 shipments,
// as CSV and as XLSX, on PostgreSQL: the time to the first and the last byte, and the server's
// resident memory before, during (its peak, sampled every 50 ms) and after each export, which
// should stay flat (the rows are read 1,000 at a time and written as they come). Baseline in the
// same run: GET /api/user.
// Target: the whole file under 20 s.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --expose-gc --import tsx bench/export.ts
// (--expose-gc: memory is read after a collection, so "before" and "after" are what is kept)
// (creates and drops its own database; the app runs in this process, listening on 127.0.0.1 only,
// so the memory read is the app's plus this client's, which keeps no byte of the body).
// BENCH_SHIPMENTS sets the account's shipments (250,000), BENCH_ROUNDS the exports of each format (2).

import pg from 'pg';
import { startBench } from './address-http';
import { fillShipments } from './shipments-data';

const TOTAL = Number(process.env.BENCH_SHIPMENTS ?? 250_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

const bench = await startBench('export');
try {
  const fill0 = performance.now();
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  // Every generated shipment is the demo shipper's (a share of 1): one account of TOTAL.
  await fillShipments(client, TOTAL, 1, { accounts: 1, events: false });
  // None delivered: the app's invoicing would otherwise bill the delivered ones while the exports run.
  await client.query(`update shipments set status = 'in_transit', delivered_at = null where rate_id = 'bench' and status = 'delivered'`);
  await client.query('vacuum analyze shipments');
  await client.end();
  const fillSeconds = (performance.now() - fill0) / 1000;

  const baseline: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const t0 = performance.now();
    const res = await bench.send('GET', '/api/user');
    await res.text();
    baseline.push(performance.now() - t0);
  }
  baseline.sort((a, b) => a - b);

  /** One export read to its last byte: timings, size, pieces, and the memory around it. */
  async function exportOnce(format: 'csv' | 'xlsx') {
    global.gc?.();
    const before = process.memoryUsage();
    let peak = before.rss;
    let heapPeak = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.rss);
      heapPeak = Math.max(heapPeak, now.heapUsed);
    }, 50);
    const t0 = performance.now();
    const res = await bench.send('GET', `/api/shipments/export?format=${format}`);
    if (res.status !== 200 || !res.body) throw new Error(`${format}: ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    let first = 0;
    let bytes = 0;
    let pieces = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      if (!pieces) first = performance.now() - t0;
      pieces += 1;
      bytes += next.value.length;
    }
    const last = performance.now() - t0;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    await new Promise((r) => setTimeout(r, 1_000));
    global.gc?.();
    const after = process.memoryUsage();
    return {
      format,
      rows: Number(res.headers.get('x-total-count')),
      first_byte_ms: Math.round(first),
      last_byte_s: +(last / 1000).toFixed(2),
      mb: +(bytes / 1024 / 1024).toFixed(1),
      pieces,
      rss_mb: { before: mb(before.rss), peak: mb(peak), after: mb(after.rss) },
      heap_used_mb: { before: mb(before.heapUsed), peak: mb(heapPeak), after: mb(after.heapUsed) },
    };
  }

  const results = [];
  for (let round = 0; round < ROUNDS; round += 1) for (const format of ['csv', 'xlsx'] as const) results.push(await exportOnce(format));
  const pct = (p: number) => +(baseline[Math.min(baseline.length - 1, Math.floor((p / 100) * baseline.length))] ?? 0).toFixed(1);
  console.log(
    JSON.stringify({ shipments: TOTAL, fill_seconds: Math.round(fillSeconds), baseline_user_ms: { p50: pct(50), p95: pct(95) } }),
  );
  for (const r of results) console.log(JSON.stringify(r));
} finally {
  await bench.stop();
}
