// POST /api/quotes under load on PostgreSQL, beside a bare Fastify hello-world in the same run.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/quotes-load.ts
// (creates and drops its own database; servers listen on 127.0.0.1 only; stops by itself)
import { once } from 'node:events';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { backendCpuMs, backendCpuSince, processCpuMs } from './postgres-cpu';
import { adminBase, freshDatabase, memoryMb, signIn, startApp, startNode, waitFor, withClient } from './server-process';
import { benchQuoteRequest } from './shipment';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const base = adminBase;

function run(opts: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

const database = await freshDatabase('quotes');
const dbName = database.name;
// The demo data first, by a server of its own that then stops: seeding leaves a larger heap behind
// (and would be the measured server's peak), and the figures are those of a server that serves.
const seeder = startApp(database.url, 3200);
await waitFor('http://127.0.0.1:3200/sanctum/csrf-cookie');
seeder.kill('SIGTERM');
await once(seeder, 'exit');
const app = startApp(database.url, 3201, { SEED_DEMO: '0' });
const hello = startNode(['bench/hello.ts'], { PORT: '3202' });
try {
  await waitFor('http://127.0.0.1:3201/sanctum/csrf-cookie');
  await waitFor('http://127.0.0.1:3202/');
  // Started on the seeded database, before its first quote: what the server holds at rest.
  const idleRssMb = app.pid ? Math.round(memoryMb(app.pid, 'VmRSS')) : null;

  // Log in as the demo shipper, as the SPA does.
  const headers = await signIn('http://127.0.0.1:3201');
  const body = JSON.stringify(benchQuoteRequest());
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
  const quotesStored = await withClient(
    database.url,
    async (c) => (await c.query('select count(*)::int as n from quotes')).rows[0].n as number,
  );
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
  await database.drop();
}
