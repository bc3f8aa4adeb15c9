import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backupEmbedded, backupFileName, restoreEmbedded } from './backup';
import { openDatabase, PGLITE_START_PARAMS } from './client';

const work = mkdtempSync(join(tmpdir(), 'fp-backup-test-'));
const dataDir = join(work, 'data');
const at = new Date('2026-11-26T01:02:03.456Z');

async function rowsOf(dir: string) {
  const client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
  try {
    return (await client.query<{ note: string }>('select note from backup_probe order by note')).rows.map((r) => r.note);
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await database.close();
  const client = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS });
  await client.exec(`create table backup_probe (note text); insert into backup_probe values ('before the backup')`);
  await client.close();
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('embedded database backup', () => {
  it('names a backup by its time, without colons', () => {
    expect(backupFileName(at)).toBe('freight-portal-2026-11-26T01-02-03Z.tar.gz');
  });

  it('refuses a folder the server has open, and one without a database', async () => {
    const open = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS });
    try {
      await expect(backupEmbedded(dataDir, join(work, 'refused.tar.gz'))).rejects.toThrow(/stop the server first/);
    } finally {
      await open.close();
    }
    await expect(backupEmbedded(join(work, 'nothing-here'), join(work, 'none.tar.gz'))).rejects.toBeInstanceOf(BackupError);
    expect(existsSync(join(work, 'refused.tar.gz'))).toBe(false);
  });

  it('backs up a stopped folder and restores it, keeping the database it replaces aside', async () => {
    // The payment simulator's state lives in the folder too (the embedded demo's saved cards).
    writeFileSync(join(dataDir, 'stripe-simulator.json'), '{"customers":{}}');
    const file = join(work, 'backups', backupFileName(at));
    const summary = await backupEmbedded(dataDir, file);
    expect(summary.bytes).toBeGreaterThan(1000);
    expect(summary.migrations).toBeGreaterThan(10);
    // A second backup to the same file never overwrites the first.
    await expect(backupEmbedded(dataDir, file)).rejects.toThrow(/EEXIST/);

    const fresh = join(work, 'restored');
    expect(await restoreEmbedded(file, fresh, at)).toEqual({ migrations: summary.migrations, movedAside: undefined });
    expect(await rowsOf(fresh)).toEqual(['before the backup']);
    expect(readFileSync(join(fresh, 'stripe-simulator.json'), 'utf8')).toBe('{"customers":{}}');

    // Over an existing database: the one there is moved aside, never deleted.
    const restored = await restoreEmbedded(file, dataDir, at);
    expect(restored.movedAside).toBe(`${dataDir}.before-restore-2026-11-26T01-02-03Z`);
    expect(readdirSync(restored.movedAside ?? '')).toContain('PG_VERSION');
    expect(await rowsOf(dataDir)).toEqual(['before the backup']);
  });
});
