import { describe, expect, it } from 'vitest';
import { TimedOut, withTimeout } from './with-timeout';

describe('withTimeout', () => {
  it('answers the work in time, refuses it past the time with a TimedOut that knows the time, and turns a throw into a rejection', async () => {
    expect(await withTimeout(async () => 'rated', 50)).toBe('rated');
    const late = withTimeout(() => new Promise((done) => setTimeout(done, 200)), 20);
    await expect(late).rejects.toBeInstanceOf(TimedOut);
    await expect(late).rejects.toMatchObject({ ms: 20 });
    await expect(
      withTimeout(() => {
        throw new Error('adapter broke');
      }, 50),
    ).rejects.toThrow('adapter broke');
  });
});
