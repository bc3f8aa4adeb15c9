// The app as its own process on a fresh PostgreSQL database, for the load benches: started with
// `node --import tsx`, listening on 127.0.0.1 only, killed and its database dropped by `stop()`.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { COMPILED_SERVER_NODE_OPTIONS, SERVER_NODE_OPTIONS, serverEnv } from '../scripts/server-node-options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const adminBase = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * `script` under node with tsx and the server's Node options and environment (those of `npm start`),
 * then `nodeArgs`.
 */
export function startNode(script: string[], env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...SERVER_NODE_OPTIONS, ...nodeArgs, '--import', 'tsx', ...script], {
    cwd: root,
    env: serverEnv({ ...process.env, ...env }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * The app (apps/server/src/server.ts) on `databaseUrl`, seeded with the demo data, listening on
 * 127.0.0.1:`port`, without the demo carriers' moving shipments; `env` adds to or overrides that.
 * BENCH_POOL sets its pool size (20); BENCH_CPU_PROF=dir makes it write a V8 CPU profile of its
 * whole run into dir when it stops; BENCH_SERVER=built runs the compiled server instead of the sources.
 */
export function startApp(databaseUrl: string, port: number, env: Record<string, string> = {}): ChildProcess {
  const profileDir = process.env.BENCH_CPU_PROF;
  const appEnv = {
    DATABASE_URL: databaseUrl,
    SEED_DEMO: '1',
    DEMO_TRACKING: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? '20',
    ...env,
  };
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return process.env.BENCH_SERVER === 'built' ? startBuilt(appEnv, nodeArgs) : startNode(['apps/server/src/server.ts'], appEnv, nodeArgs);
}

/**
 * The compiled server (`npm run build`: apps/server/dist) as an image runs it (scripts/start-prod.mjs):
 * plain node with the compiled server's options, no TypeScript loader.
 */
function startBuilt(env: Record<string, string>, nodeArgs: string[]): ChildProcess {
  const entry = `${root}apps/server/dist/server.js`;
  if (!existsSync(entry)) throw new Error('BENCH_SERVER=built: no compiled server, run `npm run build` first');
  return spawn(process.execPath, [...COMPILED_SERVER_NODE_OPTIONS, ...nodeArgs, entry], {
    cwd: root,
    env: serverEnv({ ...process.env, ...env }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitFor(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

/** Resident memory of a process from /proc (Linux): now (VmRSS) or its peak so far (VmHWM), in MB. */
export const memoryMb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;

/**
 * A new database `fp_bench_<name>_<time>`; `url` to reach it, `drop()` to remove it. With `keep`,
 * the database of that name when it exists (made by an earlier run with BENCH_KEEP_DB), and
 * `drop()` leaves it.
 */
export async function freshDatabase(name: string, keep?: string) {
  const existing = keep
    ? await withClient(adminBase, async (c) => (await c.query('select 1 from pg_database where datname = $1', [keep])).rowCount === 1)
    : false;
  const dbName = keep ?? `fp_bench_${name}_${Date.now()}`;
  if (!existing) await withClient(adminBase, (c) => c.query(`create database ${dbName}`));
  const url = new URL(adminBase);
  url.pathname = `/${dbName}`;
  return {
    name: dbName,
    url: url.toString(),
    /** The database was there already (`keep`): filled by the run that made it. */
    existing,
    drop: async () => {
      if (!keep) await withClient(adminBase, (c) => c.query(`drop database if exists ${dbName} with (force)`));
    },
  };
}

/** Signs the demo shipper in as the SPA does; answers the headers of its later requests. */
export async function signIn(origin: string, email = 'shipper@demo.test') {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = (pair ?? '').split('=');
      if (k && v !== undefined) jar.set(k, v);
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${origin}/sanctum/csrf-cookie`));
  const login = await fetch(`${origin}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' },
    body: JSON.stringify({ email, password: 'Demo#2026' }),
  });
  if (login.status !== 204) throw new Error(`login failed: ${login.status}`);
  keep(login);
  return { 'content-type': 'application/json', cookie: cookie(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' };
}
