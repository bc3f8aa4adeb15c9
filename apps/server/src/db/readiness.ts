import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, migrationsFolder } from './client';

/** The database answers a query. */
export async function databaseAnswers(db: Db) {
  await db.execute(sql`select 1`);
  return true;
}

let newestMigration: number | undefined;

/**
 * Whether the newest migration this code ships is recorded in the database: drizzle's migrator
 * writes each one's journal time (`when`) as `created_at` of its own table, and applies those
 * newer than the last it recorded.
 */
export async function newestMigrationApplied(db: Db) {
  newestMigration ??= Math.max(
    ...(JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] }).entries.map(
      (entry) => entry.when,
    ),
  );
  const result = (await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { newest: string | null }[];
  };
  const newest = result.rows[0]?.newest;
  return newest != null && Number(newest) >= newestMigration;
}
