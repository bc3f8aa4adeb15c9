import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { teamMember } from '../../test/team';
import { DALLAS_STORE, insertShipment, setTrackingSecret, setUserSettings, signature } from '../tracking/test-fixtures';

/**
 * Watchers of a shipment: who may watch and add whom, the account's activity log, and the tracking
 * mails that go to the booker and every active watcher, each by their own settings and language.
 * Demo Shipper Co's account admin (shipper@demo.test) books; colleagues of each role join it.
 */
let t: TestApp;
let booker: TestClient;
let clerk: TestClient;
let viewer: TestClient;
let other: TestClient;
const ids: Record<string, string> = {};
/** The id of a user the test made or read. */
const id = (key: string) => {
  const found = ids[key];
  if (!found) throw new Error(`no user ${key}`);
  return found;
};
const SECRET = 'odfl-watchers-secret-0123456789abcdef';

const CLERK = 'clerk@watchers.test';
const BILLING = 'billing@watchers.test';
const VIEWER = 'viewer@watchers.test';
const QUIET = 'quiet@watchers.test';
const GONE = 'gone@watchers.test';

beforeAll(async () => {
  t = await createTestApp();
  await setTrackingSecret(t.database.db, 'ODFL', SECRET);
  for (const [email, role] of [
    [CLERK, 'shipper'],
    [BILLING, 'billing'],
    [VIEWER, 'viewer'],
    [QUIET, 'shipper'],
    [GONE, 'shipper'],
  ] as const) {
    ids[email] = (await teamMember(t, 'Demo Shipper Co', email, role)).id;
  }
  const [outsider] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'other@demo.test'));
  ids.other = outsider?.id ?? '';
  const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'shipper@demo.test'));
  ids.booker = admin?.id ?? '';
  booker = await t.client().login('shipper@demo.test');
  clerk = await t.client().login(CLERK);
  viewer = await t.client().login(VIEWER);
  other = await t.client().login('other@demo.test');
});
afterAll(() => t.close());

const watchersOf = (id: string) => `/api/shipments/${id}/watchers`;
const names = (res: { json(): { data: { watchers: { name: string }[] } } }) => res.json().data.watchers.map((w) => w.name);

/** Posts a carrier's signed event for the shipment, as the carrier would, and waits for the mails. */
async function carrierEvent(bol: string, code: string, occurredAt: string) {
  const raw = JSON.stringify({
    events: [
      { bol_number: bol, status_code: code, occurred_at: occurredAt, city: 'Dallas', state: 'TX', description: `Carrier says ${code}` },
    ],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/carriers/ODFL/tracking-events',
    headers: { 'content-type': 'application/json', 'x-signature': signature(SECRET, raw) },
    payload: raw,
  });
  expect(res.statusCode, res.body).toBe(202);
  await t.app.background.drain();
}

/** How many mails each address has had so far. */
async function counts(...emails: string[]) {
  return Object.fromEntries(await Promise.all(emails.map(async (e) => [e, (await mailsTo(t, e)).length] as const)));
}
/** The mails to `email` since `before` was counted. */
async function newMails(email: string, before: Record<string, number>) {
  return (await mailsTo(t, email)).slice(before[email]);
}

describe('watching a shipment oneself', () => {
  it('lets any colleague who may see shipments watch and stop watching, idempotently; nothing is logged', async () => {
    const s = await insertShipment(t.database.db);
    const first = await viewer.get(watchersOf(s.id));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ watching: false, booked_by_you: false, watchers: [] });

    for (let i = 0; i < 2; i++) {
      const watched = await viewer.put(`${watchersOf(s.id)}/me`);
      expect(watched.statusCode, watched.body).toBe(200);
      expect(watched.json().data).toMatchObject({ watching: true, watchers: [{ user_id: id(VIEWER), name: 'viewer Member', you: true }] });
    }
    // The others see the viewer by name, not as themselves.
    expect((await clerk.get(watchersOf(s.id))).json().data).toMatchObject({
      watching: false,
      watchers: [{ name: 'viewer Member', you: false }],
    });

    for (let i = 0; i < 2; i++) {
      const stopped = await viewer.request({ method: 'DELETE', url: `${watchersOf(s.id)}/me` });
      expect(stopped.statusCode).toBe(200);
      expect(stopped.json().data).toMatchObject({ watching: false, watchers: [] });
    }
    const log = (await booker.get('/api/team/activity')).json().data as { action: string }[];
    expect(log.filter((e) => e.action.startsWith('shipment.watcher'))).toEqual([]);
  });

  it('has its booker watch nothing: its mails come to them anyway', async () => {
    const s = await insertShipment(t.database.db);
    expect((await booker.get(watchersOf(s.id))).json().data).toMatchObject({ booked_by_you: true, watching: false });
    const res = await booker.put(`${watchersOf(s.id)}/me`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The booker of this shipment gets its tracking mails already.');
  });

  it('lets a viewer watch but not add or remove a colleague, nor list whom to add', async () => {
    const s = await insertShipment(t.database.db);
    expect((await viewer.post(watchersOf(s.id), { user_id: id(CLERK) })).statusCode).toBe(403);
    expect((await viewer.request({ method: 'DELETE', url: `${watchersOf(s.id)}/${id(CLERK)}` })).statusCode).toBe(403);
    expect((await viewer.get(`${watchersOf(s.id)}/colleagues`)).statusCode).toBe(403);
    expect((await viewer.put(`${watchersOf(s.id)}/me`)).statusCode).toBe(200);
  });
});

