import { describe, expect, it } from 'vitest';
import { MemoryThrottle } from './memory-throttle';

describe('MemoryThrottle', () => {
  const clock = { at: new Date('2026-11-22T10:00:00Z') };
  const advance = (seconds: number) => {
    clock.at = new Date(clock.at.getTime() + seconds * 1000);
  };

  it('counts hits per key in a fixed window and says how long until it ends', () => {
    const throttle = new MemoryThrottle(() => clock.at);
    expect(throttle.hit('a', 60)).toEqual({ hits: 1, retryAfterSeconds: 60 });
    advance(20);
    expect(throttle.hit('a', 60)).toEqual({ hits: 2, retryAfterSeconds: 40 });
    expect(throttle.hit('b', 60)).toEqual({ hits: 1, retryAfterSeconds: 60 });
  });

  it('starts a new window once the last one ended', () => {
    const throttle = new MemoryThrottle(() => clock.at);
    throttle.hit('a', 60);
    throttle.hit('a', 60);
    advance(60);
    expect(throttle.hit('a', 60)).toEqual({ hits: 1, retryAfterSeconds: 60 });
  });

  it('keeps at most the given number of keys, forgetting the one hit least recently', () => {
    const throttle = new MemoryThrottle(() => clock.at, 2);
    throttle.hit('busy', 60);
    throttle.hit('quiet', 60);
    throttle.hit('busy', 60);
    throttle.hit('new', 60); // a third key: 'quiet', hit least recently, is forgotten
    expect(throttle.hit('busy', 60).hits).toBe(3);
    expect(throttle.hit('new', 60).hits).toBe(2);
    expect(throttle.hit('quiet', 60).hits).toBe(1);
  });
});
