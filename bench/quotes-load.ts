// POST /api/quotes under load on PostgreSQL, beside a bare Fastify hello-world in the same run.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/quotes-load.ts
// (creates and drops its own database; servers listen on 127.0.0.1 only; stops by itself)
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { backendCpuMs, backendCpuSince, processCpuMs } from './postgres-cpu';
import { benchQuoteRequest } from './shipment';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** BENCH_CPU_PROF=dir: the quote server writes a V8 CPU profile of its whole run into dir when it stops. */
const profileDir = process.env.BENCH_CPU_PROF;

function start(script: string[], env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

/** Resident memory of a process from /proc (Linux): now (VmRSS) or its peak so far (VmHWM), in MB. */
const memoryMb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;

function run(opts: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

const dbName = `fp_bench_${Date.now()}`;
await withAdmin((c) => c.query(`create database ${dbName}`));
const dbUrl = new URL(base);
dbUrl.pathname = `/${dbName}`;
const app = start(
  ['apps/server/src/server.ts'],
  {
    DATABASE_URL: dbUrl.toString(),
    SEED_DEMO: '1',
    PORT: '3201',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_POOL_SIZE: '20',
  },
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
const hello = start(['bench/hello.ts'], { PORT: '3202' });
try {
  await waitFor('http://127.0.0.1:3201/sanctum/csrf-cookie');
  await waitFor('http://127.0.0.1:3202/');
  // Started and seeded, before its first quote: what the server holds at rest.
  const idleRssMb = app.pid ? Math.round(memoryMb(app.pid, 'VmRSS')) : null;

  // Log in as the demo shipper, as the SPA does.
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = (pair ?? '').split('=');
      if (k && v !== undefined) jar.set(k, v);
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch('http://127.0.0.1:3201/sanctum/csrf-cookie'));
  const login = await fetch('http://127.0.0.1:3201/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' },
    body: JSON.stringify({ email: 'shipper@demo.test', password: 'Demo#2026' }),
  });
  if (login.status !== 204) throw new Error(`login failed: ${login.status}`);
  keep(login);

  const body = JSON.stringify(benchQuoteRequest());
  const headers = { 'content-type': 'application/json', cookie: cookie(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' };
  const probe = await fetch('http://127.0.0.1:3201/api/quotes', { method: 'POST', headers, body });
  const probeBody = (await probe.json()) as { data?: { rates?: unknown[] } };
  if (probe.status !== 201 || !probeBody.data?.rates?.length)
    throw new Error(`quote probe failed: ${probe.status} ${JSON.stringify(probeBody).slice(0, 300)}`);

  const helloRun = await run({ url: 'http://127.0.0.1:3202/', connections: CONNECTIONS, duration: SECONDS });
  const cpuBefore = app.pid ? processCpuMs(app.pid) : 0;
  const postgresBefore = await backendCpuMs(base, dbName);
  const quoteRun = await run({
    url: 'http://127.0.0.1:3201/api/quotes',
    method: 'POST',
    headers,
    body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const serverCpuMs = app.pid ? processCpuMs(app.pid) - cpuBefore : 0;
  const postgresCpu = await backendCpuSince(base, dbName, postgresBefore);
  const quotesStored = await withAdmin(async () => {
    const c = new pg.Client({ connectionString: dbUrl.toString() });
    await c.connect();
    const r = await c.query('select count(*)::int as n from quotes');
    await c.end();
    return r.rows[0].n as number;
  });
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString().slice(0, 10),
        cpu: `${cpus().length} x ${cpus()[0]?.model}`,
        node: process.version,
        connections: CONNECTIONS,
        seconds: SECONDS,
        carriers_rated_per_quote: probeBody.data.rates.length,
        quotes: {
          rps: quoteRun.requests.average,
          p50_ms: quoteRun.latency.p50,
          p99_ms: quoteRun.latency.p99,
          non2xx: quoteRun.non2xx,
          errors: quoteRun.errors,
        },
        hello_world: { rps: helloRun.requests.average, p99_ms: helloRun.latency.p99 },
        ratio_quotes_to_hello: Number((quoteRun.requests.average / helloRun.requests.average).toFixed(3)),
        server_cpu_ms_per_quote: Number((serverCpuMs / quoteRun.requests.total).toFixed(2)),
        postgres_cpu_ms_per_quote: Number((postgresCpu / quoteRun.requests.total).toFixed(2)),
        server_idle_rss_mb: idleRssMb,
        server_peak_rss_mb: app.pid ? Math.round(memoryMb(app.pid, 'VmHWM')) : null,
        quotes_stored: quotesStored,
      },
      null,
      2,
    ),
  );
} finally {
  app.kill('SIGTERM');
  hello.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await withAdmin((c) => c.query(`drop database if exists ${dbName} with (force)`));
}
