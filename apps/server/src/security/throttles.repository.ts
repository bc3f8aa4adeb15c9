import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { throttles } from '../db/schema';

export type ThrottleRow = typeof throttles.$inferSelect;

/** The throttles table's statements (throttle.ts holds the windows and the refusals). */
export function throttlesRepository(db: Db) {
  /**
   * The counting upsert, prepared (named on PostgreSQL) so it is built once and planned once per
   * connection: every unknown number on the public tracking page counts here, and building it
   * afresh was a good part of that 404's server time. A window that has ended starts again at 1.
   */
  const windowEnded = sql`${throttles.resetAt} <= ${sql.placeholder('now')}::timestamptz`;
  const hitQuery = db
    .insert(throttles)
    .values({ key: sql.placeholder('key'), hits: 1, resetAt: sql.placeholder('resetAt') })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        hits: sql`case when ${windowEnded} then 1 else ${throttles.hits} + 1 end`,
        resetAt: sql`case when ${windowEnded} then excluded.reset_at else ${throttles.resetAt} end`,
      },
    })
    .returning()
    .prepare('throttle_hit');

  return {
    /** Adds one to `key`'s window (a new one ending at `resetAt` when the last has ended by `now`) and answers the row. */
    async hit(key: string, now: Date, resetAt: Date): Promise<ThrottleRow | undefined> {
      const [row] = await hitQuery.execute({ key, now: now.toISOString(), resetAt });
      return row;
    },
    async find(key: string): Promise<ThrottleRow | undefined> {
      const [row] = await db.select().from(throttles).where(eq(throttles.key, key));
      return row;
    },
    remove: (key: string) => db.delete(throttles).where(eq(throttles.key, key)),
  };
}
