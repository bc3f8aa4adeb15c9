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
// typed in full. Two other users of other accounts quote benchQuoteRequest, first on the idle server
// until each has quoted 200 times (fewer make a p99 that is only the slowest one), then
// throughout the batch's work, each quote counted in the step it started in:
// - the prepaid demo account's, one request at a time (a closed loop: each quote waits for the one
//   before, so whatever the batch gives up, this user takes, and a slow answer delays the next);
// - Other Freight's, one quote every 1/BENCH_OPEN_QPS s (5 a second) whatever the answers (an open
//   loop, as independent people arrive), each timed from when it was due, so a quote held up behind
//   the batch's work counts its whole wait.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, nextBusinessDay } from '@freight/domain/rating';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed';
import { csvLine, goodRowCells, header } from '../apps/server/src/modules/batches/batches-csv.test-support';
import { startCpuProfile } from './cpu-profile';
import { latencyStats } from './latency';
import { benchDatabase, signedInApp, signedInTo } from './setup';
import { benchQuoteRequest } from './shipment';

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const IDLE_QUOTES = Number(process.env.BENCH_IDLE_QUOTES ?? 200);
const OPEN_QPS = Number(process.env.BENCH_OPEN_QPS ?? 5);
/** A step whose CPU profile of the server's thread is written to bench/.profiles/ and summarised (`book`, say). */
const PROFILE_STEP = process.env.BENCH_PROFILE;
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

/** Where a step's CPU profile goes: bench/.profiles/, kept out of git. */
function profileFile(name: string) {
  const folder = join(import.meta.dirname, '.profiles');
  mkdirSync(folder, { recursive: true });
  return join(folder, `batches-${name}-${process.env.BENCH_DB ?? 'postgres'}.cpuprofile`);
}

/** The step of the batch under way: the other user's quotes and the memory peaks are told per step. */
type Step = 'validate' | 'rate' | 'book' | 'documents';
let step: Step | 'idle' = 'idle';
const peakMbByStep: Partial<Record<Step | 'idle', number>> = {};

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
  const closedUser = await signedInTo(app, 'prepaid@demo.test');
  const openUser = await signedInTo(app, 'other@demo.test');
  const quote = JSON.stringify(benchQuoteRequest());
  /** A quote's time from `since` (when it was sent, or due) to its answer. */
  const quoteOnce = async (send: typeof closedUser, since = performance.now()) => {
    const res = await send('POST', '/api/quotes', quote);
    if (res.statusCode !== 201) throw new Error(`quote: ${res.statusCode} ${res.body}`);
    return performance.now() - since;
  };
  for (let i = 0; i < 5; i++) await Promise.all([quoteOnce(closedUser), quoteOnce(openUser)]);

  interface Timed {
    ms: number;
    step: Step | 'idle';
  }
  const closed: Timed[] = [];
  const open: Timed[] = [];
  let quoting = true;
  const closedLoop = (async () => {
    while (quoting) {
      const at = step;
      closed.push({ ms: await quoteOnce(closedUser), step: at });
    }
  })();
  const openQuotes: Promise<void>[] = [];
  const openLoop = (async () => {
    const start = performance.now();
    for (let n = 0; quoting; n++) {
      const due = start + (n * 1000) / OPEN_QPS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const at = step;
      openQuotes.push(quoteOnce(openUser, due).then((ms) => void open.push({ ms, step: at })));
    }
  })();
  // Until each user has quoted IDLE_QUOTES times on the idle server (the open loop's pace sets the
  // wait: 40 s at 5 a second), racing the closed loop, so that a failing quote ends the bench.
  const idleCount = (quotes: Timed[]) => quotes.filter((q) => q.step === 'idle').length;
  while (idleCount(closed) < IDLE_QUOTES || idleCount(open) < IDLE_QUOTES) {
    await Promise.race([closedLoop, new Promise((resolve) => setTimeout(resolve, 50))]);
  }

  const timed = async (method: 'GET' | 'POST', path: string, body?: string, type?: string) => {
    const t0 = performance.now();
    const res = await send(method, path, body, type);
    if (res.statusCode >= 400) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms: Math.round(performance.now() - t0), res };
  };
  const rssBefore = Math.round(process.memoryUsage().rss / 1024 / 1024);
  const measured = peakRss(async () => {
    step = 'validate';
    const uploaded = await timed('POST', '/api/batches?rule=cheapest&file_name=bench.csv', file, 'text/csv');
    const id = (uploaded.res.json() as { data: { id: string; rows_valid: number } }).data.id;
    step = 'rate';
    const rated = await timed('POST', `/api/batches/${id}/rate`, '{}');
    step = 'book';
    const stopProfile = PROFILE_STEP === 'book' ? await startCpuProfile(profileFile('book')) : undefined;
    const booked = await timed('POST', `/api/batches/${id}/book`, JSON.stringify({ disclaimer_accepted: true }));
    const profiled = await stopProfile?.();
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
      ...(profiled ? { book_profile: profiled } : {}),
    };
  });
  // The other users stop quoting once the batch is done (or has failed: its error is the one told).
  const { result, peakMb } = await measured.finally(() => {
    quoting = false;
  });
  await Promise.all([closedLoop, openLoop]);
  await Promise.all(openQuotes);
  /** One user's quotes: on the idle server, during the batch, the ratio of the p99s, and the p99 of each step. */
  const userStats = (quotes: Timed[]) => {
    const idle = latencyStats(quotes.filter((q) => q.step === 'idle').map((q) => q.ms));
    const during = latencyStats(quotes.filter((q) => q.step !== 'idle').map((q) => q.ms));
    return {
      idle,
      during,
      p99_ratio: +(during.p99 / idle.p99).toFixed(2),
      during_by_step: Object.fromEntries(
        (['validate', 'rate', 'book', 'documents'] as const).flatMap((name) => {
          const mine = quotes.filter((q) => q.step === name).map((q) => q.ms);
          return mine.length ? [[name, { n: mine.length, p99: latencyStats(mine).p99 }]] : [];
        }),
      ),
    };
  };
  console.log(
    JSON.stringify(
      {
        database: !embeddedIn ? 'PostgreSQL' : embeddedIn === 'folder' ? 'embedded (PGlite), data folder' : 'embedded (PGlite), in memory',
        rows: ROWS,
        ...result,
        rss_mb: { before: rssBefore, peak: peakMb, by_step: peakMbByStep },
        other_user_quotes_ms: userStats(closed),
        open_loop_quotes_ms: { per_second: OPEN_QPS, ...userStats(open) },
      },
      null,
      2,
    ),
  );
} finally {
  await bench.drop();
}
