// Address-book search on PostgreSQL in a book of 100,000 addresses: GET /api/addresses latency.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/address-search.ts
// (creates and drops its own database; the app listens on 127.0.0.1 only and stops by itself)
// Fills the demo shipper's book with 2 x 50,000 generated addresses through the CSV import, then
// sends each list request of the mix below in turn (one at a time, 25 a page, the count included)
// and reports p50 / p95 / p99 / max in ms per kind and overall, measured by the client over HTTP.

import { addressCsv } from './address-data';
import { startBench } from './address-http';
import { latencyStats } from './latency';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);

const QUERIES: Record<string, string[]> = {
  'list, default sort': ['', 'page=2', 'page=40'],
  'list, other sorts': ['sort=city&dir=desc', 'sort=contact', 'sort=postal_code', 'sort=created_at&dir=desc', 'sort=state'],
  'company (one entry)': ['q=Summit%20Logistics%20A4711', 'q=granite%20paper%20b999', 'q=a31337'],
  'company word': ['q=hardware', 'q=harbor%20foods', 'q=keystone'],
  contact: ['q=priya%20patel', 'q=kowalski', 'q=jamal'],
  city: ['q=memphis', 'q=kansas%20city&sort=company', 'q=toronto&sort=contact'],
  'postal code': ['q=75201', 'q=m5v%203l9', 'q=0210'],
  street1: ['q=industrial%20pkwy', 'q=4521%20oak'],
  'no match': ['q=zzzz', 'q=nothing%20here'],
};

const bench = await startBench('addr_search');
try {
  for (const part of ['A', 'B']) {
    const res = await bench.send('POST', '/api/addresses/import', addressCsv(50_000, part, part.charCodeAt(0)), 'text/csv');
    const report = await res.json();
    if (report.imported !== 50_000) throw new Error(`fill ${part}: ${JSON.stringify(report).slice(0, 300)}`);
  }
  // As autovacuum leaves the book a minute after a big import: the search index's pending list merged.
  await bench.sql('vacuum analyze address_book');
  const [{ n: book }] = (await bench.sql('select count(*)::int n from address_book')).rows;

  const all: number[] = [];
  const byKind: Record<string, number[]> = {};
  const totals: Record<string, number> = {};
  // Warm-up: every query once.
  for (const qs of Object.values(QUERIES)) for (const q of qs) await bench.send('GET', `/api/addresses?per_page=25&${q}`);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [kind, qs] of Object.entries(QUERIES)) {
      for (const q of qs) {
        const t0 = performance.now();
        const res = await bench.send('GET', `/api/addresses?per_page=25&${q}`);
        const body = await res.json();
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${q}: ${res.status}`);
        totals[q] = body.meta.total;
        all.push(ms);
        byKind[kind] = [...(byKind[kind] ?? []), ms];
      }
    }
  }
  const plan = await bench.sql(
    `explain (analyze, buffers off, costs off, timing off, summary on)
     select count(*) from address_book where account_id = (select account_id from users where email = 'shipper@demo.test')
       and search_text like lower('%memphis%')`,
  );
  console.log(
    JSON.stringify(
      {
        node: process.version,
        book,
        overall: latencyStats(all),
        by_kind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, latencyStats(v)])),
        matches: totals,
        plan_city_count: plan.rows.map((r) => r['QUERY PLAN']),
      },
      null,
      2,
    ),
  );
} finally {
  await bench.stop();
}
