import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Listen, postgresListener } from './listen';
import * as schema from './schema';

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
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
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
