import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Every row of a list, `size` at a time, by keyset: `read(past, size)` reads the rows past the
 * condition (none for the first batch) in the list's order, and `past(last)` is the condition
 * "after this row" (its sort key and id, a row comparison the list's index serves). No offset:
 * the thousandth batch costs what the first did.
 */
export async function* keysetBatches<R>(
  read: (past: SQL | undefined, size: number) => Promise<R[]>,
  past: (last: R) => SQL,
  size = 1_000,
): AsyncGenerator<R[]> {
  let after: SQL | undefined;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (rows.length < size || last === undefined) return;
    after = past(last);
  }
}

/** One of a list's sort keys: the expression, its direction, and the last row's value of it. */
export interface SortKey {
  expr: SQL | SQLWrapper;
  desc: boolean;
  /** The last row's value, as the database gave it (a timestamp read as text keeps its microseconds). */
  value: SQL;
}

/**
 * "After this row" for an order whose keys run in different directions (a row comparison needs
 * them all one way): the first key past the row's, or equal and the rest past, and so on.
 */
export function pastKeys(keys: readonly SortKey[]): SQL {
  const [key, ...rest] = keys;
  if (!key) return sql`false`;
  const beyond = key.desc ? sql`${key.expr} < ${key.value}` : sql`${key.expr} > ${key.value}`;
  if (!rest.length) return beyond;
  return sql`(${beyond} or (${key.expr} = ${key.value} and ${pastKeys(rest)}))`;
}
