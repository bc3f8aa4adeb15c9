import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Listen, postgresListener } from './listen';
import * as schema from './schema';

const execFileAsync = promisify(execFile);

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** LISTEN/NOTIFY between processes (the support chat's live messages). */
  listen: Listen;
  /** Called after the listening connection came back: notifications may have been missed. */
  onListenReconnect(handler: () => void): void;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * The embedded database's PostgreSQL. PGlite's memory is one
 * WebAssembly memory that never shrinks, and its shared buffers are resident from the start: with
 * PGlite's 128 MB that memory held ~150 MB of the server's for a database of ~15 MB (the demo
 * data); with 16 MB, ~30 MB. A page outside them is read again from its file in the data folder,
 * which the operating system caches. The quote and read load of bench/embedded-memory.ts ran no
 * slower with 16 MB than with 128 MB.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * A new data folder's cluster is made by pglite-initdb.mjs in a process of its own. PGlite runs
 * initdb in two more WebAssembly instances beside the database's, ~800 MB resident for a few
 * seconds. In the server that was its peak at the first start (~900 MB), and ~50 MB of it stayed
 * with malloc for good; a child gives all of it back when it exits (the server's peak: ~350 MB).
 */
async function initdbApart(dataDir: string) {
  const script = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));
  try {
    await execFileAsync(process.execPath, [script, dataDir, JSON.stringify(PGLITE_START_PARAMS)]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not create the embedded database in ${dataDir}${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
}

/** PostgreSQL when a URL is given; otherwise PGlite in `dataDir` (or in memory for `memory://`). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** An idle pooled connection failed (server restart, terminated backend): the pool replaces it. */
  onIdleClientError?: (error: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20 });
    // Without a listener such an error would crash the process; the next query gets a new connection.
    pool.on('error', opts.onIdleClientError ?? ((error) => console.error(`PostgreSQL idle connection lost: ${error.message}`)));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const reconnectHandlers: Array<() => void> = [];
    const listener = postgresListener(
      opts.url,
      (error) => console.error(`PostgreSQL LISTEN connection lost: ${error.message}`),
      () => {
        for (const handler of reconnectHandlers) handler();
      },
    );
    return {
      db,
      driver: 'postgres',
      async migrate() {
        // Several processes may start at once; only one applies migrations.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(727001)');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(727001)').catch(() => {});
          client.release();
        }
      },
      listen: listener.listen,
      onListenReconnect: (handler) => void reconnectHandlers.push(handler),
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await initdbApart(dataDir);
  }
  const client = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    // One process owns an embedded database, and its notifications never travel a connection.
    listen: (channel, onPayload) => client.listen(channel, onPayload).then((unlisten) => () => unlisten()),
    onListenReconnect: () => {},
    close: () => client.close(),
  };
}
