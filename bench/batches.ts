// Shipping at volume: a 1,000-row batch uploaded (validated), rated and booked, with its merged
// documents, while another user of another account quotes. Targets (docs/batches.md): validated in
// under 3 s, rated in under 15 s, booked with its merged PDF in under 30 s, the server's memory
// bounded, and the other user's quotes p99 within 2x of the same quotes on the idle server, both
// measured in this run.
// Run on PostgreSQL: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/batches.ts
// On the embedded database: BENCH_DB=embedded npx tsx bench/batches.ts (in memory), or
// BENCH_DB=embedded-folder (in a data folder on disk, as `npm start` keeps it)
// (a fresh database with the demo data, dropped after; in-process through inject; stops by itself)
//
// The file: 1,000 LTL rows from Chicago to ten U.S. cities, one to three pallets each, both places
// typed in full. The other user: the prepaid demo account's, quoting benchQuoteRequest one request
// at a time, first 200 times on the idle server (fewer make a p99 that is only the slowest one),
// then throughout the batch's work, each quote counted in the step it started in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, nextBusinessDay } from '@freight/domain/rating';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed';
import { csvLine, goodRowCells, header } from '../apps/server/src/modules/batches/batches-csv.test-support';
import { latencyStats } from './latency';
import { benchDatabase, signedInApp, signedInTo } from './setup';
import { benchQuoteRequest } from './shipment';

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const IDLE_QUOTES = Number(process.env.BENCH_IDLE_QUOTES ?? 200);
const DESTINATIONS = [
  ['75201', 'Dallas', 'TX'],
  ['30303', 'Atlanta', 'GA'],
  ['10001', 'New York', 'NY'],
  ['90012', 'Los Angeles', 'CA'],
  ['98101', 'Seattle', 'WA'],
  ['33130', 'Miami', 'FL'],
  ['80202', 'Denver', 'CO'],
  ['02110', 'Boston', 'MA'],
  ['85004', 'Phoenix', 'AZ'],
  ['55401', 'Minneapolis', 'MN'],
] as const;

/**
 * `embedded` keeps the embedded database in memory, as the runs recorded before 2026-12-02 did;
 * `embedded-folder` keeps it in a data folder of its own, as `npm start` does (removed after).
 */
const EMBEDDED_IN: Record<string, string | undefined> = { embedded: 'memory://', 'embedded-folder': 'folder' };
const embeddedIn = EMBEDDED_IN[process.env.BENCH_DB ?? ''];
const bench = embeddedIn
  ? await (async () => {
      const folder = embeddedIn === 'folder' ? mkdtempSync(join(tmpdir(), 'fp-bench-batches-')) : undefined;
      const database = await openDatabase({ dataDir: folder ?? embeddedIn });
      await database.migrate();
      await seedDemo(database.db, new Date());
      return {
        database,
        drop: async () => {
          await database.close();
          if (folder) rmSync(folder, { recursive: true, force: true });
        },
      };
    })()
  : await benchDatabase('batches', 10);

const pickupDate = nextBusinessDay(addDays(new Date().toISOString().slice(0, 10), 3), 'US');
const file = [
  header,
  ...Array.from({ length: ROWS }, (_, n) => {
    const [postalCode, city, state] = DESTINATIONS[n % DESTINATIONS.length] ?? DESTINATIONS[0];
    return csvLine(
      goodRowCells(pickupDate, {
        client_ref: `BENCH-${n + 1}`,
        quantity: String(1 + (n % 3)),
        weight: String(300 + (n % 7) * 50),
        references: `po_number:BENCH-${n + 1}`,
        destination_postal_code: postalCode,
        destination_city: city,
        destination_state: state,
      }),
    );
  }),
].join('\n');

/** The step of the batch under way: the other user's quotes and the memory peaks are told per step. */
type Step = 'validate' | 'rate' | 'book' | 'documents';
let step: Step = 'validate';
const peakMbByStep: Partial<Record<Step, number>> = {};

