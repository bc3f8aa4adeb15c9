import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { openStream } from '../../test/sse';
import { teamMember } from '../../test/team';
import { RECHECK_MS } from './live';

/**
 * The periodic re-check of open streams, for what changes without a word on the channel: a user
 * deactivated while a session of theirs is left (a change made behind the product's back) loses
 * their stream at the next re-check, as they lose every other request; a colleague's stays.
 * Only the re-check's interval is driven by hand here; everything else runs on real time.
 */
let t: TestApp;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const ready = (events: { event: string }[]) => events.some((e) => e.event === 'ready');

describe('a deactivated user', () => {
  it('loses their live chat stream at the next re-check, though their session row is still there', async () => {
    const member = await teamMember(t, 'Demo Shipper Co', 'deactivated.chat@demo.test', 'shipper');
    const gone = await t.client().login('deactivated.chat@demo.test');
    const colleague = await t.client().login('shipper@demo.test');
    const goneStream = await openStream(t.app, gone, '/api/support/stream');
    const colleagueStream = await openStream(t.app, colleague, '/api/support/stream');
    await goneStream.until(ready);
    await colleagueStream.until(ready);

    await t.database.db.update(users).set({ deactivatedAt: t.clock.now }).where(eq(users.id, member.id));
    expect(await goneStream.endsWithin(300)).toBe(false);

    vi.advanceTimersByTime(RECHECK_MS);
    expect(await goneStream.endsWithin(3000)).toBe(true);
    expect(await colleagueStream.endsWithin(300)).toBe(false);
    // A new stream is refused like any other request of theirs.
    expect((await gone.get('/api/support/stream')).statusCode).toBe(401);
    colleagueStream.close();
  });
});
