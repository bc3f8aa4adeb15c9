import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { throttles } from '../db/schema';
import { AppError } from '../errors';

export interface ThrottleState {
  hits: number;
  retryAfterSeconds: number;
}

/** Whole seconds until a window ending at `resetAtMs` ends, at least 1 (the Retry-After of a 429). */
export const retryAfterSeconds = (resetAtMs: number, nowMs: number) => Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000));

/**
 * Fixed-window counters kept in the database, so every process behind a load balancer sees the
 * same count. `hit` adds one and returns the new state atomically.
 */
export class Throttle {
  /**
   * The counting upsert, prepared (named on PostgreSQL) so it is built once and planned once per
   * connection: every unknown number on the public tracking page counts here, and building it
   * afresh was a good part of that 404's server time.
   */
  private readonly hitQuery;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    const windowEnded = sql`${throttles.resetAt} <= ${sql.placeholder('now')}::timestamptz`;
    this.hitQuery = db
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
  }

  async hit(key: string, windowSeconds: number): Promise<ThrottleState> {
    const now = this.now();
    const resetAt = new Date(now.getTime() + windowSeconds * 1000);
    const [row] = await this.hitQuery.execute({ key, now: now.toISOString(), resetAt });
    return this.state(row, now);
  }

  /** Counts a request against a limit and refuses past it (429 with the seconds to wait). */
  async enforce(key: string, max: number, windowSeconds: number) {
    const state = await this.hit(key, windowSeconds);
    if (state.hits > max) throw AppError.tooManyRequests(state.retryAfterSeconds);
  }

  async peek(key: string): Promise<ThrottleState> {
    const [row] = await this.db.select().from(throttles).where(eq(throttles.key, key));
    return this.state(row, this.now());
  }

  async clear(key: string) {
    await this.db.delete(throttles).where(eq(throttles.key, key));
  }

  private state(row: typeof throttles.$inferSelect | undefined, now: Date): ThrottleState {
    if (!row || row.resetAt <= now) return { hits: 0, retryAfterSeconds: 0 };
    return { hits: row.hits, retryAfterSeconds: retryAfterSeconds(row.resetAt.getTime(), now.getTime()) };
  }
}
