// Public tracking lookups and the My Shipments search on PostgreSQL with a million shipments.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/tracking-load.ts
// (creates and drops its own database; the app listens on 127.0.0.1 only; stops by itself)
//
// 0. A bare Fastify hello-world at 64 connections for 10 s: the machine's pace in this run.
// 1. GET /api/public/tracking/:number at 64 connections for BENCH_SECONDS, each request a random
//    BOL or PRO number of the million, from a random client address (X-Forwarded-For with
//    TRUST_PROXY=1): the per-address lookup throttle stays on and is paid for by every request,
//    as in production; target p99 < 20 ms. First BENCH_WARMUP_SECONDS (5) of the same load, not
//    counted; then per_second: lookups answered / their p99 in each second of the run.
// 2. GET /api/shipments as the demo shipper (a quarter of the million are theirs), one request at a
//    time, a mix of searches, filters and sorts, 25 a page with the count; target p95 < 50 ms.
// BENCH_KEEP_DB=fp_bench_tracking_kept keeps the filled database under that name and a later run
// with the same setting skips the fill (drop it by hand when done).
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { latencyStats } from './latency';
import { backendCpuMs, backendCpuSince, processCpuMs } from './postgres-cpu';
import { adminBase, freshDatabase, memoryMb, signIn, startApp, startNode, waitFor, withClient } from './server-process';
import { fillShipments } from './shipments-data';

const TOTAL = Number(process.env.BENCH_SHIPMENTS ?? 1_000_000);
const SHIPPER_SHARE = 0.25;
const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PORT = 3203;
const origin = `http://127.0.0.1:${PORT}`;

/** Transactions the database has committed: one per batch statement of lookups (and the odd job poll). */
const statementsRun = (url: string) =>
  withClient(url, async (c) =>
    Number((await c.query('select xact_commit from pg_stat_database where datname = current_database()')).rows[0].xact_commit),
  );
const run = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));

