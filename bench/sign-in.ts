// Sign-in with a second factor beside the password alone, in the same run, on PostgreSQL with the
// demo data: the demo shipper signs in with the password (POST /login, 204), the other demo
// customer, enrolled with an authenticator app here, with the password then a code
// (POST /login answering { two_factor: true }, then POST /two-factor-challenge), turn about.
// Target (strong sign-in issue): a sign-in with a second factor under 150 ms server time at p95.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sign-in.ts
// (BENCH_ROUNDS, default 200; creates and drops its own database; nothing listens).
// Server time is each request's time in Fastify (onResponse's elapsed time), summed per sign-in;
// one sign-in at a time, each from a new browser (its own cookies). The app's clock moves 31 s
// before each round, so each round's code is of a step not used before, as for a person.

import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { totpCodeAt } from '../apps/server/src/modules/two-factor/totp';
import { latencyStats } from './latency';
import { benchDatabase } from './setup';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARMUP = 10;
const PASSWORD = 'Demo#2026';

const bench = await benchDatabase('sign_in', 10);
try {
  let now = new Date();
  const config = loadConfig({ APP_URL: 'http://127.0.0.1:3000', WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', JOBS_POLL_MS: '0' });
  const app = await buildApp({ config, db: bench.db, now: () => now, logger: false, pubsub: bench.database });
  let serverMs = 0;
  app.addHook('onResponse', async (_request, reply) => {
    serverMs += reply.elapsedTime;
  });
  await app.ready();

  /** A new browser: its own cookie jar, the XSRF header on unsafe calls, as the web client does. */
  const browser = () => {
    const jar = new Map<string, string>();
    return async (method: 'GET' | 'POST', url: string, body?: object) => {
      const res = await app.inject({
        method,
        url,
        payload: body ? JSON.stringify(body) : undefined,
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
        },
      });
      for (const c of res.cookies as { name: string; value: string }[]) jar.set(c.name, c.value);
      return res;
    };
  };
  const expectStatus = (res: { statusCode: number; body: string }, status: number, what: string) => {
    if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };

  // The other demo customer enrols an authenticator app, as in Settings.
  const settings = browser();
  await settings('GET', '/sanctum/csrf-cookie');
  expectStatus(await settings('POST', '/login', { email: 'other@demo.test', password: PASSWORD }), 204, 'login before enrolment');
  expectStatus(await settings('POST', '/user/confirm-password', { password: PASSWORD }), 201, 'confirm password');
  const enrolment = await settings('POST', '/user/two-factor-authentication', {});
  expectStatus(enrolment, 200, 'enable');
  const secret = enrolment.json().data.secret_key as string;
  expectStatus(await settings('POST', '/user/confirmed-two-factor-authentication', { code: totpCodeAt(secret, now) }), 200, 'confirm');

  /** Server time of one sign-in (from after the CSRF cookie, which every login page fetches first). */
  const timed = async (steps: (send: ReturnType<typeof browser>) => Promise<void>) => {
    const send = browser();
    await send('GET', '/sanctum/csrf-cookie');
    serverMs = 0;
    await steps(send);
    const total = serverMs;
    expectStatus(await send('GET', '/api/user'), 200, 'signed in');
    return total;
  };
  const passwordOnly = () =>
    timed(async (send) =>
      expectStatus(await send('POST', '/login', { email: 'shipper@demo.test', password: PASSWORD }), 204, 'password sign-in'),
    );
  let passwordStep = 0;
  let codeStep = 0;
  const withCode = () =>
    timed(async (send) => {
      const login = await send('POST', '/login', { email: 'other@demo.test', password: PASSWORD });
      expectStatus(login, 200, 'password step');
      if (login.json().two_factor !== true) throw new Error(`password step: ${login.body}`);
      passwordStep = serverMs;
      expectStatus(await send('POST', '/two-factor-challenge', { code: totpCodeAt(secret, now) }), 204, 'code step');
      codeStep = serverMs - passwordStep;
    });

  const results = { password_only: [] as number[], with_code: [] as number[], password_step: [] as number[], code_step: [] as number[] };
  for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
    now = new Date(now.getTime() + 31_000);
    const a = await passwordOnly();
    const b = await withCode();
    if (round < WARMUP) continue;
    results.password_only.push(a);
    results.with_code.push(b);
    results.password_step.push(passwordStep);
    results.code_step.push(codeStep);
  }
  console.log(JSON.stringify({ rounds: ROUNDS, node: process.version }));
  console.log('password only (POST /login)'.padEnd(52), JSON.stringify(latencyStats(results.password_only)));
  console.log('with an authenticator code (both steps)'.padEnd(52), JSON.stringify(latencyStats(results.with_code)));
  console.log('  step 1: POST /login -> { two_factor: true }'.padEnd(52), JSON.stringify(latencyStats(results.password_step)));
  console.log('  step 2: POST /two-factor-challenge'.padEnd(52), JSON.stringify(latencyStats(results.code_step)));
  await app.close();
} finally {
  await bench.drop();
}
