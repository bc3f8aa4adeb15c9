// What the server pays to refuse: requests answered with an error, at 64 connections.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/refusals-load.ts
// (creates and drops its own database, seeded with the demo data; the app listens on 127.0.0.1
// only; stops by itself)
//
// - 401: GET /api/user without a session, as the SPA asks at every page load.
// - 404: GET /api/public/tracking/:number with a number nobody has, each from a random client
//   address (X-Forwarded-For with TRUST_PROXY=1): the lookup, then the address's unknown-number
//   counter written in the database, the guard against enumeration.
// Each kind: BENCH_WARMUP_SECONDS (3) of load not counted, then BENCH_SECONDS (10).
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { backendCpuMs, backendCpuSince, processCpuMs } from './postgres-cpu';
import { adminBase, freshDatabase, startApp, waitFor } from './server-process';

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const PORT = 3205;
const origin = `http://127.0.0.1:${PORT}`;

const run = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
const randomIp = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

const refusals: Record<string, { status: number; path: () => string }> = {
  '401 /api/user': { status: 401, path: () => '/api/user' },
  '404 unknown tracking number': { status: 404, path: () => `/api/public/tracking/ZZ${Math.floor(Math.random() * 1e9)}` },
};

const database = await freshDatabase('refusals');
const app = startApp(database.url, PORT, { TRUST_PROXY: '1' });
try {
  await waitFor(`${origin}/sanctum/csrf-cookie`);
  const report: Record<string, unknown> = {};
  for (const [kind, { status, path }] of Object.entries(refusals)) {
    const load = (duration: number): autocannon.Options => ({
      url: origin,
      connections: CONNECTIONS,
      duration,
      requests: [
        { method: 'GET', setupRequest: (req) => ({ ...req, path: path(), headers: { ...req.headers, 'x-forwarded-for': randomIp() } }) },
      ],
    });
    await run(load(WARMUP_SECONDS));
    const serverBefore = app.pid ? processCpuMs(app.pid) : 0;
    const postgresBefore = await backendCpuMs(adminBase, database.name);
    const result = await run(load(SECONDS));
    const total = result.requests.total;
    const answered = result.statusCodeStats?.[String(status) as keyof typeof result.statusCodeStats]?.count ?? 0;
    if (answered !== total) throw new Error(`${kind}: ${answered} of ${total} answered ${status}`);
    report[kind] = {
      rps: result.requests.average,
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      server_cpu_ms_per_request: Number((((app.pid ? processCpuMs(app.pid) : 0) - serverBefore) / total).toFixed(3)),
      postgres_cpu_ms_per_request: Number(((await backendCpuSince(adminBase, database.name, postgresBefore)) / total).toFixed(3)),
    };
  }
  console.log(
    JSON.stringify(
      { date: new Date().toISOString().slice(0, 10), cpu: `${cpus().length} x ${cpus()[0]?.model}`, node: process.version, ...report },
      null,
      2,
    ),
  );
} finally {
  app.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await database.drop();
}
