// Address-book CSV import on PostgreSQL: a 50,000-row file from upload to committed.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/address-import.ts
// (creates and drops its own database; the app listens on 127.0.0.1 only and stops by itself)
// Three imports of 50,000 distinct addresses into the demo shipper's book (empty, then 50,000,
// then 100,000 entries), each preceded by a dry run of the same file; prints JSON. Between runs the
// book is vacuumed, as autovacuum does within a minute of a big import (BENCH_SETTLE=0: back to
// back, so the next import competes with autovacuum merging the last one's search index).

import { addressCsv } from './address-data';
import { startBench } from './address-http';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE = process.env.BENCH_SETTLE !== '0';

const bench = await startBench('addr_import');
const results = [];
try {
  // Diagnosis: BENCH_DROP_TRGM=1 measures without the search's trigram index.
  if (process.env.BENCH_DROP_TRGM === '1') await bench.sql('drop index if exists address_book_search_trgm_idx');
  if (process.env.BENCH_TRGM_FASTUPDATE === 'off') await bench.sql('alter index address_book_search_trgm_idx set (fastupdate = off)');
  for (let run = 1; run <= RUNS; run += 1) {
    if (SETTLE && run > 1) await bench.sql('vacuum analyze address_book');
    const csv = addressCsv(ROWS, `R${run}-`, run);
    const bytes = Buffer.byteLength(csv);
    const [{ n: before }] = (await bench.sql('select count(*)::int n from address_book')).rows;
    let c0 = await bench.cpu();
    let t0 = performance.now();
    const dry = await bench.send('POST', '/api/addresses/import?dry_run=1', csv, 'text/csv');
    const dryMs = performance.now() - t0;
    const dryReport = await dry.json();
    const dryCpu = bench.cpuSpent(c0, await bench.cpu());
    c0 = await bench.cpu();
    t0 = performance.now();
    const res = await bench.send('POST', '/api/addresses/import', csv, 'text/csv');
    const report = await res.json();
    const importMs = performance.now() - t0;
    const importCpu = bench.cpuSpent(c0, await bench.cpu());
    const [{ n: after }] = (await bench.sql('select count(*)::int n from address_book')).rows;
    if (res.status !== 200 || report.imported !== ROWS || after - before !== ROWS) {
      throw new Error(`run ${run}: ${res.status} ${JSON.stringify({ ...report, errors: report.errors?.slice(0, 3) })}`);
    }
    results.push({
      run,
      book_before: before,
      rows: ROWS,
      megabytes: +(bytes / 1024 / 1024).toFixed(2),
      dry_run_ms: Math.round(dryMs),
      dry_run_valid: dryReport.rows_valid,
      dry_run_cpu: dryCpu,
      import_ms: Math.round(importMs),
      import_cpu: importCpu,
      committed: after - before,
    });
  }
  console.log(
    JSON.stringify(
      { node: process.version, settled: SETTLE, load_average: (await import('node:os')).loadavg().map((l) => +l.toFixed(1)), results },
      null,
      2,
    ),
  );
} finally {
  await bench.stop();
}