const database = await freshDatabase('tracking', process.env.BENCH_KEEP_DB);
const app = startApp(database.url, PORT, { TRUST_PROXY: '1' });
try {
  await waitFor(`${origin}/sanctum/csrf-cookie`);
  const t0 = performance.now();
  if (!database.existing) await withClient(database.url, (c) => fillShipments(c, TOTAL, SHIPPER_SHARE));
  // A kept database starts without the last run's counters (one row per random address).
  else await withClient(database.url, (c) => c.query('truncate throttles'));
  const fillSeconds = database.existing ? null : Math.round((performance.now() - t0) / 1000);
  const { shipments, events, numbers, shipper } = await withClient(database.url, async (c) => ({
    shipments: (await c.query('select count(*)::int n from shipments')).rows[0].n as number,
    events: (await c.query('select count(*)::int n from shipment_events')).rows[0].n as number,
    shipper: (
      await c.query(
        `select count(*)::int n from shipments s join users u on u.account_id = s.account_id where u.email = 'shipper@demo.test'`,
      )
    ).rows[0].n as number,
    numbers: (
      await c.query(`select bol_number, pro_number, reference_number, origin_city from shipments tablesample system (2) limit 20000`)
    ).rows as { bol_number: string; pro_number: string; reference_number: string; origin_city: string }[],
  }));
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
  const randomIp = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

  // The machine's pace in this run: a bare Fastify hello-world at the same 64 connections, 10 s.
  const hello = startNode(['bench/hello.ts'], { PORT: String(PORT + 1) });
  await waitFor(`http://127.0.0.1:${PORT + 1}/`);
  const helloRun = await run({ url: `http://127.0.0.1:${PORT + 1}/`, connections: CONNECTIONS, duration: 10 });
  hello.kill('SIGTERM');

  // 1. Public lookups.
  const probe = await fetch(`${origin}/api/public/tracking/${numbers[0]?.bol_number}`, { headers: { 'x-forwarded-for': randomIp() } });
  if (probe.status !== 200) throw new Error(`lookup probe: ${probe.status} ${await probe.text()}`);
  // Each lookup's latency by the second of the run it answered in: the machine's pace can change
  // within a run, and the p99 follows the lookups a second.
  let secondsFrom = performance.now();
  let bySecond: number[][] = [];
  const lookupLoad = (duration: number): autocannon.Options => ({
    url: origin,
    connections: CONNECTIONS,
    duration,
    setupClient: (client) =>
      client.on('response', (_status: number, _bytes: number, ms: number) => {
        const second = Math.floor((performance.now() - secondsFrom) / 1000);
        if (second >= duration) return;
        const latencies = bySecond[second] ?? [];
        latencies.push(ms);
        bySecond[second] = latencies;
      }),
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const row = pick(numbers);
          const number = Math.random() < 0.5 ? row.bol_number : row.pro_number;
          return { ...req, path: `/api/public/tracking/${number}`, headers: { ...req.headers, 'x-forwarded-for': randomIp() } };
        },
      },
    ],
  });
  // Warm-up, not counted: the server's JIT, the pool's connections and the prepared statement's
  // generic plan all settle in the first seconds of a fresh process.
  const warmup = WARMUP_SECONDS > 0 ? await run(lookupLoad(WARMUP_SECONDS)) : null;
  const cpuBefore = app.pid ? processCpuMs(app.pid) : 0;
  const postgresBefore = await backendCpuMs(adminBase, database.name);
  const generatorBefore = process.cpuUsage();
  const statementsBefore = await statementsRun(database.url);
  secondsFrom = performance.now();
  bySecond = [];
  const lookups = await run(lookupLoad(SECONDS));
  const statements = (await statementsRun(database.url)) - statementsBefore;
  const generatorCpu = process.cpuUsage(generatorBefore);
  const lookupCpuMs = app.pid ? processCpuMs(app.pid) - cpuBefore : 0;
  const lookupPostgresCpu = await backendCpuSince(adminBase, database.name, postgresBefore);

  // 2. My Shipments, one request at a time.
  const headers = await signIn(origin);
  const mine = await withClient(
    database.url,
    async (c) =>
      (
        await c.query(
          `select bol_number, pro_number, reference_number from shipments s join users u on u.account_id = s.account_id
         where u.email = 'shipper@demo.test' order by s.id limit 50`,
        )
      ).rows as { bol_number: string; pro_number: string; reference_number: string }[],
  );
  const queries: Record<string, () => string> = {
    'list, newest first': () => pick(['', 'page=2', 'page=400']),
    'list, other sorts': () => pick(['sort=pickup_date', 'sort=carrier&dir=asc', 'sort=status', 'sort=bol_number&dir=asc']),
    'status filter': () => pick(['status=in_transit', 'status=delayed', 'status=pending&sort=pickup_date']),
    'BOL number': () => `q=${pick(mine).bol_number}`,
    'PRO number': () => `q=${pick(mine).pro_number}`,
    reference: () => `q=${pick(mine).reference_number}`,
    city: () => `q=${pick(['memphis', 'salt lake', 'toronto', 'kansas city'])}`,
    'no match': () => `q=${pick(['zzzz', 'nothing here'])}`,
  };
  for (const make of Object.values(queries)) await fetch(`${origin}/api/shipments?per_page=25&${make()}`, { headers });
  const byKind: Record<string, number[]> = {};
  const all: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [kind, make] of Object.entries(queries)) {
      const q = make();
      const started = performance.now();
      const res = await fetch(`${origin}/api/shipments?per_page=25&${q}`, { headers });
      await res.json();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${q}: ${res.status}`);
      all.push(ms);
      byKind[kind] = [...(byKind[kind] ?? []), ms];
    }
  }

  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString().slice(0, 10),
        cpu: `${cpus().length} x ${cpus()[0]?.model}`,
        node: process.version,
        shipments,
        events,
        shipper_shipments: shipper,
        fill_seconds: fillSeconds,
        hello_world: { rps: helloRun.requests.average, p99_ms: helloRun.latency.p99 },
        warmup: warmup && { seconds: WARMUP_SECONDS, rps: warmup.requests.average, p99_ms: warmup.latency.p99, max_ms: warmup.latency.max },
        public_lookup: {
          connections: CONNECTIONS,
          seconds: SECONDS,
          rps: lookups.requests.average,
          p50_ms: lookups.latency.p50,
          p90_ms: lookups.latency.p90,
          p97_5_ms: lookups.latency.p97_5,
          p99_ms: lookups.latency.p99,
          max_ms: lookups.latency.max,
          per_second: bySecond.map((ms) => `${ms.length}/${latencyStats(ms).p99}`).join(' '),
          lookups_per_statement: Number((lookups.requests.total / statements).toFixed(1)),
          non2xx: lookups.non2xx,
          errors: lookups.errors,
          server_cpu_ms_per_lookup: Number((lookupCpuMs / lookups.requests.total).toFixed(2)),
          postgres_cpu_ms_per_lookup: Number((lookupPostgresCpu / lookups.requests.total).toFixed(2)),
          // autocannon runs in this process: the load generator's own share of the two cores.
          autocannon_cpu_ms_per_lookup: Number(((generatorCpu.user + generatorCpu.system) / 1000 / lookups.requests.total).toFixed(2)),
        },
        my_shipments: {
          overall: latencyStats(all),
          by_kind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, latencyStats(v)])),
        },
        server_peak_rss_mb: app.pid ? Math.round(memoryMb(app.pid, 'VmHWM')) : null,
      },
      null,
      2,
    ),
  );
} finally {
  app.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await database.drop();
}
