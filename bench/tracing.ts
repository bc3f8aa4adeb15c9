// The cost of traces: POST /api/quotes with tracing off, on (exporting to a collector stand-in on
// loopback), on with one trace in ten sampled and, with BENCH_BEFORE_DIR, the tree before tracing
// came in, in alternating rounds.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/tracing.ts
// (BENCH_ROUNDS, default 5; BENCH_SECONDS per round and server, default 10; BENCH_BEFORE_DIR, a
// checkout of the commit before with its node_modules; BENCH_SERVERS, the servers to run by name,
// comma-separated, all by default: `off,before` compares this tree with the one before alone, as
// the pricing measure does; creates and drops its own database; everything listens on 127.0.0.1
// only; stops by itself)
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { SERVER_NODE_OPTIONS, serverEnv } from '../scripts/server-node-options.mjs';
import { processCpuMs } from './postgres-cpu';
import { freshDatabase, memoryMb, signIn, startApp, waitFor } from './server-process';
import { benchQuoteRequest } from './shipment';

const CONNECTIONS = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const beforeDir = process.env.BENCH_BEFORE_DIR;
const only = process.env.BENCH_SERVERS?.split(',');

/** The collector stand-in: answers every export at once and counts what came. */
const received = { posts: 0, spans: 0, bytes: 0 };
const collector = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    body += chunk;
  });
  request.on('end', () => {
    received.posts++;
    received.bytes += Buffer.byteLength(body);
    received.spans += body.split('"spanId"').length - 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
collector.listen(0, '127.0.0.1');
await once(collector, 'listening');
const collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

const env = (port: number, extra: Record<string, string> = {}) => ({ PORT: String(port), ...extra });

const database = await freshDatabase('tracing');
const servers: { name: string; origin: string; process: ChildProcess }[] = [];
function startBefore(port: number) {
  // The same options and environment as startApp, from the other tree.
  return spawn(process.execPath, [...SERVER_NODE_OPTIONS, '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: beforeDir,
    env: serverEnv({
      ...process.env,
      DATABASE_URL: database.url,
      SEED_DEMO: '0',
      DEMO_TRACKING: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? '20',
      PORT: String(port),
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function run(opts: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

try {
  // The demo data first, by a server of its own that then stops: a server that seeded carries
  // more in its heap (a larger peak, more collection) than one that did not, which would tell in
  // its figures. The three then start one at a time on the seeded database.
  const seeder = startApp(database.url, 3210, env(3210));
  await waitFor('http://127.0.0.1:3210/sanctum/csrf-cookie');
  seeder.kill('SIGTERM');
  await once(seeder, 'exit');
  const plan: [string, number, () => ChildProcess][] = [
    ['off', 3211, () => startApp(database.url, 3211, env(3211, { SEED_DEMO: '0' }))],
    ['on', 3212, () => startApp(database.url, 3212, env(3212, { SEED_DEMO: '0', OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl }))],
  ];
  // On, one trace in ten kept (the documented way to cut the cost on a busy server).
  const sampled = {
    SEED_DEMO: '0',
    OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0.1',
  };
  plan.push(['on_1_in_10', 3214, () => startApp(database.url, 3214, env(3214, sampled))]);
  if (beforeDir) plan.push(['before', 3213, () => startBefore(3213)]);
  for (const [name, port, start] of plan.filter(([name]) => !only || only.includes(name))) {
    // A server left over from an interrupted run would answer in this one's place.
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        () => true,
        () => false,
      )
    )
      throw new Error(`port ${port} is taken`);
    const child = start();
    servers.push({ name, origin: `http://127.0.0.1:${port}`, process: child });
    await waitFor(`http://127.0.0.1:${port}/sanctum/csrf-cookie`);
  }
  const body = JSON.stringify(benchQuoteRequest());
  const headers = new Map<string, Record<string, string>>();
  for (const s of servers) {
    const h = await signIn(s.origin);
    const probe = await fetch(`${s.origin}/api/quotes`, { method: 'POST', headers: h, body });
    if (probe.status !== 201) throw new Error(`${s.name}: quote probe answered ${probe.status}`);
    headers.set(s.name, h);
    // Warm-up: the first seconds of a process are JIT compilation.
    await run({ url: `${s.origin}/api/quotes`, method: 'POST', headers: h, body, connections: CONNECTIONS, duration: 3 });
  }
  const rounds: Record<string, { rps: number; p50: number; p99: number; non2xx: number; cpu_ms_per_quote: number }>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const results: (typeof rounds)[number] = {};
    // Each round in another order, so no server always runs first on a fresh machine.
    const order = servers.map((_, n) => servers[(n + round) % servers.length]!);
    for (const s of order) {
      // The server's own CPU per quote: less swayed by what else runs on the machine than its rate.
      const cpuBefore = processCpuMs(s.process.pid ?? 0);
      const r = await run({
        url: `${s.origin}/api/quotes`,
        method: 'POST',
        headers: headers.get(s.name),
        body,
        connections: CONNECTIONS,
        duration: SECONDS,
      });
      const cpuMsPerQuote = Number(((processCpuMs(s.process.pid ?? 0) - cpuBefore) / Math.max(1, r.requests.total)).toFixed(3));
      results[s.name] = {
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        cpu_ms_per_quote: cpuMsPerQuote,
      };
    }
    rounds.push(results);
    console.error(`round ${round + 1}: ${JSON.stringify(results)}`);
  }
  // The last batch (the processor sends every 5 s) reaches the collector.
  await new Promise((r) => setTimeout(r, 6000));
  type Key = 'rps' | 'p50' | 'p99' | 'cpu_ms_per_quote';
  const mean = (name: string, key: Key) => Number((rounds.reduce((sum, r) => sum + (r[name]?.[key] ?? 0), 0) / rounds.length).toFixed(3));
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  const ratios = (a: string, b: string, key: Key) => rounds.map((r) => Number(((r[a]?.[key] ?? 0) / (r[b]?.[key] ?? 1)).toFixed(3)));
  const ran = (name: string) => servers.some((s) => s.name === name);
  const compare = (a: string, b: string) => ({
    rps_by_round: ratios(a, b, 'rps'),
    rps_median: median(ratios(a, b, 'rps')),
    cpu_per_quote_by_round: ratios(a, b, 'cpu_ms_per_quote'),
    cpu_per_quote_median: median(ratios(a, b, 'cpu_ms_per_quote')),
  });
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        cpu: `${cpus().length} x ${cpus()[0]?.model}`,
        node: process.version,
        load_average_after: loadavg().map((l) => Number(l.toFixed(1))),
        connections: CONNECTIONS,
        rounds: ROUNDS,
        seconds: SECONDS,
        mean: Object.fromEntries(
          servers.map((s) => [
            s.name,
            {
              rps: mean(s.name, 'rps'),
              p50_ms: mean(s.name, 'p50'),
              p99_ms: mean(s.name, 'p99'),
              cpu_ms_per_quote: mean(s.name, 'cpu_ms_per_quote'),
            },
          ]),
        ),
        ...(ran('on') ? { on_over_off: compare('on', 'off') } : {}),
        ...(ran('on_1_in_10') ? { on_1_in_10_over_off: compare('on_1_in_10', 'off') } : {}),
        ...(ran('before') ? { off_over_before: compare('off', 'before') } : {}),
        non2xx: Object.fromEntries(servers.map((s) => [s.name, rounds.reduce((n, r) => n + (r[s.name]?.non2xx ?? 0), 0)])),
        peak_rss_mb: Object.fromEntries(servers.map((s) => [s.name, s.process.pid ? Math.round(memoryMb(s.process.pid, 'VmHWM')) : null])),
        collector: received,
        rounds_detail: rounds,
      },
      null,
      2,
    ),
  );
} finally {
  for (const s of servers) s.process.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 2000));
  collector.close();
  await database.drop();
}
