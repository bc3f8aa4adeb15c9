// The shared harness of the address benches: a fresh PostgreSQL database with the demo data, the
// real app listening on 127.0.0.1 (an ephemeral port, loopback only), and a signed-in client.

import { readFileSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed';

const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export async function startBench(name: string) {
  const dbName = `fp_bench_${name}_${Date.now()}`;
  await admin(`create database ${dbName}`);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  await database.migrate();
  await seedDemo(database.db, new Date());
  const config = loadConfig({ APP_URL: 'http://127.0.0.1:3000', WEB_DIST: '/nonexistent', LOG_LEVEL: 'warn' });
  const app = await buildApp({ config, db: database.db });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });

  const jar = new Map<string, string>();
  async function send(method: string, path: string, body?: string, contentType = 'application/json') {
    const res = await fetch(`${origin}${path}`, {
      method,
      body,
      headers: {
        'content-type': contentType,
        'x-requested-with': 'XMLHttpRequest',
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }
  await send('GET', '/sanctum/csrf-cookie');
  const login = await send('POST', '/login', JSON.stringify({ email: 'shipper@demo.test', password: 'Demo#2026' }));
  if (login.status !== 204) throw new Error(`login: ${login.status}`);

  /**
   * CPU milliseconds used so far by the PostgreSQL backends of the bench database (local server:
   * /proc/<pid>/stat utime + stime, 100 ticks a second), by pid; and by this process (the app).
   */
  async function cpu() {
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    const { rows } = await c.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    await c.end();
    const backends = new Map<number, number>();
    for (const { pid } of rows as { pid: number }[]) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        backends.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
      } catch {
        // gone
      }
    }
    const own = process.cpuUsage();
    return { backends, app: (own.user + own.system) / 1000 };
  }
  /** CPU ms between two `cpu()` readings: the app's and the database backends'. */
  const cpuSpent = (a: Awaited<ReturnType<typeof cpu>>, b: Awaited<ReturnType<typeof cpu>>) => ({
    app_cpu_ms: Math.round(b.app - a.app),
    db_cpu_ms: Math.round([...b.backends].reduce((sum, [pid, ms]) => sum + ms - (a.backends.get(pid) ?? 0), 0)),
  });

  return {
    send,
    cpu,
    cpuSpent,
    sql: (text: string, params: unknown[] = []) => {
      const c = new pg.Client({ connectionString: url.toString() });
      return c
        .connect()
        .then(() => c.query(text, params))
        .finally(() => c.end());
    },
    async stop() {
      await app.close();
      await database.close();
      await admin(`drop database if exists ${dbName} with (force)`);
    },
  };
}
