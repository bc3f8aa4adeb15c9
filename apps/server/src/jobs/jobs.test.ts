import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../db/schema';
import { markConnectFailure } from '../db/unavailable';
import { createTestApp, type TestApp } from '../test/harness';
import { gate, until } from '../test/waits';
import { JobRunner } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The app's own recurring jobs (sweeps, refreshes, trims) are left out: these tests count theirs.
  await t.database.db.delete(jobs);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

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
    const next = new JobRunner(t.database.db, () => t.clock.now, t.app.log);
    const ran: unknown[] = [];
    next.register('test.restart', async (payload) => void ran.push(payload));
    await next.runDue();
    expect(ran).toEqual([{ id: 7 }]);
  });
});

describe('the poll loop', () => {
  it('is off until started, running once started, stopped after stop()', async () => {
    const runner = new JobRunner(t.database.db, () => t.clock.now, t.app.log);
    expect(runner.loopState).toBe('off');
    runner.start(0);
    expect(runner.loopState).toBe('off');
    runner.start(50);
    expect(runner.loopState).toBe('running');
    await runner.stop();
    expect(runner.loopState).toBe('stopped');
    runner.start(50);
    expect(runner.loopState).toBe('stopped');
  });

  it('stops after the job at work, releasing the jobs it claimed but had not begun', async () => {
    const runner = new JobRunner(t.database.db, () => t.clock.now, t.app.log);
    const done = gate();
    const ran: number[] = [];
    runner.register('test.stop', async (payload) => {
      ran.push((payload as { n: number }).n);
      await done.opened;
    });
    for (const n of [1, 2, 3]) await runner.schedule('test.stop', `s${n}`, new Date(t.clock.now.getTime() - (4 - n) * 1000), { n });
    runner.start(5);
    await until(() => ran.length === 1);
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);
    done.open();
    await stopping;
    expect(ran).toEqual([1]);
    const rows = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'test.stop'));
    const byKey = new Map(rows.map((r) => [r.key, r]));
    expect(byKey.get('s1')?.doneAt).not.toBeNull();
    // The others are due again at once, their attempt not counted: the next process runs them.
    for (const key of ['s2', 's3']) {
      expect(byKey.get(key)?.doneAt).toBeNull();
      expect(byKey.get(key)?.attempts).toBe(0);
      expect(byKey.get(key)?.runAt.getTime()).toBeLessThanOrEqual(t.clock.now.getTime());
    }
    const next = new JobRunner(t.database.db, () => t.clock.now, t.app.log);
    next.register('test.stop', async (payload) => void ran.push((payload as { n: number }).n));
    await next.runDue();
    expect(ran.sort()).toEqual([1, 2, 3]);
  });

  it('waits for a job that hangs only as long as it was told', async () => {
    const runner = new JobRunner(t.database.db, () => t.clock.now, t.app.log);
    let started = false;
    runner.register('test.hang', async () => {
      started = true;
      await new Promise(() => {});
    });
    await runner.schedule('test.hang', 'h', t.clock.now);
    runner.start(5);
    await until(() => started);
    const before = performance.now();
    await runner.stop(50);
    expect(performance.now() - before).toBeLessThan(1000);
    expect(runner.loopState).toBe('stopped');
    await t.database.db.delete(jobs).where(eq(jobs.kind, 'test.hang'));
  });

  it('is stalled once a pass has been at work longer than a lease', async () => {
    const runner = new JobRunner(t.database.db, () => t.clock.now, t.app.log);
    let started = false;
    const done = gate();
    runner.register('test.stall', async () => {
      started = true;
      await done.opened;
    });
    await runner.schedule('test.stall', 'st', t.clock.now);
    runner.start(5);
    await until(() => started);
    expect(runner.loopState).toBe('running');
    t.clock.advanceMinutes(6);
    expect(runner.loopState).toBe('stalled');
    done.open();
    await until(() => runner.loopState === 'running');
    await runner.stop();
  });
});

