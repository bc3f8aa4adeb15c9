import { existsSync, readFileSync, renameSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_START_PARAMS } from './client';

/**
 * Backups of the embedded database (PGlite in DATA_DIR). PGlite is PostgreSQL in the server's
 * own process: nothing else can connect to it while the server runs, and it takes no lock on its
 * folder (a second PGlite opens the same folder and both write: the folder is ruined). So a
 * backup is taken while the server is stopped, which its `postmaster.pid` tells (PGlite writes it
 * when it opens the folder and removes it when it closes).
 *
 * The backup is PGlite's own `dumpDataDir` of the folder, opened first (so PostgreSQL has replayed
 * its write-ahead log and the files are consistent even after a crash), as one gzip tarball; it is
 * loaded into an in-memory PGlite before it is written, so a backup that cannot be restored is
 * never kept. A plain copy of the stopped folder would be as good a backup, but is not checked,
 * and a copy of a folder left by a crash carries the crash with it.
 */

export interface BackupSummary {
  file: string;
  bytes: number;
  /** Migrations recorded in the backup: the release it belongs to. */
  migrations: number;
}

export class BackupError extends Error {}

function assertStopped(dataDir: string) {
  if (existsSync(join(dataDir, 'postmaster.pid'))) {
    throw new BackupError(
      `${dataDir} is open (postmaster.pid): stop the server first. If no server runs on it (one was killed), start it and stop it once with Ctrl+C or SIGTERM.`,
    );
  }
}

async function migrationsIn(client: PGlite) {
  const result = await client.query<{ n: number }>(
    `select count(*)::int as n from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'`,
  );
  if (!result.rows[0]?.n) return 0;
  return (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]?.n ?? 0;
}

/** `freight-portal-2026-11-26T01-02-03Z.tar.gz`: sorts by time, no colons (Windows, scp). */
export const backupFileName = (at: Date) =>
  `freight-portal-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;

export async function backupEmbedded(dataDir: string, file: string): Promise<BackupSummary> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new BackupError(`${dataDir} holds no embedded database`);
  assertStopped(dataDir);
  const client = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS });
  let dump: Blob;
  try {
    await client.exec('checkpoint');
    dump = await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
  const check = await PGlite.create({ loadDataDir: dump, startParams: PGLITE_START_PARAMS });
  let migrations: number;
  try {
    migrations = await migrationsIn(check);
  } finally {
    await check.close();
  }
  const bytes = Buffer.from(await dump.arrayBuffer());
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, bytes, { flag: 'wx' });
  return { file, bytes: bytes.length, migrations };
}

/**
 * Loads a backup into `dataDir`. A database already there is never deleted: it is moved aside to
 * `<dataDir>.before-restore-<time>` (returned), for the operator to remove once the restore is
 * known good.
 */
export async function restoreEmbedded(file: string, dataDir: string, at: Date): Promise<{ migrations: number; movedAside?: string }> {
  const dump = new Blob([readFileSync(file)]);
  let movedAside: string | undefined;
  if (existsSync(dataDir)) {
    assertStopped(dataDir);
    movedAside = `${dataDir}.before-restore-${backupFileName(at).slice('freight-portal-'.length, -'.tar.gz'.length)}`;
    renameSync(dataDir, movedAside);
  }
  await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { loadDataDir: dump, startParams: PGLITE_START_PARAMS });
  try {
    return { migrations: await migrationsIn(client), movedAside };
  } finally {
    await client.close();
  }
}
