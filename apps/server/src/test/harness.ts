import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type AppDeps, buildApp } from '../app';
import { loadConfig } from '../config';
import { appKeyOf } from '../db/app-state';
import { type Database, openDatabase } from '../db/client';
import { seedDemo } from '../db/seed';
import { DEMO_STAFF_TOTP_SECRET, seedDemoStaffTwoFactor } from '../db/seed-two-factor';
import { TOTP_STEP_SECONDS, totpCodeAt, totpStepAt } from '../modules/two-factor/totp';
import { twoFactorRepository } from '../modules/two-factor/two-factor.repository';
import { usersRepository } from '../modules/users/users.repository';
import { randomToken } from '../security/tokens';

/**
 * One app per test file on a fresh database: PGlite in memory by default, or a new PostgreSQL
 * database when TEST_DB_DRIVER=postgres and TEST_DATABASE_URL are set (`npm test` runs both).
 */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
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

async function freshPostgres(baseUrl: string) {
  const name = `fp_test_${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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

export const usingPostgres = () => process.env.TEST_DB_DRIVER === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/** `deps`: what a test puts into the app besides the config (carriers' rate adapters that fail or hang). */
export async function createTestApp(env: Record<string, string> = {}, deps: Pick<AppDeps, 'rateAdapterFor'> = {}): Promise<TestApp> {
  const pgDb = usingPostgres() ? await freshPostgres(process.env.TEST_DATABASE_URL!) : undefined;
  // Dropping the test database ends its connections; a pooled one may notice after the pool closed.
  const database = await openDatabase({ url: pgDb?.url, dataDir: 'memory://', poolSize: 5, onIdleClientError: () => {} });
  await database.migrate();
  const clock: TestClock = {
    now: new Date(),
    advanceMinutes(n: number) {
      this.now = new Date(this.now.getTime() + n * 60_000);
    },
  };
  const config = loadConfig({
    APP_URL: 'http://127.0.0.1:3000',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    JOBS_POLL_MS: '0',
    DEMO_TRACKING: '0',
    ...env,
  });
  // The demo invoices (delivered shipments, balances, a near-limit account) stay out of the API
  // tests: each test makes the invoices it needs, and the other modules' counts stay theirs.
  await seedDemo(database.db, clock.now, { activity: false, appKey: config.APP_KEY });
  const build = (on: Database = database) => buildApp({ ...deps, config, db: on.db, now: () => clock.now, logger: false, pubsub: on });
  const app = await build();
  const secondStep = new SecondStep(database, clock);
  return {
    app,
    database,
    clock,
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
      await database.close();
      await pgDb?.drop();
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
    if (lastStep != null && totpStepAt(this.clock.now) <= lastStep) this.clock.now = new Date((lastStep + 1) * TOTP_STEP_SECONDS * 1000);
    return totpCodeAt(secret, this.clock.now);
  }
}

/** A browser-like caller: keeps cookies and sends the XSRF header like the SPA does. */
export class TestClient {
  cookies = new Map<string, string>();
  acceptLanguage?: string;
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
  /** Confirms the password (POST /user/confirm-password): what grants of power ask for within the last 10 minutes. */
  async confirmPassword(password = 'Demo#2026') {
    const res = await this.post('/user/confirm-password', { password });
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
    if (res.statusCode === 200 && res.json().two_factor === true) {
      const second = await this.post('/two-factor-challenge', { code: await this.secondStep.code(email, totpSecret) });
      if (second.statusCode !== 204) throw new Error(`second step of ${email} failed: ${second.statusCode} ${second.body}`);
    } else if (res.statusCode !== 204) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return this;
  }
}
