import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { Throttle } from './throttle';

// On the test app's database, so the upsert runs on PGlite and on PostgreSQL (TEST_DB_DRIVER).
let t: TestApp;
let throttle: Throttle;
beforeAll(async () => {
  t = await createTestApp();
  throttle = new Throttle(t.database.db, () => t.clock.now);
});
afterAll(() => t.close());

describe('Throttle', () => {
  it('counts hits within the window and starts over once it has passed', async () => {
    expect(await throttle.peek('k1')).toEqual({ hits: 0, retryAfterSeconds: 0 });
    expect(await throttle.hit('k1', 60)).toEqual({ hits: 1, retryAfterSeconds: 60 });
    t.clock.advanceMinutes(0.5);
    expect(await throttle.hit('k1', 60)).toEqual({ hits: 2, retryAfterSeconds: 30 });
    expect(await throttle.peek('k1')).toEqual({ hits: 2, retryAfterSeconds: 30 });
    // Other keys are separate.
    expect((await throttle.hit('k2', 60)).hits).toBe(1);

    t.clock.advanceMinutes(0.5);
    expect(await throttle.peek('k1')).toEqual({ hits: 0, retryAfterSeconds: 0 });
    expect(await throttle.hit('k1', 60)).toEqual({ hits: 1, retryAfterSeconds: 60 });
  });

  it('forgets a key on clear', async () => {
    await throttle.hit('k3', 60);
    await throttle.hit('k3', 60);
    await throttle.clear('k3');
    expect(await throttle.peek('k3')).toEqual({ hits: 0, retryAfterSeconds: 0 });
    expect((await throttle.hit('k3', 60)).hits).toBe(1);
  });
});
