import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const BATCH = 5_000;
/** A housekeeping round deletes this many batches at most; the next round (15 minutes on) goes on. */
const MAX_BATCHES = 20;

/**
 * Deletes the oldest rows of a log table whose ids grow with time: those `old` holds for (past
 * their keeping time), but not those `kept` holds for. Batch by batch in id order, through the
 * primary key, stopping at the first row that is not old: the table needs no index on the time,
 * which every insert of a busy log would pay for. Answers how many rows went.
 */
export async function purgeOldest(db: Db, table: PgTable, id: PgColumn, old: SQL, kept?: SQL): Promise<number> {
  let purged = 0;
  for (let round = 0; round < MAX_BATCHES; round++) {
    const rows = await db
      .select({ id, old: sql<boolean>`${old}`, kept: kept ?? sql<boolean>`false` })
      .from(table)
      .orderBy(asc(id))
      .limit(BATCH);
    const firstNew = rows.findIndex((r) => !r.old);
    const past = firstNew === -1 ? rows : rows.slice(0, firstNew);
    const ids = past.filter((r) => !r.kept).map((r) => r.id);
    if (ids.length) await db.delete(table).where(inArray(id, ids));
    purged += ids.length;
    if (firstNew !== -1 || rows.length < BATCH) break;
  }
  return purged;
}
