import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, migratedPgliteSnapshot, openDatabase } from '../db/client';
import { seedDemo } from '../db/seed';
import { randomToken } from '../security/tokens';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, empty embedded database (PGlite's data folder tarball). */
    pgliteSnapshot?: string;
    /** A migrated, empty PostgreSQL database each test's database is copied from. */
    postgresTemplate?: string;
    /** The same embedded database with the API tests' part of the demo seeded, once a run. */
    seededPgliteSnapshot?: string;
    /** The same PostgreSQL template with the API tests' part of the demo seeded, once a run. */
    seededPostgresTemplate?: string;
  }
}

/**
 * The part of the demo every API test starts from (accounts, staff, carriers and their tariffs,
 * pricing, catalogs; no shipments or invoices), seeded with the app key kept in the database and
 * the default business time zone: what createTestApp seeds when a test names neither.
 */
export const seedForApiTests = (database: Database, now: Date) => seedDemo(database.db, now, { activity: false });

/** The API tests run on PostgreSQL (a new database per file) instead of PGlite in memory. */
export const usingPostgres = () => process.env.TEST_DB_DRIVER === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/**
 * Once per run, before the test files: the migrated empty database every API test starts from.
 * Each test file used to make its own cluster and run every migration (~3 s of CPU a file on
 * PGlite, ~1 s on PostgreSQL); copying a migrated one costs a fraction of that.
 */
export default async function setup(project: TestProject) {
  const seededAt = new Date();
  if (usingPostgres()) {
    const baseUrl = process.env.TEST_DATABASE_URL!;
    const name = `fp_template_${randomToken(6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}_${process.pid}`;
    await adminQuery(baseUrl, `create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const template = await openDatabase({ url: url.toString(), poolSize: 1 });
    await template.migrate();
    await template.close();
    // Seeding took about 7 s of CPU a file (seconds more beside CI's browsers): done once here, each
    // file that would seed the same copies the seeded template instead.
    const seeded = `${name}_seeded`;
    await adminQuery(baseUrl, `create database ${seeded} template ${name}`);
    url.pathname = `/${seeded}`;
    const seededDb = await openDatabase({ url: url.toString(), poolSize: 1 });
    await seedForApiTests(seededDb, seededAt);
    await seededDb.close();
    project.provide('postgresTemplate', name);
    project.provide('seededPostgresTemplate', seeded);
    return async () => {
      await adminQuery(baseUrl, `drop database if exists ${seeded} with (force)`);
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'fp-pglite-'));
  const migrated = await migratedPgliteSnapshot();
  const file = join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await migrated.arrayBuffer()));
  const seededDb = await openDatabase({ dataDir: 'memory://', loadDataDir: migrated });
  await seedForApiTests(seededDb, seededAt);
  const seededFile = join(folder, 'seeded.tar');
  writeFileSync(seededFile, Buffer.from(await (await seededDb.dump!()).arrayBuffer()));
  await seededDb.close();
  project.provide('pgliteSnapshot', file);
  project.provide('seededPgliteSnapshot', seededFile);
  return () => rmSync(folder, { recursive: true, force: true });
}

async function adminQuery(baseUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
