import { describe, expect, it } from 'vitest';
import { MemoryWindows } from './memory-windows';

describe('MemoryWindows', () => {
  it('counts hits per key within a window and starts afresh after it', () => {
    let now = new Date('2026-11-21T12:00:00Z');
    const windows = new MemoryWindows(() => now, 60_000);
    expect(windows.hit('a')).toEqual({ hits: 1, retryAfterSeconds: 60 });
    expect(windows.hit('a').hits).toBe(2);
    expect(windows.hit('b').hits).toBe(1);
    now = new Date(now.getTime() + 45_000);
    expect(windows.hit('a')).toEqual({ hits: 3, retryAfterSeconds: 15 });
    now = new Date(now.getTime() + 15_000);
    expect(windows.hit('a')).toEqual({ hits: 1, retryAfterSeconds: 60 });
  });

  it('keeps at most maxKeys windows, dropping the oldest', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const windows = new MemoryWindows(() => now, 60_000, 100);
    for (let i = 0; i < 500; i++) windows.hit(`k${i}`);
    expect((windows as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(100);
    // The newest keys keep their counts.
    expect(windows.hit('k499').hits).toBe(2);
  });
});
