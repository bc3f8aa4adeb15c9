import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../app';
import { DEFAULT_BUSINESS_TIME_ZONE } from '../business-days';
import { type Config, loadConfig } from '../config';
import { appKeyOf } from '../db/app-state';
import { type Database, openDatabase } from '../db/client';
import { seedDemo } from '../db/seed';
import { DEMO_STAFF_TOTP_SECRET, seedDemoStaffTwoFactor } from '../db/seed-two-factor';
import { startTestStripe, type TestStripe } from '../modules/payments/stripe-test-helpers';
import { startTestTwilio, type TestTwilio } from '../modules/sms/sms.test-support';
import { TOTP_STEP_SECONDS, totpCodeAt, totpStepAt } from '../modules/two-factor/totp';
import { twoFactorRepository } from '../modules/two-factor/two-factor.repository';
import { usersRepository } from '../modules/users/users.repository';
import { randomToken } from '../security/tokens';
import { usingPostgres } from './global-setup';
import { migratedSnapshot, seededSnapshot } from './pglite-snapshot';

/**
 * One app per test file on a fresh database: PGlite in memory by default, or a new PostgreSQL
 * database when TEST_DB_DRIVER=postgres and TEST_DATABASE_URL are set (`npm test` runs both).
 */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The test database's URL on PostgreSQL (undefined on PGlite). */
  databaseUrl?: string;
  clock: TestClock;
  /** The configuration the app was built with, for a test that calls a job's handler itself. */
  config: Config;
  /** The app's Stripe simulator's root, where a test's "browser" creates payment methods (none when the test brought its own payments). */
  stripeUrl?: string;
  /** The app's Stripe simulator itself, for a test that reads its objects, holds its webhooks or moves its clock on. */
  stripe?: TestStripe;
  /** The app's Twilio simulator: the texts it received, and a phone's inbound texts (none when the test brought its own). */
  twilio?: TestTwilio;
  client(): TestClient;
  /**
   * Enrols users (staff a test made) with an authenticator of the demo staff's secret, as if they
   * had set up the app: `login` then answers the second step for them like for the demo staff.
   */
  enrolTwoFactor(...emails: string[]): Promise<void>;
  /** Another app on the same database and clock: a second server process, with caches of its own. */
  sibling(): Promise<{ app: FastifyInstance; client(): TestClient; close(): Promise<void> }>;
  close(): Promise<void>;
}

