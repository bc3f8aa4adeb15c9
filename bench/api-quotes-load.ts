// The public API's quote (POST /api/v1/quotes, bearer token) beside the web's (POST /api/quotes,
// session cookie and CSRF header) on one server and database, alternating, same load (
// within 10%). Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/api-quotes-load.ts
// (creates and drops its own database; the server listens on 127.0.0.1 only; stops by itself)
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { freshDatabase, signIn, startApp, waitFor } from './server-process';
import { benchQuoteRequest } from './shipment';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const origin = 'http://127.0.0.1:3211';

function run(opts: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

const database = await freshDatabase('api_quotes');
// A limit no bench reaches: the per-credential rate limit is not what is measured here.
const app = startApp(database.url, 3211, { API_RATE_LIMIT_PER_MINUTE: '1000000' });
try {
  await waitFor(`${origin}/sanctum/csrf-cookie`);
  const web = await signIn(origin);
  // The shipper's account admin makes a credential in Settings, as a shipper's IT would.
  const made = await fetch(`${origin}/api/settings/api-credentials`, {
    method: 'POST',
    headers: web,
    body: JSON.stringify({ name: 'bench', scopes: ['quotes:write', 'quotes:read'] }),
  });
  if (made.status !== 201) throw new Error(`credential: ${made.status} ${await made.text()}`);
  const { credential, client_secret } = ((await made.json()) as { data: { credential: { client_id: string }; client_secret: string } })
    .data;
  const tokenRes = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: credential.client_id, client_secret }).toString(),
  });
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const api = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  const body = JSON.stringify(benchQuoteRequest());
  for (const [name, url, headers] of [
    ['web', '/api/quotes', web],
    ['api', '/api/v1/quotes', api],
  ] as const) {
    const probe = await fetch(`${origin}${url}`, { method: 'POST', headers, body });
    if (probe.status !== 201) throw new Error(`${name} probe: ${probe.status} ${(await probe.text()).slice(0, 300)}`);
  }

  const rounds: { round: number; web_rps: number; web_p99_ms: number; api_rps: number; api_p99_ms: number; api_to_web: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const w = await run({ url: `${origin}/api/quotes`, method: 'POST', headers: web, body, connections: CONNECTIONS, duration: SECONDS });
    const a = await run({
      url: `${origin}/api/v1/quotes`,
      method: 'POST',
      headers: api,
      body,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    if (w.non2xx || a.non2xx) throw new Error(`non-2xx answers: web ${w.non2xx}, api ${a.non2xx}`);
    rounds.push({
      round,
      web_rps: Math.round(w.requests.average),
      web_p99_ms: w.latency.p99,
      api_rps: Math.round(a.requests.average),
      api_p99_ms: a.latency.p99,
      api_to_web: Number((a.requests.average / w.requests.average).toFixed(3)),
    });
  }
  const sum = (k: 'web_rps' | 'api_rps') => rounds.reduce((s, r) => s + r[k], 0);
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        cpu: `${cpus().length} x ${cpus()[0]?.model}`,
        node: process.version,
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds,
        overall_api_to_web: Number((sum('api_rps') / sum('web_rps')).toFixed(3)),
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
