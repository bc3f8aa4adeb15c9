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
import { traceDatabase } from '../telemetry/tracing';
import { yieldingInBulkLane } from './bulk-lane';
import { type Listen, postgresListener } from './listen';
import { growMemoryFilesInLargeSteps } from './memory-file-growth';
import { parsersSetOnce } from './pglite-parsers';
import * as schema from './schema';
import { toastCompressionOption } from './toast-compression';
import { markConnectFailure } from './unavailable';

const execFileAsync = promisify(execFile);

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A PostgreSQL pool's connections: open, idle among them, and queries waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** LISTEN/NOTIFY between processes (the support chat's live messages). */
  listen: Listen;
  /** Called after the listening connection came back: notifications may have been missed. */
  onListenReconnect(handler: () => void): void;
  close(): Promise<void>;
  /** On PostgreSQL only: how the pool's connections are used now (the metrics). */
  poolUse?: () => PoolUse;
  /** Embedded only: the whole data folder as a tarball, which `loadDataDir` opens again. */
  dump?: () => Promise<Blob>;
}

/**
 * How long a query waits to open a connection (or for a free one in a full pool): a database that
 * does not answer makes a 503 within this, never a request that hangs.
 */
export const CONNECT_TIMEOUT_MS = 5000;
/** How long closing waits for the pool's connections to end. */
const POOL_END_WAIT_MS = 5_000;

/**
 * A pooled connection whose every connect failure is marked as the database not reached (the
 * request then answers 503 database_unavailable, not a 500), and whose break while checked out
 * does not crash the process: node-postgres emits 'error' on a client whose server went away, and
 * the pool listens only while it is idle. The query under way fails instead, and the pool drops
 * the broken connection when it is released. (Its name must not contain 'Pool': drizzle takes
 * any such client for a pool and checks a connection out of it.)
 */
class GuardedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    this.on('error', () => {});
  }
  override connect(): Promise<pg.Client>;
  override connect(callback: (err: Error | null, client?: pg.Client) => void): void;
  override connect(callback?: (err: Error | null, client?: pg.Client) => void) {
    if (callback)
      return super.connect(((err: Error | null, client?: pg.Client) => callback(err && markConnectFailure(err), client)) as never);
    return super.connect().catch((err: unknown) => {
      throw markConnectFailure(err);
    });
  }
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

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
  /** PGlite in memory only: start from this data folder (`migratedPgliteSnapshot`) instead of an empty cluster. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      options: await toastCompressionOption(opts.url),
      max: opts.poolSize ?? 20,
      Client: GuardedClient,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // Without a listener such an error would crash the process; the next query gets a new connection.
    pool.on('error', opts.onIdleClientError ?? ((error) => console.error(`PostgreSQL idle connection lost: ${error.message}`)));
    traceDatabase({ driver: 'postgres', pool, url: opts.url });
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
        // pool.end() waits for every connection the pool counts. After an outage one can stay
        // counted while never connecting (seen after the server came back under load): shutting
        // down waits a bounded time for the rest, then goes on rather than hang.
        await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, POOL_END_WAIT_MS).unref())]);
      },
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await initdbApart(dataDir);
  }
  const client = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS, loadDataDir: opts.loadDataDir });
  if (dataDir.startsWith('memory://')) growMemoryFilesInLargeSteps(client);
  parsersSetOnce(client);
  yieldingInBulkLane(client);
  traceDatabase({ driver: 'pglite', client });
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
    dump: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

/**
 * An embedded database with every migration applied and no rows, as PGlite's data folder tarball.
 * Making a cluster (initdb) and migrating it takes ~3 s of CPU; starting from this copy ~0.4 s: the
 * API tests, which each start a database of their own, start theirs from one made per run.
 */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const client = await PGlite.create('memory://', { startParams: PGLITE_START_PARAMS });
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
