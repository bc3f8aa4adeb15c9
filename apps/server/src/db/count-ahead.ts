import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Big lists count their matches only this far past the page: an exact total of a big account
 * costs a scan of all its matching rows (~170 ms for 1M shipments), and 'page 3 of 1,000+'
 * serves a person as well.
 */
export const COUNT_AHEAD = 1000;

/** The rows `where` selects in `table`, counted up to COUNT_AHEAD past `offset`; `capped` when there are more. */
export async function countAhead(db: Db, table: PgTable, where: SQL | undefined, offset: number) {
  const upTo = offset + COUNT_AHEAD + 1;
  const [row] = await db.select({ n: count() }).from(db.select({ one: sql`1` }).from(table).where(where).limit(upTo).as('counted'));
  const n = row?.n ?? 0;
  return n >= upTo ? { total: upTo - 1, capped: true } : { total: n, capped: false };
}
