import { LRUCache } from 'lru-cache';
import { retryAfterSeconds, type ThrottleState } from './throttle';

/**
 * Fixed-window counters in this process's memory, with the rule of `Throttle` (throttle.ts): for
 * limits that may be per process, where a database write for every request would cost more than
 * the limit is worth (the public tracking page's lookups a minute; measured in bench/README.md).
 * At most `keys` counters are kept; past that the window used least recently is forgotten, which
 * only ever lets its owner in sooner.
 */
export class MemoryThrottle {
  private readonly windows: LRUCache<string, { hits: number; resetAt: number }>;

  constructor(
    private readonly now: () => Date,
    keys = 100_000,
  ) {
    this.windows = new LRUCache({ max: keys });
  }

  hit(key: string, windowSeconds: number): ThrottleState {
    const now = this.now().getTime();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { hits: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.hits += 1;
    return { hits: window.hits, retryAfterSeconds: retryAfterSeconds(window.resetAt, now) };
  }
}