describe('adding and removing a colleague', () => {
  it('lets a user who may book add a colleague and remove them, each written to the account’s activity log', async () => {
    const s = await insertShipment(t.database.db);
    const colleagues = await clerk.get(`${watchersOf(s.id)}/colleagues`);
    expect(colleagues.statusCode).toBe(200);
    const listed = colleagues.json().data as { user_id: string; name: string }[];
    // Active colleagues only; neither the booker nor the caller.
    expect(listed.map((c) => c.user_id)).toEqual(expect.arrayContaining([id(BILLING), id(VIEWER), id(QUIET), id(GONE)]));
    expect(listed.map((c) => c.user_id)).not.toContain(id('booker'));
    expect(listed.map((c) => c.user_id)).not.toContain(id(CLERK));
    expect(listed.map((c) => c.user_id)).not.toContain(id('other'));

    const added = await clerk.post(watchersOf(s.id), { user_id: id(BILLING) });
    expect(added.statusCode, added.body).toBe(200);
    expect(names(added)).toEqual(['billing Member']);
    expect((await clerk.post(watchersOf(s.id), { user_id: id(BILLING) })).statusCode).toBe(200); // again: no second entry
    expect((await clerk.get(`${watchersOf(s.id)}/colleagues`)).json().data.map((c: { user_id: string }) => c.user_id)).not.toContain(
      id(BILLING),
    );
    // The colleague sees themselves watching.
    const billing = await t.client().login(BILLING);
    expect((await billing.get(watchersOf(s.id))).json().data).toMatchObject({ watching: true, watchers: [{ you: true }] });

    t.clock.advanceMinutes(1);
    const removed = await clerk.request({ method: 'DELETE', url: `${watchersOf(s.id)}/${id(BILLING)}` });
    expect(removed.statusCode).toBe(200);
    expect(names(removed)).toEqual([]);

    const log = (await booker.get('/api/team/activity')).json().data as {
      action: string;
      actor: { name?: string };
      target: string;
      after: Record<string, unknown>;
    }[];
    const entries = log.filter((e) => e.action.startsWith('shipment.watcher') && e.after.shipment === `BOL ${s.bolNumber}`);
    expect(entries.map((e) => e.action)).toEqual(['shipment.watcher_remove', 'shipment.watcher_add']);
    for (const e of entries) {
      expect(e.target).toBe(`billing Member <${BILLING}>`);
      expect(e.actor.name).toBe('shipper Member');
    }
  });

  it('adds the caller as watching themselves (no log entry) and refuses the booker', async () => {
    const s = await insertShipment(t.database.db);
    const self = await clerk.post(watchersOf(s.id), { user_id: id(CLERK) });
    expect(self.json().data).toMatchObject({ watching: true });
    const bookerAdded = await clerk.post(watchersOf(s.id), { user_id: id('booker') });
    expect(bookerAdded.statusCode).toBe(422);
    expect(bookerAdded.json().errors.user_id).toEqual(['The booker of this shipment gets its tracking mails already.']);
    const log = (await booker.get('/api/team/activity')).json().data as { action: string; after: Record<string, unknown> }[];
    expect(log.filter((e) => e.after?.shipment === `BOL ${s.bolNumber}`)).toEqual([]);
  });

  it('refuses a deactivated colleague, a user of another account and an id of nobody (422 on user_id)', async () => {
    const s = await insertShipment(t.database.db);
    const outsider = await clerk.post(watchersOf(s.id), { user_id: id('other') });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().errors.user_id).toEqual(['Choose one of the listed options']);
    expect((await clerk.post(watchersOf(s.id), { user_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(422);
    expect((await clerk.post(watchersOf(s.id), { user_id: 'not-a-uuid' })).statusCode).toBe(422);
    // Removing someone of another account: no such colleague.
    expect((await clerk.request({ method: 'DELETE', url: `${watchersOf(s.id)}/${id('other')}` })).statusCode).toBe(404);

    const left = await teamMember(t, 'Demo Shipper Co', 'left@watchers.test', 'shipper');
    await t.database.db.update(users).set({ deactivatedAt: t.clock.now }).where(eq(users.id, left.id));
    expect((await clerk.get(`${watchersOf(s.id)}/colleagues`)).json().data.map((c: { user_id: string }) => c.user_id)).not.toContain(
      left.id,
    );
    const inactive = await clerk.post(watchersOf(s.id), { user_id: left.id });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors.user_id).toEqual(['Choose an active colleague: a deactivated user gets no mail.']);
  });

  it('keeps another account out: its shipment is not found on any watchers path', async () => {
    const s = await insertShipment(t.database.db);
    await clerk.put(`${watchersOf(s.id)}/me`);
    expect((await other.get(watchersOf(s.id))).statusCode).toBe(404);
    expect((await other.put(`${watchersOf(s.id)}/me`)).statusCode).toBe(404);
    expect((await other.request({ method: 'DELETE', url: `${watchersOf(s.id)}/me` })).statusCode).toBe(404);
    expect((await other.get(`${watchersOf(s.id)}/colleagues`)).statusCode).toBe(404);
    expect((await other.post(watchersOf(s.id), { user_id: id('other') })).statusCode).toBe(404);
    expect((await other.request({ method: 'DELETE', url: `${watchersOf(s.id)}/${id(CLERK)}` })).statusCode).toBe(404);
    expect((await clerk.get(watchersOf('not-an-id'))).statusCode).toBe(404);
    // Still watched, as its own account sees it.
    expect(names(await booker.get(watchersOf(s.id)))).toEqual(['shipper Member']);
  });
});

describe('tracking mails to the booker and the watchers', () => {
  it('mails the booker and every active watcher, each in their own language and by their own settings', async () => {
    await setUserSettings(t.database.db, CLERK, { language: 'es' });
    await setUserSettings(t.database.db, QUIET, {
      subscriptions: { smart_shipper_tips: true, customer_service: false, weekly_industry_update: false },
    });
    const s = await insertShipment(t.database.db, { notifyConsignee: true });
    await clerk.put(`${watchersOf(s.id)}/me`);
    for (const email of [BILLING, QUIET, GONE]) expect((await clerk.post(watchersOf(s.id), { user_id: id(email) })).statusCode).toBe(200);
    // Deactivated after they began watching: no longer listed, and mailed nothing.
    await t.database.db
      .update(users)
      .set({ deactivatedAt: t.clock.now })
      .where(eq(users.id, id(GONE)));
    expect(names(await booker.get(watchersOf(s.id)))).toEqual(['billing Member', 'shipper Member', 'shipper Member']);

    const before = await counts('shipper@demo.test', CLERK, BILLING, QUIET, GONE, VIEWER, DALLAS_STORE.email);
    await carrierEvent(s.bolNumber, 'D1', '2026-11-26T14:20:00-06:00');

    const [toBooker] = await newMails('shipper@demo.test', before);
    expect(toBooker?.subject).toBe(`Shipment ${s.bolNumber}: Delivered`);
    expect(toBooker?.text).toContain('customer service communications are on');
    expect(toBooker?.text).not.toContain('watching');

    const toClerk = await newMails(CLERK, before);
    expect(toClerk).toHaveLength(1);
    expect(toClerk[0]?.subject).toBe(`Envío ${s.bolNumber}: Entregado`);
    expect(toClerk[0]?.text).toContain('Hola shipper:');
    expect(toClerk[0]?.text).toContain('porque sigue este envío');
    expect(toClerk[0]?.text).toContain(`http://127.0.0.1:3000/track/detail/${s.id}`);

    const toBilling = await newMails(BILLING, before);
    expect(toBilling).toHaveLength(1);
    expect(toBilling[0]?.subject).toBe(`Shipment ${s.bolNumber}: Delivered`);
    expect(toBilling[0]?.text).toContain('because you are watching this shipment');

    expect(await newMails(QUIET, before)).toEqual([]); // customer service communications off
    expect(await newMails(GONE, before)).toEqual([]); // deactivated
    expect(await newMails(VIEWER, before)).toEqual([]); // not watching
    // The consignee, in the booker's language as before.
    expect((await newMails(DALLAS_STORE.email, before)).map((m) => m.subject)).toEqual([`Shipment ${s.bolNumber}: Delivered`]);

    await setUserSettings(t.database.db, CLERK, { language: 'en' });
    await t.database.db
      .update(users)
      .set({ deactivatedAt: null })
      .where(eq(users.id, id(GONE)));
  });

  it('mails a deactivated booker nothing, and the watchers still', async () => {
    const s = await insertShipment(t.database.db, { email: CLERK });
    await clerk.post(watchersOf(s.id), { user_id: id(BILLING) });
    await t.database.db
      .update(users)
      .set({ deactivatedAt: t.clock.now })
      .where(eq(users.id, id(CLERK)));
    const before = await counts(CLERK, BILLING, 'shipper@demo.test');
    await carrierEvent(s.bolNumber, 'X6', '2026-11-26T08:00:00-06:00');
    expect(await newMails(CLERK, before)).toEqual([]);
    expect((await newMails(BILLING, before)).map((m) => m.subject)).toEqual([`Shipment ${s.bolNumber}: In-Transit`]);
    // Nobody else of the account: not its admin, not every user.
    expect(await newMails('shipper@demo.test', before)).toEqual([]);
    await t.database.db
      .update(users)
      .set({ deactivatedAt: null })
      .where(eq(users.id, id(CLERK)));
  });
});
