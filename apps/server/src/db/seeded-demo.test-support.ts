import { afterAll, beforeAll } from 'vitest';
import { migratedSnapshot } from '../test/pglite-snapshot';
import { type Database, openDatabase } from './client';
import { seedDemo } from './seed';

type SeedOptions = Parameters<typeof seedDemo>[2];

/**
 * The demo seeded as of a given instant, once per worker: the whole seed takes ~10 s of CPU alone
 * and several times that beside CI's other lanes, and a dozen files read the same demo. Files run
 * in one worker share their modules (vitest's isolate: false), so this map outlives a file.
 */
const seeded = new Map<string, Promise<Blob>>();

async function seedAndDump(now: Date, options: SeedOptions): Promise<Blob> {
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: migratedSnapshot() });
  try {
    await database.migrate();
    await seedDemo(database.db, now, options);
    if (!database.dump) throw new Error('the seeded demo is kept as an embedded database');
    return await database.dump();
  } finally {
    await database.close();
  }
}

function seededDump(now: Date, options: SeedOptions): Promise<Blob> {
  const key = JSON.stringify([now.toISOString(), options ?? {}]);
  let dump = seeded.get(key);
  if (!dump) {
    dump = seedAndDump(now, options);
    // A failed seed is tried again by the next file rather than failing every one after it.
    dump.catch(() => seeded.delete(key));
    seeded.set(key, dump);
  }
  return dump;
}

/**
 * A test file's own in-memory database with the full demo seeded as of `now` (opened before its
 * tests, closed after); read it through the returned function once the tests run. Each file gets a
 * copy: what one file writes, no other file sees.
 */
export function seededDemoDatabase(now: Date, options?: SeedOptions) {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', loadDataDir: await seededDump(now, options) });
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database) throw new Error('the demo database is opened before the tests');
    return database;
  };
}
