import type { SupportLiveEvent } from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { openStream } from '../../test/sse';

/**
 * The live side of the chat across two server processes on one database (on PostgreSQL each has
 * its own connections and its own LISTEN): a message written through one reaches a browser
 * connected to the other; a browser that reconnects gets what it missed, once.
 */
let t: TestApp;
let second: Awaited<ReturnType<TestApp['sibling']>>;
let shipper: TestClient;
let other: TestClient;
let ops: TestClient;
let opsOnSecond: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  second = await t.sibling();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  await second.app.listen({ host: '127.0.0.1', port: 0 });
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  ops = await t.client().login('ops@demo.test');
  opsOnSecond = await second.client().login('ops@demo.test');
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const messages = (events: SupportLiveEvent[]) => events.flatMap((e) => (e.kind === 'message' ? [e.message.body] : []));
const hasBody = (body: string) => (events: { data: string }[]) => events.some((e) => e.data.includes(JSON.stringify(body).slice(1, -1)));

describe('live support messages', () => {
  it('reach the other side through the other process, and never the wrong audience', async () => {
    const customerStream = await openStream(second.app, shipper, '/api/support/stream');
    const staffStream = await openStream(t.app, ops, '/api/admin/support/stream');
    const otherStream = await openStream(second.app, other, '/api/support/stream');
    expect(customerStream.status).toBe(200);
    await customerStream.until((e) => e.some((x) => x.event === 'ready'));
    await staffStream.until((e) => e.some((x) => x.event === 'ready'));
    await otherStream.until((e) => e.some((x) => x.event === 'ready'));

    const opened = await shipper.post('/api/support/conversations', { category: 'shipping', message: 'Is my truck late?' });
    const id = opened.json().data.id as string;
    await staffStream.until(hasBody('Is my truck late?'));
    await opsOnSecond.post(`/api/admin/support/conversations/${id}/messages`, { body: 'Checking with the driver', internal: true });
    await opsOnSecond.post(`/api/admin/support/conversations/${id}/messages`, { body: 'It arrives at 3 pm.' });
    await customerStream.until((e) => e.some((x) => x.data.includes('"state":"waiting"')));
    await staffStream.until(hasBody('It arrives at 3 pm.'));

    expect(messages(customerStream.live<SupportLiveEvent>())).toEqual(['Is my truck late?', 'It arrives at 3 pm.']);
    expect(messages(staffStream.live<SupportLiveEvent>())).toEqual([
      'Is my truck late?',
      'Checking with the driver',
      'It arrives at 3 pm.',
    ]);
    // The state change travels too: support answered, the conversation waits for the customer.
    expect(customerStream.live<SupportLiveEvent>()).toContainEqual(
      expect.objectContaining({ kind: 'conversation', conversation_id: id, state: 'waiting' }),
    );
    // The read mark: staff read, the customer sees it live.
    t.clock.advanceMinutes(1);
    await shipper.post(`/api/support/conversations/${id}/messages`, { body: 'Thanks!' });
    t.clock.advanceMinutes(1);
    await ops.post(`/api/admin/support/conversations/${id}/read`);
    await customerStream.until((e) => e.some((x) => x.data.includes('"staff_read"')));
    expect(otherStream.live()).toEqual([]);
    customerStream.close();
    staffStream.close();
    otherStream.close();
  });

  it('a browser that reconnects with Last-Event-ID receives what it missed, once, then live again', async () => {
    const first = await openStream(t.app, shipper, '/api/support/stream');
    await first.until((e) => e.some((x) => x.event === 'ready'));
    const opened = await shipper.post('/api/support/conversations', { category: 'billing', message: 'Question about an invoice' });
    const id = opened.json().data.id as string;
    await first.until(hasBody('Question about an invoice'));
    const lastSeen = Number(first.events.at(-1)!.id);
    first.close();

    await ops.post(`/api/admin/support/conversations/${id}/messages`, { body: 'Missed one' });
    await ops.post(`/api/admin/support/conversations/${id}/messages`, { body: 'Missed two' });

    const again = await openStream(second.app, shipper, '/api/support/stream', lastSeen);
    await again.until((e) => e.some((x) => x.event === 'ready'));
    await ops.post(`/api/admin/support/conversations/${id}/messages`, { body: 'Live again' });
    await again.until(hasBody('Live again'));
    expect(messages(again.live<SupportLiveEvent>())).toEqual(['Missed one', 'Missed two', 'Live again']);
    const seqs = again.live().map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    again.close();
  });

  it('refuses a stream to a guest and to the wrong side', async () => {
    expect((await t.client().get('/api/support/stream')).statusCode).toBe(401);
    expect((await shipper.get('/api/admin/support/stream')).statusCode).toBe(403);
    expect((await ops.get('/api/support/stream')).statusCode).toBe(403);
  });
});
