// The embedded default's memory and speed, beside the same server on PostgreSQL.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/embedded-memory.ts
// (each embedded run starts on a new data folder in the system's temp folder, each PostgreSQL run
// on a new database; both are removed again; servers listen on 127.0.0.1 only; stops by itself)
//
// Each round runs the embedded default, then PostgreSQL (BENCH_ROUNDS rounds, alternating, so both
// share the machine's noise):
// 1. The server as `npm start` runs it (apps/server/src/server.ts with the server's Node options,
//    NODE_ENV, SEED_DEMO and DEMO_TRACKING as unset, so development with the demo data and the
//    demo carriers' tracking); on PostgreSQL with SEED_DEMO=1 and DEMO_TRACKING=1, the same work.
//    Logs at warn, as every load bench (the measure is the server, not the terminal); in
//    development that log goes through pino-pretty's thread, which is part of the figures.
// 2. Idle: BENCH_IDLE_SECONDS (15) after it answers, its resident memory (VmRSS) and where it
//    goes: the process's own figures (bench/memory-probe.mjs: JavaScript heap, external,
//    ArrayBuffers) and its mappings from /proc/<pid>/smaps: PGlite's WebAssembly memory (the
//    resident part of the memory that sits in front of its multi-GB reservation), malloc (the main
//    heap and the threads' arenas), mapped files (node's code, native modules), the rest
//    (the JavaScript heap's pages, compiled code, thread stacks).
// 3. Load: BENCH_SECONDS (60) of 32 connections, two autocannon runs at once as the demo shipper:
//    16 connections quoting (POST /api/quotes, the quotes-load.ts shipment) and 16 reading (the
//    reads of tracking-load.ts: My Shipments list, sorted, filtered and searched by BOL number,
//    and the public tracking lookup by BOL or PRO number, each from a random client address with
//    TRUST_PROXY=1 so the per-address throttle is paid as in production). Peak resident memory
//    under load: VmRSS sampled every 250 ms during the load.
// 4. Embedded only: stopped, started again on the same data folder (no initdb, no seeding: every
//    later `npm start`), idle resident memory once more.

