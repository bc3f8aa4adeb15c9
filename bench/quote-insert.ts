// What storing a quote costs PostgreSQL, one row per statement (as POST /api/quotes does) against
// several rows per statement: CPU of the database's PostgreSQL backends per stored quote, with 32 writers.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/quote-insert.ts
// (creates and drops its own database; BENCH_ROWS per variant, default 4000)
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { backendCpuMs, backendCpuSince } from './postgres-cpu';
import { adminUrl, benchDatabase, signedInApp } from './setup';
import { benchQuoteRequest } from './shipment';

const ROWS = Number(process.env.BENCH_ROWS ?? 4000);
const WRITERS = 32;
const COLUMNS = [
  'id',
  'account_id',
  'user_id',
  'mode',
  'client_ref',
  'input',
  'result',
  'lowest_total_cents',
  'currency',
  'saved',
  'created_at',
];

/** `perStatement` rows in each INSERT, WRITERS statements in flight; PostgreSQL CPU per row. */
async function variant(pool: pg.Pool, database: string, template: Record<string, unknown>, perStatement: number) {
  const values = (n: number) =>
    Array.from({ length: n }, (_, r) => `(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`).join(', ');
  const text = `insert into quotes (${COLUMNS.join(', ')}) values ${values(perStatement)}`;
  const name = `bench_insert_${perStatement}`;
  let left = ROWS / perStatement;
  const cpuBefore = await backendCpuMs(adminUrl, database);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (left-- > 0) {
        const params = Array.from({ length: perStatement }, () =>
          COLUMNS.map((c) => (c === 'id' ? randomUUID() : c === 'input' || c === 'result' ? JSON.stringify(template[c]) : template[c])),
        ).flat();
        await pool.query({ name, text, values: params });
      }
    }),
  );
  const ms = performance.now() - started;
  return {
    rows_per_statement: perStatement,
    rows_per_s: Math.round(ROWS / (ms / 1000)),
    postgres_cpu_ms_per_row: Number(((await backendCpuSince(adminUrl, database, cpuBefore)) / ROWS).toFixed(3)),
  };
}

const bench = await benchDatabase('i', 2);
try {
  // One real quote of the load benchmark, stored by the app, is the row every variant copies.
  const { app, send } = await signedInApp(bench.database);
  const quote = await send('POST', '/api/quotes', JSON.stringify(benchQuoteRequest()));
  if (quote.statusCode !== 201) throw new Error(`quote failed: ${quote.statusCode}`);
  await app.close();

  const pool = new pg.Pool({ connectionString: bench.url, max: 20 });
  const template = (await pool.query(`select ${COLUMNS.join(', ')} from quotes limit 1`)).rows[0];
  const results = [];
  for (const perStatement of [1, 4, 16]) results.push(await variant(pool, bench.name, template, perStatement));
  await pool.end();
  console.log(JSON.stringify({ rows: ROWS, writers: WRITERS, results }, null, 2));
} finally {
  await bench.drop();
}
