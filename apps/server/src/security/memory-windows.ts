/**
 * Fixed-window counters in this process's memory, for a limit checked on a hot path where a
 * database write per request would cost more than sharing the count between processes is worth
 * (the public tracking page's lookups a minute: with N processes an address gets N times the
 * limit, still far from enumerating numbers; the unknown-number counter, the signal that matters,
 * stays in the database). Time comes from the app's clock, so tests can move it. At most
 * `maxKeys` windows are kept: expired ones are swept once a window, and past the cap the oldest go.
 */
export class MemoryWindows {
  private readonly windows = new Map<string, { hits: number; resetAt: number }>();
  private sweepAt = 0;

  constructor(
    private readonly now: () => Date,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one hit of `key`: the hits in its current window and the seconds until that window ends. */
  hit(key: string): { hits: number; retryAfterSeconds: number } {
    const now = this.now().getTime();
    if (now >= this.sweepAt || this.windows.size >= this.maxKeys) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { hits: 0, resetAt: now + this.windowMs };
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    window.hits += 1;
    return { hits: window.hits, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    // Still full (a flood of new addresses): the oldest windows go first (a Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys * 0.9) break;
      this.windows.delete(key);
    }
    this.sweepAt = now + this.windowMs;
  }
}