import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freshDatabase, memoryMb, signIn, startNode, waitFor } from './server-process';
import { benchQuoteRequest } from './shipment';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const QUOTE_CONNECTIONS = 16;
const READ_CONNECTIONS = 16;
const PORT = 3221;
const origin = `http://127.0.0.1:${PORT}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const run = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
const randomIp = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** The server's resident memory by kind of mapping, in MB, from /proc/<pid>/smaps (Linux). */
function mappings(pid: number) {
  type Mapping = { from: bigint; to: bigint; perm: string; name: string; rss: number };
  const all: Mapping[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = line.match(/^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/);
    if (head) all.push({ from: BigInt(`0x${head[1]}`), to: BigInt(`0x${head[2]}`), perm: head[3] ?? '', name: head[4] ?? '', rss: 0 });
    else if (line.startsWith('Rss:')) {
      const last = all[all.length - 1];
      if (last) last.rss = Number(line.split(/\s+/)[1]) / 1024;
    }
  }
  const GB = 1n << 30n;
  const ARENA = 64n << 20n;
  // V8 reserves a WebAssembly memory with its guard region (8-10 GB, no access) and opens its
  // front as the memory grows: a read-write mapping of at least PGlite's 128 MB right before
  // such a reservation is a WebAssembly memory.
  const wasm = all.filter((m, i) => {
    const next = all[i + 1];
    return (
      m.name === '' &&
      m.perm === 'rw-p' &&
      m.to - m.from >= 128n << 20n &&
      next?.from === m.to &&
      next.perm === '---p' &&
      next.to - next.from > GB
    );
  });
  // glibc's malloc: the main heap, and the arenas of other threads (64 MB-aligned, 64 MB at most).
  const malloc = all.filter(
    (m) =>
      m.name === '[heap]' || (m.name === '' && m.perm === 'rw-p' && m.from % ARENA === 0n && m.to - m.from <= ARENA && !wasm.includes(m)),
  );
  const files = all.filter((m) => m.name.startsWith('/'));
  const sum = (list: Mapping[]) => Math.round(list.reduce((s, m) => s + m.rss, 0));
  const total = sum(all);
  return {
    wasm_mb: sum(wasm),
    wasm_committed_mb: wasm.map((m) => Number((m.to - m.from) >> 20n)),
    malloc_mb: sum(malloc),
    files_mb: sum(files),
    other_mb: total - sum(wasm) - sum(malloc) - sum(files),
  };
}

/** The server's own view (bench/memory-probe.mjs answers SIGUSR2 by writing it to `file`). */
async function probe(pid: number, file: string) {
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 40; i++) {
    await sleep(50);
    const now = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (now && now !== before) {
      const m = JSON.parse(now) as NodeJS.MemoryUsage;
      return {
        heap_used_mb: mb(m.heapUsed),
        heap_total_mb: mb(m.heapTotal),
        external_mb: mb(m.external),
        array_buffers_mb: mb(m.arrayBuffers),
      };
    }
  }
  return null;
}

async function memory(pid: number, file: string) {
  return { rss_mb: Math.round(memoryMb(pid, 'VmRSS')), ...(await probe(pid, file)), ...mappings(pid) };
}

function start(env: Record<string, string>, probeFile: string) {
  // '' is unset for the server's config: the bench's own environment does not leak in.
  const defaults = { DATABASE_URL: '', NODE_ENV: '', SEED_DEMO: '', DEMO_TRACKING: '', DATA_DIR: '', APP_URL: '' };
  return startNode(
    ['apps/server/src/server.ts'],
    { ...defaults, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRUST_PROXY: '1', MEMORY_PROBE_FILE: probeFile, ...env },
    ['--import', './bench/memory-probe.mjs'],
  );
}

async function stop(app: ChildProcess) {
  if (app.exitCode !== null) return;
  const exited = new Promise((r) => app.once('exit', r));
  app.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (app.exitCode === null) app.kill('SIGKILL');
}

/** Started to idle: seconds to answer, then the idle memory. */
async function startIdle(env: Record<string, string>, probeFile: string) {
  const t0 = performance.now();
  const app = start(env, probeFile);
  await waitFor(`${origin}/sanctum/csrf-cookie`);
  const startSeconds = Number(((performance.now() - t0) / 1000).toFixed(1));
  await sleep(IDLE_SECONDS * 1000);
  if (!app.pid) throw new Error('the server did not start');
  return { app, pid: app.pid, startSeconds, idle: await memory(app.pid, probeFile), startPeakMb: Math.round(memoryMb(app.pid, 'VmHWM')) };
}

async function load(pid: number) {
  const headers = await signIn(origin);
  const body = JSON.stringify(benchQuoteRequest());
  const quoted = await fetch(`${origin}/api/quotes`, { method: 'POST', headers, body });
  if (quoted.status !== 201) throw new Error(`quote probe: ${quoted.status} ${(await quoted.text()).slice(0, 300)}`);
  const listed = await fetch(`${origin}/api/shipments?per_page=100`, { headers });
  const shipments = ((await listed.json()) as { data: { bol_number: string; pro_number: string | null }[] }).data;
  const numbers = shipments.flatMap((s) => [s.bol_number, s.pro_number]).filter((n): n is string => Boolean(n));
  const bols = shipments.map((s) => s.bol_number);
  if (numbers.length === 0) throw new Error('the demo shipper has no shipments to read');
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
  const tracked = await fetch(`${origin}/api/public/tracking/${numbers[0]}`, { headers: { 'x-forwarded-for': randomIp() } });
  if (tracked.status !== 200) throw new Error(`lookup probe: ${tracked.status} ${(await tracked.text()).slice(0, 300)}`);

  const reads: (() => { path: string; headers: Record<string, string> })[] = [
    () => ({ path: '/api/shipments?per_page=25', headers }),
    () => ({
      path: `/api/shipments?per_page=25&${pick(['sort=pickup_date', 'sort=status', 'status=in_transit', 'status=delivered'])}`,
      headers,
    }),
    () => ({ path: `/api/shipments?per_page=25&q=${pick(bols)}`, headers }),
    () => ({ path: `/api/public/tracking/${pick(numbers)}`, headers: { 'x-forwarded-for': randomIp() } }),
  ];
  let next = 0;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryMb(pid, 'VmRSS'));
  }, 250);
  const [quotes, readRun] = await Promise.all([
    run({ url: `${origin}/api/quotes`, method: 'POST', headers, body, connections: QUOTE_CONNECTIONS, duration: SECONDS }),
    run({
      url: origin,
      connections: READ_CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => {
            const read = reads[next++ % reads.length]?.() ?? { path: '/api/user', headers };
            return { ...req, path: read.path, headers: { ...req.headers, ...read.headers } };
          },
        },
      ],
    }),
  ]);
  clearInterval(sampler);
  const figures = (r: autocannon.Result) => ({
    rps: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    max_ms: r.latency.max,
    non2xx: r.non2xx,
    statuses: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])),
    errors: r.errors,
    timeouts: r.timeouts,
  });
  return { quotes: figures(quotes), reads: figures(readRun), peakRssMb: Math.round(peak) };
}

/** The load on a started server, its memory 5 s after, its whole life's peak; then it is stopped. */
async function loadThenStop(server: Awaited<ReturnType<typeof startIdle>>, probeFile: string) {
  try {
    const result = await load(server.pid);
    await sleep(5000);
    return {
      load: result,
      after_load: await memory(server.pid, probeFile),
      whole_life_peak_rss_mb: Math.round(memoryMb(server.pid, 'VmHWM')),
    };
  } finally {
    await stop(server.app);
  }
}

const started = (s: Awaited<ReturnType<typeof startIdle>>) => ({
  seconds_to_answer: s.startSeconds,
  peak_rss_while_starting_mb: s.startPeakMb,
  idle: s.idle,
});

async function embeddedRun(round: number) {
  const dir = mkdtempSync(join(tmpdir(), 'fp-embedded-'));
  const probeFile = join(dir, 'memory.json');
  const env = { DATA_DIR: join(dir, 'data') };
  try {
    const loadAverage = loadavg().map((n) => Number(n.toFixed(2)));
    const first = await startIdle(env, probeFile);
    const loaded = await loadThenStop(first, probeFile);
    const again = await startIdle(env, probeFile);
    await stop(again.app);
    return {
      round,
      database: 'embedded',
      load_average_at_start: loadAverage,
      first_start: started(first),
      ...loaded,
      restart: started(again),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresRun(round: number) {
  const dir = mkdtempSync(join(tmpdir(), 'fp-postgres-'));
  const probeFile = join(dir, 'memory.json');
  const database = await freshDatabase('embedded_memory');
  try {
    const loadAverage = loadavg().map((n) => Number(n.toFixed(2)));
    const first = await startIdle({ DATABASE_URL: database.url, SEED_DEMO: '1', DEMO_TRACKING: '1' }, probeFile);
    const loaded = await loadThenStop(first, probeFile);
    return { round, database: 'PostgreSQL', load_average_at_start: loadAverage, first_start: started(first), ...loaded, restart: null };
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const runs: unknown[] = [];
const lines: string[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const which of [embeddedRun, postgresRun]) {
    const r = await which(round);
    runs.push(r);
    lines.push(
      [
        `round ${round} ${r.database.padEnd(10)}`,
        `load avg ${r.load_average_at_start.join(' ')}`,
        `idle ${r.first_start.idle.rss_mb} MB (restarted ${r.restart?.idle.rss_mb ?? '-'} MB)`,
        `peak under load ${r.load.peakRssMb} MB`,
        `quotes ${r.load.quotes.rps}/s p99 ${r.load.quotes.p99_ms} ms`,
        `reads ${r.load.reads.rps}/s p99 ${r.load.reads.p99_ms} ms`,
        `non-2xx ${r.load.quotes.non2xx + r.load.reads.non2xx}`,
      ].join(' | '),
    );
  }
}
console.log(
  JSON.stringify(
    {
      date: new Date().toISOString(),
      cpu: `${cpus().length} x ${cpus()[0]?.model}`,
      node: process.version,
      seconds: SECONDS,
      connections: { quotes: QUOTE_CONNECTIONS, reads: READ_CONNECTIONS },
      runs,
    },
    null,
    2,
  ),
);
console.log(lines.join('\n'));
