// The SQL statements behind one POST /api/quotes on PostgreSQL: how many, which, and how long each
// takes from the server's side (round trip on an otherwise idle database).
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/quote-queries.ts
// (creates and drops its own database; the app runs in this process through `inject`)

import pg from 'pg';
import { benchDatabase, signedInApp } from './setup';
import { benchQuoteRequest } from './shipment';

const QUOTES = Number(process.env.BENCH_QUOTES ?? 200);
/** Every statement a pooled client sends, by its SQL text: how often and how long (ms). */
const seen = new Map<string, { n: number; ms: number }>();
let recording = false;
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  if (!recording) return original.apply(this, args);
  const first = args[0] as string | { text: string };
  const text = (typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ');
  const started = performance.now();
  const done = () => {
    const entry = seen.get(text) ?? { n: 0, ms: 0 };
    entry.n += 1;
    entry.ms += performance.now() - started;
    seen.set(text, entry);
  };
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...cbArgs: unknown[]) => {
      done();
      return (callback as (...a: unknown[]) => unknown)(...cbArgs);
    };
    return original.apply(this, args);
  }
  const result = original.apply(this, args) as Promise<unknown>;
  return result.finally(done);
};

const bench = await benchDatabase('q', 5);
try {
  const { app, send } = await signedInApp(bench.database);

  const body = JSON.stringify(benchQuoteRequest());
  // The first quote fills the per-process caches (carriers, diesel, exchange rates).
  const warm = await send('POST', '/api/quotes', body);
  if (warm.statusCode !== 201) throw new Error(`quote failed: ${warm.statusCode} ${warm.body.slice(0, 300)}`);

  recording = true;
  const started = performance.now();
  for (let i = 0; i < QUOTES; i++) await send('POST', '/api/quotes', body);
  const elapsed = performance.now() - started;
  recording = false;

  const reader = new pg.Client({ connectionString: bench.url });
  await reader.connect();
  const stored = (
    await reader.query(
      'select avg(octet_length(result::text))::int as text_bytes, avg(pg_column_size(result))::int as on_disk_bytes from quotes',
    )
  ).rows[0];
  await reader.end();
  const statements = [...seen]
    .map(([sql, s]) => ({ per_quote: Number((s.n / QUOTES).toFixed(2)), mean_ms: Number((s.ms / s.n).toFixed(3)), sql: sql.slice(0, 160) }))
    .sort((a, b) => b.per_quote - a.per_quote);
  console.log(
    JSON.stringify(
      {
        quotes: QUOTES,
        statements_per_quote: Number(statements.reduce((s, q) => s + q.per_quote, 0).toFixed(2)),
        db_ms_per_quote: Number(([...seen.values()].reduce((s, q) => s + q.ms, 0) / QUOTES).toFixed(3)),
        quote_ms_sequential: Number((elapsed / QUOTES).toFixed(3)),
        response_bytes: warm.body.length,
        stored_result_bytes: stored,
        statements,
      },
      null,
      2,
    ),
  );
  await app.close();
} finally {
  await bench.drop();
}