/** A new database for one test file: a copy of the run's migrated (or seeded) template when there is one. */
async function freshPostgres(baseUrl: string, seeded: boolean) {
  const name = `fp_test_${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const template = seeded ? inject('seededPostgresTemplate') : inject('postgresTemplate');
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestClock {
  now: Date;
  advanceMinutes(n: number): void;
}

export { usingPostgres };

/**
 * node-postgres queues a statement asked while its connection runs another (a transaction's
 * statements asked at once) and warns, once per process; its next major version refuses it. The
 * test whose app saw the warning fails when it closes.
 */
let statementsAskedAtOnce: string | undefined;
process.on('warning', (warning) => {
  if (/already executing a query/.test(warning.message)) statementsAskedAtOnce = warning.message;
});

/**
 * `deps`: what a test puts into the app besides the config (carriers' rate adapters that fail or
 * hang). `start`: the clock's first instant, before the demo seed: a test whose answers depend on
 * the day or the hour (the business's day turns at 6 AM UTC in a Chicago winter) names it, rather
 * than run at whatever time the wall clock says.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'rateAdapterFor'> = {},
  { start }: { start?: Date } = {},
): Promise<TestApp> {
  const clock: TestClock = {
    now: start ?? new Date(),
    advanceMinutes(n: number) {
      this.now = new Date(this.now.getTime() + n * 60_000);
    },
  };
  // Payments go through the Stripe adapter, over HTTP, to a simulator on this clock (unless the test
  // brings its own, or plays a production server, which never talks to a simulator).
  const ownPayments = env.PAYMENT_PROVIDER || env.STRIPE_API_URL || env.NODE_ENV === 'production';
  const stripe = ownPayments ? undefined : await startTestStripe(() => clock.now);
  // Texts likewise, through the official Twilio client to a simulator of its own.
  const ownSms = env.TWILIO_SIMULATOR_URL || env.TWILIO_ACCOUNT_SID || env.NODE_ENV === 'production';
  const twilio = ownSms ? undefined : await startTestTwilio(() => clock.now);
  const config = loadConfig({
    ...stripe?.env,
    ...twilio?.env,
    APP_URL: 'http://127.0.0.1:3000',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    JOBS_POLL_MS: '0',
    DEMO_TRACKING: '0',
    ...env,
  });
  // The run seeded the demo once (global-setup.ts), minutes before this test's clock at most: a test
  // that seeds it as that copy was seeded starts from the copy; one that names its clock's start, its
  // app key or its business time zone seeds its own.
  const seededCopy = start === undefined && config.APP_KEY === undefined && config.BUSINESS_TIME_ZONE === DEFAULT_BUSINESS_TIME_ZONE;
  const pgDb = usingPostgres() ? await freshPostgres(process.env.TEST_DATABASE_URL!, seededCopy) : undefined;
  // Dropping the test database ends its connections; a pooled one may notice after the pool closed.
  const database = await openDatabase({
    url: pgDb?.url,
    dataDir: 'memory://',
    loadDataDir: pgDb ? undefined : seededCopy ? (seededSnapshot() ?? migratedSnapshot()) : migratedSnapshot(),
    poolSize: 5,
    onIdleClientError: () => {},
  });
  await database.migrate();
  // The demo invoices (delivered shipments, balances, a near-limit account) stay out of the API
  // tests: each test makes the invoices it needs, and the other modules' counts stay theirs. On a
  // seeded copy this finds every part in place and adds nothing.
  await seedDemo(database.db, clock.now, { activity: false, appKey: config.APP_KEY, timeZone: config.BUSINESS_TIME_ZONE });
  const build = (on: Database = database) =>
    buildApp({ ...deps, config, db: on.db, now: () => clock.now, logger: false, pubsub: on, poolUse: on.poolUse, checkAnswers: true });
  const app = await build();
  stripe?.connect(app);
  twilio?.connect(app, config.appUrl);
  const secondStep = new SecondStep(database, clock);
  return {
    app,
    database,
    databaseUrl: pgDb?.url,
    clock,
    config,
    stripeUrl: stripe?.url,
    stripe,
    twilio,
    client: () => new TestClient(app, secondStep),
    async enrolTwoFactor(...emails: string[]) {
      await seedDemoStaffTwoFactor(database.db, clock.now, await appKeyOf(database.db, config.APP_KEY), emails);
    },
    async sibling() {
      // On PostgreSQL a second process has connections of its own (its own LISTEN among them).
      const own = pgDb ? await openDatabase({ url: pgDb.url, poolSize: 5, onIdleClientError: () => {} }) : database;
      const other = await build(own);
      return {
        app: other,
        client: () => new TestClient(other, secondStep),
        async close() {
          await other.close();
          if (own !== database) await own.close();
        },
      };
    },
    async close() {
      await app.close();
      await stripe?.close();
      await twilio?.close();
      await database.close();
      await pgDb?.drop();
      if (statementsAskedAtOnce) throw new Error(`A transaction asked statements at once on its one connection: ${statementsAskedAtOnce}`);
    },
  };
}

/**
 * The authenticator app of every user the tests sign in with a second factor: a code for the
 * server's clock. A code is accepted once, so when the user's last accepted code is of the current
 * 30-second step the clock moves on to the next step (at most 30 seconds), as a person would wait.
 */
class SecondStep {
  constructor(
    private readonly database: Database,
    private readonly clock: TestClock,
  ) {}

  async code(email: string, secret: string) {
    const user = await usersRepository(this.database.db).findByEmail(email);
    const lastStep = user && (await twoFactorRepository(this.database.db).authenticator(user.id))?.lastUsedStep;
    const now = totpStepAt(this.clock.now);
    if (lastStep == null || now > lastStep) return totpCodeAt(secret, this.clock.now);
    // The server also takes the next step's code (a phone a little ahead): a second code within a
    // step needs no wait; a third waits for the step to turn.
    const next = lastStep + 1;
    if (next > now + 1) this.clock.now = new Date((next - 1) * TOTP_STEP_SECONDS * 1000);
    return totpCodeAt(secret, new Date(next * TOTP_STEP_SECONDS * 1000));
  }
}

/** A browser-like caller: keeps cookies and sends the XSRF header like the SPA does. */
export class TestClient {
  cookies = new Map<string, string>();
  acceptLanguage?: string;
  /** Who `login` signed in and their app's secret, for the second factor a confirmation asks of them. */
  private signedInAs?: { email: string; totpSecret: string };
  constructor(
    private readonly app: FastifyInstance,
    private readonly secondStep: SecondStep,
  ) {}

  async request(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (unsafe && opts.csrf !== false && !this.cookies.has('XSRF-TOKEN'))
      await this.request({ method: 'GET', url: '/sanctum/csrf-cookie' });
    const headers: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      accept: 'application/json',
      ...(opts.headers as Record<string, string>),
    };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (unsafe && opts.csrf !== false) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    if (this.acceptLanguage) headers['accept-language'] = this.acceptLanguage;
    const res = await this.app.inject({ ...opts, method: method as InjectOptions['method'], headers });
    // Work the request started in the background (mail) is done before the test looks.
    await this.app.background.drain();
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: object) {
    return this.request({ method: 'POST', url, payload: payload ?? {} });
  }
  put(url: string, payload?: object) {
    return this.request({ method: 'PUT', url, payload: payload ?? {} });
  }
  /**
   * Confirms who the user is (POST /user/confirm-password), what sensitive changes and grants of
   * power ask for: the password, or for a user with an authenticator app, its code (of the secret
   * `login` was given, or of `app`: a user signed in otherwise, or enrolled since).
   */
  async confirmPassword(password = 'Demo#2026', app = this.signedInAs) {
    const proofs = (await this.get('/user/confirmed-password-status')).json().proofs as string[] | undefined;
    const body = proofs?.includes('totp') && app ? { code: await this.secondStep.code(app.email, app.totpSecret) } : { password };
    const res = await this.post('/user/confirm-password', body);
    if (res.statusCode !== 201) throw new Error(`confirm-password failed: ${res.statusCode} ${res.body}`);
    return this;
  }
  /**
   * Signs in; `remember` keeps the session 30 days idle, for tests that move the clock on by days.
   * When the server asks for the second factor, answers with a code of `totpSecret` (the demo
   * staff's unless told).
   */
  async login(email: string, password = 'Demo#2026', remember = false, totpSecret = DEMO_STAFF_TOTP_SECRET) {
    const res = await this.post('/login', { email, password, ...(remember ? { remember: true } : {}) });
    this.signedInAs = { email, totpSecret };
    if (res.statusCode === 200 && res.json().two_factor === true) {
      const second = await this.post('/two-factor-challenge', { code: await this.secondStep.code(email, totpSecret) });
      if (second.statusCode !== 204) throw new Error(`second step of ${email} failed: ${second.statusCode} ${second.body}`);
    } else if (res.statusCode !== 204) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return this;
  }
}