describe('several processes and failures', () => {
  it('two runners polling at once run each job once', async () => {
    const runs = new Map<string, number>();
    const [a, b] = [0, 1].map(() => {
      const runner = new JobRunner(t.database.db, () => t.clock.now, t.app.log);
      runner.register('test.shared', async (payload) => {
        const key = (payload as { key: string }).key;
        runs.set(key, (runs.get(key) ?? 0) + 1);
      });
      return runner;
    }) as [JobRunner, JobRunner];
    const keys = Array.from({ length: 30 }, (_, n) => `s${n}`);
    for (const key of keys) await a.schedule('test.shared', key, t.clock.now, { key });
    while (true) {
      const [ranA, ranB] = await Promise.all([a.runDue(4), b.runDue(4)]);
      if (ranA + ranB === 0) break;
    }
    expect([...runs.keys()].sort()).toEqual([...keys].sort());
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it('a job whose process died mid-run is run by another once its lease is over, not before', async () => {
    const leaseMs = 30_000;
    const dying = new JobRunner(t.database.db, () => t.clock.now, t.app.log, leaseMs);
    let started = false;
    // Its process is killed while the job works: the run never ends and never writes its outcome.
    dying.register('test.orphan', async () => {
      started = true;
      await new Promise(() => {});
    });
    await dying.schedule('test.orphan', 'o', t.clock.now);
    void dying.runDue();
    await until(() => started);
    const survivor = new JobRunner(t.database.db, () => t.clock.now, t.app.log, leaseMs);
    let ran = 0;
    survivor.register('test.orphan', async () => void ran++);
    expect(await survivor.runDue()).toBe(0);
    t.clock.advanceMinutes(0.4);
    expect(await survivor.runDue()).toBe(0);
    t.clock.advanceMinutes(0.2);
    expect(await survivor.runDue()).toBe(1);
    expect(ran).toBe(1);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'test.orphan'));
    expect(row?.attempts).toBe(2);
    expect(row?.doneAt).not.toBeNull();
  });

  it('goes on polling after a poll failed on a database that could not be reached', async () => {
    const runner = new JobRunner(t.database.db, () => t.clock.now, t.app.log);
    let ran = 0;
    runner.register('test.after-outage', async () => void ran++);
    await runner.schedule('test.after-outage', 'x', t.clock.now);
    const refused = () => markConnectFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const failing = vi.spyOn(t.database.db, 'transaction').mockRejectedValueOnce(refused()).mockRejectedValueOnce(refused());
    runner.start(5);
    try {
      await until(() => ran === 1);
      expect(failing.mock.calls.length).toBeGreaterThanOrEqual(3);
      expect(runner.loopState).toBe('running');
    } finally {
      await runner.stop();
    }
  });
});

describe('the backlog', () => {
  it('counts waiting jobs by kind: due now, and waiting after a failure; every kind with a handler is listed', async () => {
    const runner = new JobRunner(t.database.db, () => t.clock.now, t.app.log);
    runner.register('test.backlog', async () => {
      throw new Error('carrier down');
    });
    runner.register('test.idle', async () => {});
    const now = t.clock.now.getTime();
    await runner.schedule('test.backlog', 'b1', new Date(now - 1000));
    await runner.schedule('test.backlog', 'b2', new Date(now - 1000));
    await runner.schedule('test.backlog', 'b3', new Date(now + 60 * 60_000));
    await runner.schedule('test.other', 'o1', new Date(now - 1000));
    const find = async (kind: string) => (await runner.backlog()).find((row) => row.kind === kind);
    expect(await find('test.backlog')).toEqual({ kind: 'test.backlog', due: 2, failed: 0 });
    expect(await find('test.idle')).toEqual({ kind: 'test.idle', due: 0, failed: 0 });
    // A kind no handler of this process runs is still counted: another process may run it.
    expect(await find('test.other')).toEqual({ kind: 'test.other', due: 1, failed: 0 });
    await t.database.db.delete(jobs).where(eq(jobs.kind, 'test.other'));
    // The two due ones fail: they wait a minute for their next attempt.
    await runner.runDue();
    expect(await find('test.backlog')).toEqual({ kind: 'test.backlog', due: 0, failed: 2 });
    t.clock.advanceMinutes(2);
    expect(await find('test.backlog')).toEqual({ kind: 'test.backlog', due: 2, failed: 2 });
    await t.database.db.delete(jobs).where(inArray(jobs.kind, ['test.backlog']));
  });
});
