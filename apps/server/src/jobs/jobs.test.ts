import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { SWEEP_JOB } from '../modules/webhooks/webhook-delivery';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The app's own recurring job (the webhook lanes' sweep) is left out: these tests count theirs.
  await t.database.db.delete(jobs).where(eq(jobs.kind, SWEEP_JOB));
});
afterAll(() => t.close());

describe('JobRunner', () => {
  it('runs a job only once it is due, and once', async () => {
    const ran: unknown[] = [];
    t.app.jobs.register('test.once', async (payload) => void ran.push(payload));
    await t.app.jobs.schedule('test.once', 'a', new Date(t.clock.now.getTime() + 10 * 60_000), { n: 1 });
    expect(await t.app.jobs.runDue()).toBe(0);
    t.clock.advanceMinutes(11);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(ran).toEqual([{ n: 1 }]);
  });

  it('keeps one waiting job per key, at the earlier time', async () => {
    const ran: unknown[] = [];
    t.app.jobs.register('test.key', async (payload) => void ran.push(payload));
    const at = t.clock.now.getTime();
    await t.app.jobs.schedule('test.key', 'k', new Date(at + 5 * 60_000), { v: 1 });
    await t.app.jobs.schedule('test.key', 'k', new Date(at + 60 * 60_000), { v: 2 });
    t.clock.advanceMinutes(6);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(ran).toEqual([{ v: 2 }]);
  });

  it('runs a recurring job again when it asks, and retries a failed one later', async () => {
    let calls = 0;
    t.app.jobs.register('test.recurring', async () => {
      calls++;
      if (calls === 2) throw new Error('carrier down');
      return { runAgainAt: new Date(t.clock.now.getTime() + 60_000) };
    });
    await t.app.jobs.schedule('test.recurring', 'r', t.clock.now);
    await t.app.jobs.runDue();
    t.clock.advanceMinutes(1);
    await t.app.jobs.runDue(); // fails: retried a minute later
    const [row] = (await t.database.db.select().from(jobs)).filter((j) => j.kind === 'test.recurring');
    expect(row?.lastError).toBe('carrier down');
    expect(row?.doneAt).toBeNull();
    t.clock.advanceMinutes(2);
    await t.app.jobs.runDue();
    expect(calls).toBe(3);
  });

  it('survives a restart: a job scheduled by one process is run by the next', async () => {
    await t.app.jobs.schedule('test.restart', 'x', t.clock.now, { id: 7 });
    // A new runner on the same database (as after a restart) finds the job.
    const { JobRunner } = await import('./jobs');
    const next = new JobRunner(t.database.db, () => t.clock.now, t.app.log);
    const ran: unknown[] = [];
    next.register('test.restart', async (payload) => void ran.push(payload));
    await next.runDue();
    expect(ran).toEqual([{ id: 7 }]);
  });
});
