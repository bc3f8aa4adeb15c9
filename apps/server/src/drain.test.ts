import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from './db/schema';
import { drain } from './drain';
import { createTestApp, type TestApp } from './test/harness';
import { openStream } from './test/sse';
import { gate, until } from './test/waits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('drain: stopping a process', () => {
  it('turns readiness off, stops the jobs after the current one, sends the live streams elsewhere, answers the requests under way, then closes the database', async () => {
    const events: string[] = [];
    // A request under way when the stop comes: it answers when the test lets it.
    const slow = gate();
    let slowEntered = false;
    t.app.get('/test/slow', async () => {
      slowEntered = true;
      await slow.opened;
      events.push('request under way answered');
      return { done: true };
    });
    // Runs right after the server closed (onClose hooks run from the last added).
    t.app.addHook('onClose', async () => void events.push('server closed'));

    // A job at work, and a second one its pass claimed with it.
    const job = gate();
    const ran: number[] = [];
    t.app.jobs.register('test.drain', async (payload) => {
      const { n } = payload as { n: number };
      ran.push(n);
      events.push(`job ${n} started`);
      await job.opened;
      events.push(`job ${n} finished`);
    });
    await t.app.jobs.schedule('test.drain', 'first', new Date(t.clock.now.getTime() - 2000), { n: 1 });
    await t.app.jobs.schedule('test.drain', 'second', new Date(t.clock.now.getTime() - 1000), { n: 2 });

    // A fake stream, and a real support stream of a signed-in shipper.
    let readyWhenToldToReconnect: Promise<{ accepting: boolean }> | undefined;
    t.app.liveStreams.add({
      reconnect: () => {
        events.push('stream told to reconnect');
        readyWhenToldToReconnect = t.app.readiness.check();
      },
    });
    const shipper = await t.client().login('shipper@demo.test');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;
    const stream = await openStream(t.app, shipper, '/api/support/stream');
    await stream.until((e) => e.some((x) => x.event === 'ready'));
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(/^freight_portal_live_streams_open 2$/m);

    t.app.jobs.start(5);
    await until(() => ran.length === 1);
    const underWay = fetch(`${base}/test/slow`);
    await until(() => slowEntered);

    let drained = false;
    const stopping = drain(t.app, {
      closeDatabase: async () => void events.push('database closed'),
      jobsTimeoutMs: 5000,
    }).then(() => {
      drained = true;
    });

    // At once: readiness is off, the streams are told to reconnect.
    expect((await readyWhenToldToReconnect)?.accepting).toBe(false);
    await stream.until((e) => e.some((x) => x.event === 'reconnect'));
    expect(await stream.endsWithin(2000)).toBe(true);
    expect(t.app.liveStreams.size).toBe(0);

    // The server takes no new connection, but answers the request under way.
    await until(() => !t.app.server.listening);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    expect(drained).toBe(false);
    slow.open();
    const answered = await underWay;
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ done: true });
    await until(() => events.includes('server closed'));

    // The job at work finishes; the one claimed with it never starts.
    expect(drained).toBe(false);
    job.open();
    await stopping;

    expect(events).toEqual([
      'job 1 started',
      'stream told to reconnect',
      'request under way answered',
      'server closed',
      'job 1 finished',
      'database closed',
    ]);
    expect(ran).toEqual([1]);
    const [second] = await t.database.db.select().from(jobs).where(eq(jobs.key, 'second'));
    expect(second?.doneAt).toBeNull();
    expect(second?.attempts).toBe(0);
    expect(second?.runAt.getTime()).toBeLessThanOrEqual(t.clock.now.getTime());
  });
});
