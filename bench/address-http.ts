// The shared harness of the address benches: a fresh PostgreSQL database with the demo data, the
// real app listening on 127.0.0.1 (an ephemeral port, loopback only), and a signed-in client.

import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { DEMO_STAFF_TOTP_SECRET } from '../apps/server/src/db/seed-two-factor';
import { totpCodeAt } from '../apps/server/src/modules/two-factor/totp';
import { processCpuMs } from './postgres-cpu';
import { benchDatabase } from './setup';

export async function startBench(name: string) {
  const bench = await benchDatabase(name, 10);
  const config = loadConfig({ APP_URL: 'http://127.0.0.1:3000', WEB_DIST: '/nonexistent', LOG_LEVEL: 'warn' });
  const app = await buildApp({ config, db: bench.db, pubsub: bench.database });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });

  const jar = new Map<string, string>();
  async function send(method: string, path: string, body?: string, contentType = 'application/json', extra: Record<string, string> = {}) {
    const res = await fetch(`${origin}${path}`, {
      method,
      body,
      headers: {
        ...extra,
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
    const c = new pg.Client({ connectionString: bench.url });
    await c.connect();
    const { rows } = await c.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    await c.end();
    const backends = new Map<number, number>();
    for (const { pid } of rows as { pid: number }[]) {
      try {
        backends.set(pid, processCpuMs(pid));
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

  /** Signs the client in as a demo staff user: the password, then the demo staff's authenticator code. */
  async function signInAsStaff(email: string) {
    await send('POST', '/logout');
    await send('GET', '/sanctum/csrf-cookie');
    const login = await send('POST', '/login', JSON.stringify({ email, password: 'Demo#2026' }));
    if (login.status !== 204 && login.status !== 200) throw new Error(`login as ${email}: ${login.status}`);
    const code = await send('POST', '/two-factor-challenge', JSON.stringify({ code: totpCodeAt(DEMO_STAFF_TOTP_SECRET, new Date()) }));
    if (code.status >= 400) throw new Error(`two-factor code for ${email}: ${code.status}`);
  }

  /** Milliseconds to the last byte of a GET of `path`, which must answer 200. */
  async function timedGet(path: string) {
    const t0 = performance.now();
    const res = await send('GET', path);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    return performance.now() - t0;
  }

  return {
    /** The bench database's connection URL. */
    url: bench.url,
    send,
    signInAsStaff,
    timedGet,
    cpu,
    cpuSpent,
    sql: (text: string, params: unknown[] = []) => {
      const c = new pg.Client({ connectionString: bench.url });
      return c
        .connect()
        .then(() => c.query(text, params))
        .finally(() => c.end());
    },
    async stop() {
      await app.close();
      await bench.drop();
    },
  };
}
