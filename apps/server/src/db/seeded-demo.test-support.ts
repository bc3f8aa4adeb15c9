import { afterAll, beforeAll } from 'vitest';
import { openDatabase } from './client';
import { seedDemo } from './seed';

/**
 * A test file's own in-memory database with the full demo seeded as of `now` (opened before its
 * tests, closed after); read it through the returned function once the tests run.
 */
export function seededDemoDatabase(now: Date) {
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await seedDemo(database.db, now);
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database) throw new Error('the demo database is opened before the tests');
    return database;
  };
}
