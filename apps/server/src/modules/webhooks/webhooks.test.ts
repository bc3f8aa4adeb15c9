import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, webhookSubscriptions } from '../../db/schema';
import { accountApiClient } from '../../test/api-client';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { quoteAndBook } from '../shipments/test-helpers';
import { deliveriesOf, runJobs, subscribe, testReceiver } from './test-helpers';

/** Webhook subscriptions of accounts and partners: management, the API, replay, rotation. */
let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let superAdmin: TestClient;
let receiver: Awaited<ReturnType<typeof testReceiver>>;
let shipperAccountId = '';

beforeAll(async () => {
  t = await createTestApp();
  receiver = await testReceiver(() => t);
  // Remembered: the rotation test moves the clock on by a day.
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  other = await t.client().login('other@demo.test', undefined, true);
  superAdmin = await t.client().login('super@demo.test', undefined, true);
  const [a] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
  shipperAccountId = a!.id;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe("an account's webhooks", () => {
  it('are created (secret shown once, stored sealed), listed, changed and deleted by the account admin', async () => {
    const created = await subscribe(shipper, receiver.url, ['shipment.booked', 'shipment.status_changed']);
    expect(created).toMatchObject({ url: receiver.url, enabled: true, disabled_reason: null, description: 'Test receiver' });
    expect(created.secret).toMatch(/^whsec_/);
    const [row] = await t.database.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, created.id));
    expect(row!.secretEnc).not.toContain(created.secret.slice(6));

    const list = await shipper.get('/api/webhooks');
    const { secret: _shownOnce, ...view } = created;
    expect(list.json().data).toEqual([view]);
    expect(list.body).not.toContain(created.secret);

    const changed = await shipper.put(`/api/webhooks/${created.id}`, { url: receiver.url, events: ['shipment.delivered'], enabled: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      events: ['shipment.delivered'],
      enabled: false,
      disabled_reason: 'manual',
      description: '',
    });
    expect(changed.json().data.secret).toBeUndefined();

    const deleted = await shipper.request({ method: 'DELETE', url: `/api/webhooks/${created.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await shipper.get('/api/webhooks')).json().data).toEqual([]);
  });

  it('checks the request: an address, at least one known event', async () => {
    const res = await shipper.post('/api/webhooks', { url: 'ftp://example.com/x', events: [] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['events', 'url']);
    const unknown = await shipper.post('/api/webhooks', { url: receiver.url, events: ['shipment.exploded'] });
    expect(unknown.statusCode).toBe(422);
  });

  it("are another account's 404, whatever the route", async () => {
    const mine = await subscribe(shipper, receiver.url);
    expect((await other.get('/api/webhooks')).json().data).toEqual([]);
    const theirs = `/api/webhooks/${mine.id}`;
    expect((await other.put(theirs, { url: receiver.url, events: ['shipment.booked'] })).statusCode).toBe(404);
    expect((await other.request({ method: 'DELETE', url: theirs })).statusCode).toBe(404);
    expect((await other.get(`${theirs}/deliveries`)).statusCode).toBe(404);
    expect((await other.post(`${theirs}/rotate-secret`)).statusCode).toBe(404);
    expect((await other.post(`${theirs}/deliveries/1/replay`)).statusCode).toBe(404);
    expect((await shipper.get('/api/webhooks/not-an-id/deliveries')).statusCode).toBe(404);
    expect((await shipper.request({ method: 'DELETE', url: theirs })).statusCode).toBe(204);
  });

  it('are managed through the public API with webhooks:manage, and refused 403 without it', async () => {
    const { client } = await accountApiClient(t.app, shipper, ['webhooks:manage']);
    const created = await subscribe(client, receiver.url, ['shipment.booked'], '/api/v1/webhooks');
    expect(created.secret).toMatch(/^whsec_/);
    expect((await client.get('/api/v1/webhooks')).json().data.map((w: { id: string }) => w.id)).toEqual([created.id]);
    // The same subscription the account admin sees on the web.
    expect((await shipper.get('/api/webhooks')).json().data.map((w: { id: string }) => w.id)).toEqual([created.id]);
    expect((await client.delete(`/api/v1/webhooks/${created.id}`)).statusCode).toBe(204);

    const { client: quotesOnly } = await accountApiClient(t.app, shipper, ['quotes:read']);
    const refused = await quotesOnly.get('/api/v1/webhooks');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'insufficient_scope' });
  });
});

describe('replay', () => {
  it('sends an event again with the same event id, and is refused 409 while the webhook is off', async () => {
    const sub = await subscribe(shipper, receiver.url, ['shipment.booked']);
    receiver.secrets.push(sub.secret);
    receiver.clear();
    await quoteAndBook(t, shipper);
    await runJobs(t);
    const [original] = await deliveriesOf(shipper, sub.id);
    expect(original).toMatchObject({ status: 'delivered', attempts: 1, replay_of: null });
    // The log carries the body the receiver got, for the developer to compare.
    expect(original!.payload).toEqual(JSON.parse(receiver.received[0]!.raw));

    const res = await shipper.post(`/api/webhooks/${sub.id}/deliveries/${original!.id}/replay`);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ event_id: original!.event_id, replay_of: original!.id, status: 'pending', attempts: 0 });
    await runJobs(t);
    expect(receiver.received.map((m) => m.id)).toEqual([original!.event_id, original!.event_id]);
    const log = await deliveriesOf(shipper, sub.id);
    expect(log.map((d) => [d.event_id, d.status])).toEqual([
      [original!.event_id, 'delivered'],
      [original!.event_id, 'delivered'],
    ]);

    expect((await shipper.post(`/api/webhooks/${sub.id}/deliveries/999999999/replay`)).statusCode).toBe(404);
    expect((await shipper.post(`/api/webhooks/${sub.id}/deliveries/x1/replay`)).statusCode).toBe(404);
    await shipper.put(`/api/webhooks/${sub.id}`, { url: receiver.url, events: ['shipment.booked'], enabled: false });
    const off = await shipper.post(`/api/webhooks/${sub.id}/deliveries/${original!.id}/replay`);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('This webhook is switched off; switch it on to replay deliveries.');
    await shipper.request({ method: 'DELETE', url: `/api/webhooks/${sub.id}` });
  });
});

describe("a partner's webhooks (staff)", () => {
  it('are kept by staff, audited, and hear every account granted to the partner', async () => {
    const partner = await superAdmin.post('/api/admin/integration-partners', {
      name: 'Acme TMS',
      contacts: [{ name: 'Pat Dev', email: 'pat@acme-tms.example', phone: '', role: 'Developer' }],
    });
    expect(partner.statusCode).toBe(201);
    const partnerId = partner.json().data.id as string;
    await superAdmin.post(`/api/admin/integration-partners/${partnerId}/accounts`, { account_id: shipperAccountId });
    const base = `/api/admin/integration-partners/${partnerId}/webhooks`;
    const sub = await subscribe(superAdmin, receiver.url, ['shipment.booked'], base);
    receiver.secrets.push(sub.secret);
    expect((await superAdmin.get(base)).json().data).toHaveLength(1);
    expect((await shipper.get(base)).statusCode).toBe(403);
    expect((await superAdmin.get('/api/admin/integration-partners/00000000-0000-4000-8000-000000000000/webhooks')).statusCode).toBe(404);

    receiver.clear();
    const { shipment } = await quoteAndBook(t, shipper);
    await quoteAndBook(t, other); // Other Freight is not the partner's: nothing for it.
    await runJobs(t);
    expect(receiver.received.map((m) => [m.type, m.data.id, m.data.account_id])).toEqual([
      ['shipment.booked', shipment.id, shipperAccountId],
    ]);
    const message = receiver.received[0]!;
    expect(new Webhook(sub.secret).verify(message.raw, message.headers)).toMatchObject({ type: 'shipment.booked' });
    expect(await deliveriesOf(superAdmin, sub.id, base)).toHaveLength(1);

    const changed = await superAdmin.put(`${base}/${sub.id}`, { url: receiver.url, events: ['shipment.booked', 'invoice.paid'] });
    expect(changed.json().data.events).toEqual(['shipment.booked', 'invoice.paid']);
    expect((await superAdmin.request({ method: 'DELETE', url: `${base}/${sub.id}` })).statusCode).toBe(204);
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'webhook_subscription'), eq(auditLog.entityId, sub.id)));
    expect(audited.map((a) => a.action).sort()).toEqual(['webhook.create', 'webhook.delete', 'webhook.update']);
  });
});

describe('rotate-secret', () => {
  it('shows a new secret once and signs with both for 24 hours, then with the new one only', async () => {
    const sub = await subscribe(shipper, receiver.url, ['shipment.booked']);
    const rotated = await shipper.post(`/api/webhooks/${sub.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const secret = rotated.json().data.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(sub.secret);
    receiver.secrets.push(secret);
    receiver.clear();
    await quoteAndBook(t, shipper);
    await runJobs(t);
    const [during] = receiver.received;
    expect(during!.headers['webhook-signature'].split(' ')).toHaveLength(2);
    // A receiver still on the old secret and one already on the new both verify it.
    for (const s of [sub.secret, secret]) expect(new Webhook(s).verify(during!.raw, during!.headers)).toBeTruthy();

    t.clock.advanceMinutes(24 * 60 + 1);
    receiver.clear();
    await quoteAndBook(t, shipper);
    await runJobs(t);
    const [after] = receiver.received;
    expect(after!.headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(receiver.rejectedCount()).toBe(0);
    await shipper.request({ method: 'DELETE', url: `/api/webhooks/${sub.id}` });
  });
});
