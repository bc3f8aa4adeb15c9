import { describe, expect, it } from 'vitest';
import { keptUnlessFailed } from './keptUnlessFailed';

describe('keptUnlessFailed', () => {
  it('shares a load that is running or has succeeded', async () => {
    const once = keptUnlessFailed<number>();
    let starts = 0;
    const start = async () => ++starts;
    const [a, b] = await Promise.all([once('words', start), once('words', start)]);
    expect([a, b, await once('words', start), starts]).toEqual([1, 1, 1, 1]);
  });

  it('forgets a failed load, so the next caller tries again', async () => {
    const once = keptUnlessFailed<string>();
    let starts = 0;
    const start = async () => {
      starts += 1;
      if (starts === 1) throw new Error('network');
      return 'words';
    };
    await expect(once('feature:quotes:es', start)).rejects.toThrow('network');
    expect(await once('feature:quotes:es', start)).toBe('words');
    expect(starts).toBe(2);
  });

  it('keeps a seeded load without starting it', async () => {
    const once = keptUnlessFailed<string>([['first-visit:en', Promise.resolve('bundled')]]);
    expect(await once('first-visit:en', async () => 'fetched')).toBe('bundled');
  });
});
