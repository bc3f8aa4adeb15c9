import { describe, expect, it } from 'vitest';
import { withTimeout } from './with-timeout';

describe('withTimeout', () => {
  it('answers the work in time, refuses it past the time in the words carrierFailureKind reads, and turns a throw into a rejection', async () => {
    expect(await withTimeout(async () => 'rated', 50)).toBe('rated');
    await expect(withTimeout(() => new Promise((done) => setTimeout(done, 200)), 20)).rejects.toThrow('timed out after 20 ms');
    await expect(
      withTimeout(() => {
        throw new Error('adapter broke');
      }, 50),
    ).rejects.toThrow('adapter broke');
  });
});
