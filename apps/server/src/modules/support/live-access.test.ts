import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { openStream } from '../../test/sse';

/**
 * A live stream lives no longer than its session and its user's right: a logout, a password
 * change, a suspension or a staff role taken away ends it at once, also when that happened on
 * another process; and no event is written to a user who may no longer see it. Streams are opened on the second process, the changes made through the first.
 */
let t: TestApp;
let second: Awaited<ReturnType<TestApp['sibling']>>;
let superAdmin: TestClient;

const ready = (events: { event: string }[]) => events.some((e) => e.event === 'ready');
const PASSWORD = 'Demo#2026';

async function userId(email: string) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** A browser of `email` on the second process with its stream open at `path`. */
async function streaming(email: string, path: string) {
  const browser = await second.client().login(email);
  const stream = await openStream(second.app, browser, path);
  expect(stream.status).toBe(200);
  await stream.until(ready);
  return { browser, stream };
}

beforeAll(async () => {
  t = await createTestApp();
  second = await t.sibling();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  await second.app.listen({ host: '127.0.0.1', port: 0 });
  superAdmin = await t.client().login('super@demo.test');
  await superAdmin.confirmPassword();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('a live stream ends with its session', () => {
  it('at logout, on the other process, and only that session’s stream', async () => {
    const first = await t.client().login('shipper@demo.test');
    const mine = await openStream(second.app, first, '/api/support/stream');
    await mine.until(ready);
    const elsewhere = await streaming('shipper@demo.test', '/api/support/stream');

    expect((await first.post('/logout')).statusCode).toBe(204);
    expect(await mine.endsWithin(3000)).toBe(true);

    // The same user's other browser is still signed in, and its stream still carries news.
    const opened = await elsewhere.browser.post('/api/support/conversations', { category: 'shipping', message: 'Still here?' });
    expect(opened.statusCode).toBe(201);
    await elsewhere.stream.until((events) => events.some((e) => e.data.includes('Still here?')));
    elsewhere.stream.close();
  });

  it('when another user signs in over the session in the same browser', async () => {
    const browser = await t.client().login('shipper@demo.test');
    const stream = await openStream(second.app, browser, '/api/support/stream');
    await stream.until(ready);
    await browser.login('admin@demo.test');
    expect(await stream.endsWithin(3000)).toBe(true);
  });

  it('at a password change: the other sessions’ streams end, the changer’s own stays', async () => {
    const changer = await streaming('shipper@demo.test', '/api/support/stream');
    const other = await streaming('shipper@demo.test', '/api/support/stream');
    const res = await changer.browser.put('/password', {
      current_password: PASSWORD,
      password: 'Another#2026pass',
      password_confirmation: 'Another#2026pass',
    });
    expect(res.statusCode).toBe(200);
    expect(await other.stream.endsWithin(3000)).toBe(true);
    expect(await changer.stream.endsWithin(300)).toBe(false);
    changer.stream.close();
  });

  it('at the account’s suspension: its users’ streams end, staff’s stay', async () => {
    const customer = await streaming('other@demo.test', '/api/support/stream');
    const staff = await streaming('admin@demo.test', '/api/admin/support/stream');
    const [account] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Other Freight LLC'));
    const res = await superAdmin.post(`/api/admin/accounts/${account!.id}/suspend`, { reason: 'Chargebacks' });
    expect(res.statusCode).toBe(200);
    expect(await customer.stream.endsWithin(3000)).toBe(true);
    expect(await staff.stream.endsWithin(300)).toBe(false);
    staff.stream.close();
  });

  it('when staff lose every staff role: the inbox stream ends, and a change that keeps the door keeps it', async () => {
    const ops = await streaming('ops@demo.test', '/api/admin/support/stream');
    const opsId = await userId('ops@demo.test');
    const kept = await superAdmin.put(`/api/admin/roles/users/${opsId}`, { roles: ['fpg_ops', 'fpg_sales'] });
    expect(kept.statusCode).toBe(200);
    expect(await ops.stream.endsWithin(500)).toBe(false);

    const removed = await superAdmin.put(`/api/admin/roles/users/${opsId}`, { roles: [] });
    expect(removed.statusCode).toBe(200);
    expect(await ops.stream.endsWithin(3000)).toBe(true);
    // A new stream is refused: the door is shut.
    expect((await ops.browser.get('/api/admin/support/stream')).statusCode).toBe(403);
  });
});

describe('a live stream never carries an event its user may no longer see', () => {
  it('re-checks the recipients before writing an event, even when no word of the change came', async () => {
    const sales = await streaming('sales@demo.test', '/api/admin/support/stream');
    const salesAdmin = await streaming('salesadmin@demo.test', '/api/admin/support/stream');
    // A change made behind the product's back (no notification): only the next event tells.
    await t.database.db
      .update(users)
      .set({ roles: [] })
      .where(eq(users.id, await userId('sales@demo.test')));

    const shipper = await t.client().login('shipper@demo.test', 'Another#2026pass');
    const opened = await shipper.post('/api/support/conversations', { category: 'billing', message: 'Internal only for staff' });
    expect(opened.statusCode).toBe(201);
    await salesAdmin.stream.until((events) => events.some((e) => e.data.includes('Internal only for staff')));
    expect(await sales.stream.endsWithin(3000)).toBe(true);
    expect(sales.stream.events.some((e) => e.data.includes('Internal only for staff'))).toBe(false);
    salesAdmin.stream.close();
  });

  it('ends the stream of a session idle past its limit at the next event for it', async () => {
    const staff = await t.client().login('admin@demo.test', PASSWORD, true);
    const shipper = await second.client().login('shipper@demo.test', 'Another#2026pass');
    const opened = await shipper.post('/api/support/conversations', { category: 'billing', message: 'Anyone there?' });
    const stream = await openStream(second.app, shipper, '/api/support/stream');
    await stream.until(ready);
    // Two hours without a request: the session is over, though nothing deleted it yet.
    t.clock.advanceMinutes(121);
    await staff.post(`/api/admin/support/conversations/${opened.json().data.id}/messages`, { body: 'Sorry for the wait' });
    expect(await stream.endsWithin(3000)).toBe(true);
    expect(stream.events.some((e) => e.data.includes('Sorry for the wait'))).toBe(false);
  });
});
