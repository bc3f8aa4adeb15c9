import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratedPgliteSnapshot, openDatabase } from '../db/client';
import { randomToken } from '../security/tokens';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, empty embedded database (PGlite's data folder tarball). */
    pgliteSnapshot?: string;
    /** A migrated, empty PostgreSQL database each test's database is copied from. */
    postgresTemplate?: string;
  }
}

/** The API tests run on PostgreSQL (a new database per file) instead of PGlite in memory. */
export const usingPostgres = () => process.env.TEST_DB_DRIVER === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/**
 * Once per run, before the test files: the migrated empty database every API test starts from.
 * Each test file used to make its own cluster and run every migration (~3 s of CPU a file on
 * PGlite, ~1 s on PostgreSQL); copying a migrated one costs a fraction of that.
 */
export default async function setup(project: TestProject) {
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
    project.provide('postgresTemplate', name);
    return () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
  }
  const folder = mkdtempSync(join(tmpdir(), 'fp-pglite-'));
  const file = join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await migratedPgliteSnapshot()).arrayBuffer()));
  project.provide('pgliteSnapshot', file);
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
