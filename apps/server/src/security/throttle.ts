import type { Db } from '../db/client';
import { AppError } from '../errors';
import { type ThrottleRow, throttlesRepository } from './throttles.repository';

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
  private readonly rows;

  constructor(
    db: Db,
    private readonly now: () => Date,
  ) {
    this.rows = throttlesRepository(db);
  }

  async hit(key: string, windowSeconds: number): Promise<ThrottleState> {
    const now = this.now();
    const row = await this.rows.hit(key, now, new Date(now.getTime() + windowSeconds * 1000));
    return this.state(row, now);
  }

  /** Counts a request against a limit and refuses past it (429 with the seconds to wait). */
  async enforce(key: string, max: number, windowSeconds: number) {
    const state = await this.hit(key, windowSeconds);
    if (state.hits > max) throw AppError.tooManyRequests(state.retryAfterSeconds);
  }

  async peek(key: string): Promise<ThrottleState> {
    return this.state(await this.rows.find(key), this.now());
  }

  async clear(key: string) {
    await this.rows.remove(key);
  }

  private state(row: ThrottleRow | undefined, now: Date): ThrottleState {
    if (!row || row.resetAt <= now) return { hits: 0, retryAfterSeconds: 0 };
    return { hits: row.hits, retryAfterSeconds: retryAfterSeconds(row.resetAt.getTime(), now.getTime()) };
  }
}
