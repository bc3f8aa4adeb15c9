// `scripts/image-steps.sh smoke <tree>`: starts the compiled server of an image's tree as the
// image does (apps/server/dist/start.sh: plain node, no TypeScript loader), in production mode on
// a new embedded database and a free loopback port, and checks what a deploy relies on; then
// stops it with SIGTERM and expects exit 0. Exits 1 with the server's log on any failure.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const tree = resolve(process.argv[2] ?? '.');
const READY_WITHIN_MS = 150_000;

const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });

/**
 * Every file the bundle finds beside a source module (`new URL(<file>, <its source's URL>)`, as
 * scripts/build-server.mjs writes it) is in the tree, including those read only on some request.
 */
function missingFiles() {
  const dist = join(tree, 'apps/server/dist');
  const distUrl = pathToFileURL(`${dist}/`);
  const found = readdirSync(dist)
    .filter((name) => name.endsWith('.js'))
    .flatMap((name) => [
      ...readFileSync(join(dist, name), 'utf8').matchAll(/new URL\("([^"]+)", new URL\("([^"]+)", import\.meta\.url\)\.href\)/g),
    ]);
  if (!found.length) return ['(no file found through import.meta.url: has the build changed?)'];
  return found.map(([, file, source]) => fileURLToPath(new URL(file, new URL(source, distUrl)))).filter((path) => !existsSync(path));
}
const missing = missingFiles();
if (missing.length) {
  console.error(`Smoke test failed: the tree lacks files the server reads:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'fp-smoke-data-'));
const metricsToken = randomBytes(24).toString('hex');
const started = Date.now();
const log = [];
const server = spawn('sh', [join(tree, 'apps/server/dist/start.sh')], {
  cwd: tree,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: origin,
    APP_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    // Production refuses to start without a mail server; nothing is mailed here.
    MAIL_URL: 'smtp://127.0.0.1:9',
    METRICS_TOKEN: metricsToken,
    // The demo shipper signs in to look a postal code up: the postal table is one of the files the build must carry.
    SEED_DEMO: '1',
    DEMO_TRACKING: '0',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk) => log.push(chunk));
server.stderr.on('data', (chunk) => log.push(chunk));
const exited = new Promise((done) => server.on('exit', (code, signal) => done({ code, signal })));

const checks = [];
function fail(message) {
  console.error(`Smoke test failed: ${message}\n--- server log ---\n${Buffer.concat(log).toString()}`);
  server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}
async function expect(name, path, init, test) {
  const response = await fetch(`${origin}${path}`, init).catch((error) => fail(`${name}: ${error.message}`));
  const body = await response.text();
  if (!test(response, body)) fail(`${name}: ${response.status} ${body.slice(0, 300)}`);
  checks.push(name);
  return response;
}

for (;;) {
  if (server.exitCode !== null) fail(`the server exited with ${server.exitCode} before it was ready`);
  if (Date.now() - started > READY_WITHIN_MS) fail(`/readyz did not answer 200 within ${READY_WITHIN_MS / 1000} s`);
  const ready = await fetch(`${origin}/readyz`).catch(() => undefined);
  if (ready?.status === 200) break;
  await new Promise((r) => setTimeout(r, 250));
}
const readyAfter = Date.now() - started;
checks.push('/readyz 200 (database, migrations, jobs)');

await expect('/healthz', '/healthz', {}, (r, body) => r.status === 200 && JSON.parse(body).status === 'ok');
await expect(
  '/metrics with the token',
  '/metrics',
  { headers: { authorization: `Bearer ${metricsToken}` } },
  (r, body) => r.status === 200 && body.includes('freight_portal_http_request_duration_seconds'),
);
await expect(
  'the portal page (web dist)',
  '/',
  { headers: { accept: 'text/html' } },
  (r, body) => r.status === 200 && body.includes('/build/'),
);
await expect(
  'the prerendered login page',
  '/login',
  { headers: { accept: 'text/html' } },
  (r, body) => r.status === 200 && body.includes('<form'),
);

const jar = new Map();
const keep = (response) => {
  for (const c of response.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
};
const headers = () => ({
  'content-type': 'application/json',
  cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
});
keep(await expect('CSRF cookie', '/sanctum/csrf-cookie', {}, (r) => r.status === 204 || r.status === 200));
keep(
  await expect(
    'sign-in (argon2)',
    '/login',
    { method: 'POST', headers: headers(), body: JSON.stringify({ email: 'shipper@demo.test', password: 'Demo#2026' }) },
    (r) => r.status === 204,
  ),
);
await expect(
  'postal code lookup (postal table)',
  '/api/postal-codes/US/60601',
  { headers: headers() },
  (r, body) => r.status === 200 && /chicago/i.test(body),
);
let booked;
await expect('batch history', '/api/batches', { headers: headers() }, (r, body) => {
  booked = r.status === 200 ? JSON.parse(body).data.find((b) => b.status === 'booked') : undefined;
  return r.status === 200;
});
if (!booked) fail('the demo data has no booked batch');
await expect(
  "a batch's merged PDF (the drawing worker's bundle)",
  `/api/batches/${booked.id}/documents.pdf`,
  { headers: headers() },
  (r, body) => r.status === 200 && body.startsWith('%PDF-') && body.trimEnd().endsWith('%%EOF'),
);

server.kill('SIGTERM');
const { code, signal } = await exited;
if (code !== 0) fail(`SIGTERM ended the server with ${code ?? signal}, not 0`);
checks.push('SIGTERM: exit 0');
if (existsSync(join(dataDir, 'postmaster.pid'))) fail('the embedded database was left open after the stop');
rmSync(dataDir, { recursive: true, force: true });
console.log(`Smoke test passed (${tree}): ready in ${(readyAfter / 1000).toFixed(1)} s; ${checks.join('; ')}.`);
