// The setup the in-process benches share: a fresh PostgreSQL database with the migrations and the
// demo data (dropped again by the bench), and the real app on it driven through `inject` with the
// demo shipper signed in.
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed';
import { DEMO_STAFF_TOTP_SECRET } from '../apps/server/src/db/seed-two-factor';
import { totpCodeAt } from '../apps/server/src/modules/two-factor/totp';

/** The PostgreSQL server's maintenance database: bench databases are created and dropped from it. */
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Creates `fp_bench_<name>_<time>`, migrates it and loads the demo data; `drop()` closes the pool
 * and drops the database (also done here when the migration or the seed fails).
 */
export async function benchDatabase(name: string, poolSize: number) {
  const dbName = `fp_bench_${name}_${Date.now()}`;
  await admin(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const database = await openDatabase({ url: url.toString(), poolSize });
  const drop = async () => {
    await database.close();
    await admin(`drop database if exists ${dbName} with (force)`);
  };
  try {
    await database.migrate();
    await seedDemo(database.db, new Date());
  } catch (error) {
    await drop();
    throw error;
  }
  return { name: dbName, url: url.toString(), db: database.db, database, drop };
}

/**
 * The app on `db` without logs, and `send`, which carries the session and XSRF cookies like the
 * web client; `email` (the demo shipper unless told) is signed in before it is returned.
 */
export async function signedInApp(database: Database, env: Record<string, string> = {}, email = 'shipper@demo.test') {
  const app = await benchApp(database, env);
  return { app, send: await signedInTo(app, email) };
}

/** The app on `db` without logs (BENCH_LOG=1 gives it an error log), nobody signed in. */
export function benchApp(database: Database, env: Record<string, string> = {}) {
  const config = loadConfig({ APP_URL: 'http://127.0.0.1:3000', WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', JOBS_POLL_MS: '0', ...env });
  return buildApp({
    config,
    db: database.db,
    logger: process.env.BENCH_LOG === '1' ? { level: 'error' } : false,
    pubsub: database,
  });
}

/** Another user signed in to an app already built (one server, two people), with their own cookies. */
export async function signedInTo(app: Awaited<ReturnType<typeof buildApp>>, email: string) {
  const jar = new Map<string, string>();
  const send = async (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    payload?: string,
    contentType = 'application/json',
    extraHeaders: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method,
      url: path,
      payload,
      headers: {
        'content-type': contentType,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
        ...extraHeaders,
      },
    });
    for (const c of res.cookies as { name: string; value: string }[]) jar.set(c.name, c.value);
    return res;
  };
  await send('GET', '/sanctum/csrf-cookie');
  const login = await send('POST', '/login', JSON.stringify({ email, password: 'Demo#2026' }));
  // Staff go on to their second factor: the demo staff's authenticator code, for the real clock the app runs on.
  const signedIn =
    login.statusCode === 200 && login.json().two_factor === true
      ? await send('POST', '/two-factor-challenge', JSON.stringify({ code: totpCodeAt(DEMO_STAFF_TOTP_SECRET, new Date()) }))
      : login;
  if (signedIn.statusCode !== 204) throw new Error(`login failed: ${signedIn.statusCode}`);
  return send;
}