/** The process's resident memory, sampled every 100 ms while `work` runs: its peak in MB, and each step's. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  const sample = () => {
    const mb = Math.round(process.memoryUsage().rss / 1024 / 1024);
    peakMbByStep[step] = Math.max(peakMbByStep[step] ?? 0, mb);
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { result, peakMb: Math.max(...Object.values(peakMbByStep)) };
  } finally {
    clearInterval(timer);
  }
}

try {
  const { app, send } = await signedInApp(bench.database);
  // One server for both people, as in production: the batch's bulk work sees the other's requests.
  const other = { send: await signedInTo(app, 'prepaid@demo.test') };
  const quote = JSON.stringify(benchQuoteRequest());
  const quoteOnce = async () => {
    const t0 = performance.now();
    const res = await other.send('POST', '/api/quotes', quote);
    if (res.statusCode !== 201) throw new Error(`quote: ${res.statusCode} ${res.body}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 5; i++) await quoteOnce();
  const idle: number[] = [];
  for (let i = 0; i < IDLE_QUOTES; i++) idle.push(await quoteOnce());

  const timed = async (method: 'GET' | 'POST', path: string, body?: string, type?: string) => {
    const t0 = performance.now();
    const res = await send(method, path, body, type);
    if (res.statusCode >= 400) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms: Math.round(performance.now() - t0), res };
  };
  const rssBefore = Math.round(process.memoryUsage().rss / 1024 / 1024);
  // The other user quotes throughout, one request at a time.
  let busy = true;
  const during: { ms: number; step: Step }[] = [];
  const quoting = (async () => {
    while (busy) {
      const at = step;
      during.push({ ms: await quoteOnce(), step: at });
    }
  })();
  const measured = peakRss(async () => {
    const uploaded = await timed('POST', '/api/batches?rule=cheapest&file_name=bench.csv', file, 'text/csv');
    const id = (uploaded.res.json() as { data: { id: string; rows_valid: number } }).data.id;
    step = 'rate';
    const rated = await timed('POST', `/api/batches/${id}/rate`, '{}');
    step = 'book';
    const booked = await timed('POST', `/api/batches/${id}/book`, JSON.stringify({ disclaimer_accepted: true }));
    step = 'documents';
    const documents = await timed('GET', `/api/batches/${id}/documents.pdf?language=en`);
    const rows = (booked.res.json() as { data: { rows: { status: string }[] } }).data.rows;
    const statuses: Record<string, number> = {};
    for (const r of rows) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    return {
      validate_ms: uploaded.ms,
      rows_valid: (uploaded.res.json() as { data: { rows_valid: number } }).data.rows_valid,
      rate_ms: rated.ms,
      book_ms: booked.ms,
      documents_ms: documents.ms,
      documents_mb: +(documents.res.rawPayload.length / 1024 / 1024).toFixed(1),
      book_and_documents_ms: booked.ms + documents.ms,
      statuses,
    };
  });
  // The other user stops quoting once the batch is done (or has failed: its error is the one told).
  const { result, peakMb } = await measured.finally(() => {
    busy = false;
  });
  await quoting;
  const idleStats = latencyStats(idle);
  const duringStats = latencyStats(during.map((d) => d.ms));
  const p99ByStep = Object.fromEntries(
    (['validate', 'rate', 'book', 'documents'] as const).flatMap((name) => {
      const mine = during.filter((d) => d.step === name).map((d) => d.ms);
      return mine.length ? [[name, { n: mine.length, p99: latencyStats(mine).p99 }]] : [];
    }),
  );
  console.log(
    JSON.stringify(
      {
        database: !embeddedIn ? 'PostgreSQL' : embeddedIn === 'folder' ? 'embedded (PGlite), data folder' : 'embedded (PGlite), in memory',
        rows: ROWS,
        ...result,
        rss_mb: { before: rssBefore, peak: peakMb, by_step: peakMbByStep },
        other_user_quotes_ms: {
          idle: idleStats,
          during: duringStats,
          p99_ratio: +(duringStats.p99 / idleStats.p99).toFixed(2),
          during_by_step: p99ByStep,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await bench.drop();
}
