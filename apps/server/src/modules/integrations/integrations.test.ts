import { randomUUID } from 'node:crypto';
import type { IntegrationView } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, appState, auditLog, ebayStores, jobs, webhookSubscriptions } from '../../db/schema';
import { DEMO_WEBHOOK_UNSEALED, seedDemoWebhooks } from '../../db/seed-webhooks';
import { ApiTestClient, accountApiClient, requestToken } from '../../test/api-client';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { SYNC_JOB } from '../ebay/ebay.service';
import { quoteAndBook } from '../shipments/test-helpers';
import { runJobs, subscribe, testReceiver } from '../webhooks/test-helpers';
import { signedHeaders, webhookSecretBox } from '../webhooks/webhook-signing';

/** The staff Integrations page: every connection with its health, and a switch for each. */
let t: TestApp;
let superAdmin: TestClient;
let ops: TestClient;
let shipper: TestClient;
let receiver: Awaited<ReturnType<typeof testReceiver>>;
let shipperAccountId = '';

beforeAll(async () => {
  t = await createTestApp();
  receiver = await testReceiver(() => t);
  superAdmin = await (await t.client().login('super@demo.test')).confirmPassword();
  ops = await t.client().login('ops@demo.test');
  shipper = await t.client().login('shipper@demo.test');
  const [a] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
  shipperAccountId = a!.id;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const list = async (query = '') => {
  const res = await superAdmin.get(`/api/admin/integrations${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as IntegrationView[];
};
const toggle = (kind: string, id: string, enabled: boolean) => superAdmin.put(`/api/admin/integrations/${kind}/${id}`, { enabled });
const audited = (entityId: string) =>
  t.database.db
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId));

describe('the integrations list', () => {
  it('shows every kind of connection with its health, filtered by kind and search; staff without the page get 403', async () => {
    const { issued, client } = await accountApiClient(t.app, shipper, ['quotes:read'], 'Shipper ERP');
    expect((await client.get('/api/v1/quotes')).statusCode).toBe(200);
    expect((await client.get(`/api/v1/quotes/${randomUUID()}`)).statusCode).toBe(404);
    const webhook = await subscribe(shipper, receiver.url, ['shipment.booked']);
    receiver.secrets.push(webhook.secret);
    await quoteAndBook(t, shipper);
    await runJobs(t);

    const all = await list();
    const credential = all.find((i) => i.kind === 'credential' && i.id === issued.credential.id);
    expect(credential).toMatchObject({
      name: 'Shipper ERP',
      enabled: true,
      account: { id: shipperAccountId, name: 'Demo Shipper Co' },
      partner: null,
    });
    expect(credential!.failure_rate).toBe(0.5);
    expect(credential!.last_success_at).not.toBeNull();
    expect(credential!.last_failure_at).not.toBeNull();
    const hook = all.find((i) => i.id === webhook.id);
    expect(hook).toMatchObject({ kind: 'webhook', name: receiver.url, enabled: true, failure_rate: 0 });

    expect((await list('?kind=webhook')).every((i) => i.kind === 'webhook')).toBe(true);
    expect((await list('?q=Shipper%20ERP')).map((i) => i.id)).toEqual([issued.credential.id]);
    expect((await list('?q=nobody-by-that-name')).length).toBe(0);
    expect((await superAdmin.get('/api/admin/integrations?kind=fax')).statusCode).toBe(422);
    expect((await ops.get('/api/admin/integrations')).statusCode).toBe(403);
    expect((await shipper.get('/api/admin/integrations')).statusCode).toBe(403);
  });
});

describe('the switch', () => {
  it('turns a credential off (the API refuses it with 401 at once) and on again, audited', async () => {
    const { issued, client } = await accountApiClient(t.app, shipper, ['quotes:read']);
    const off = await toggle('credential', issued.credential.id, false);
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ kind: 'credential', id: issued.credential.id, enabled: false });
    expect((await client.get('/api/v1/quotes')).statusCode).toBe(401);
    expect((await toggle('credential', issued.credential.id, true)).json().data.enabled).toBe(true);
    expect((await client.get('/api/v1/quotes')).statusCode).toBe(200);
    expect((await audited(issued.credential.id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['integration.disable', { enabled: true }, { enabled: false }],
      ['integration.enable', { enabled: false }, { enabled: true }],
    ]);
  });

  it("turns a partner's grant off: the partner can no longer act for the account nor hear its events", async () => {
    const partner = (await superAdmin.post('/api/admin/integration-partners', { name: 'Switch TMS' })).json().data;
    await superAdmin.post(`/api/admin/integration-partners/${partner.id}/accounts`, { account_id: shipperAccountId });
    const credential = await superAdmin.post('/api/admin/oauth-clients', {
      name: 'Switch TMS prod',
      partner_id: partner.id,
      scopes: ['quotes:read'],
    });
    const issued = credential.json().data;
    const token = (await requestToken(t.app, issued.credential.client_id, issued.client_secret)).json().access_token;
    const api = new ApiTestClient(t.app, token, shipperAccountId);
    const hook = await subscribe(superAdmin, receiver.url, ['shipment.booked'], `/api/admin/integration-partners/${partner.id}/webhooks`);
    receiver.secrets.push(hook.secret);

    const grant = `${partner.id}.${shipperAccountId}`;
    expect((await list('?kind=partner')).find((i) => i.id === grant)).toMatchObject({
      name: 'Switch TMS',
      partner: { id: partner.id, name: 'Switch TMS' },
      account: { id: shipperAccountId },
      enabled: true,
      failure_rate: null,
    });
    expect((await toggle('partner', grant, false)).json().data.enabled).toBe(false);
    expect((await api.get('/api/v1/quotes')).statusCode).toBe(403);
    receiver.clear();
    await quoteAndBook(t, shipper);
    await runJobs(t);
    // The account's own webhook (above) hears it; the partner's does not.
    expect(receiver.received.map((m) => m.type)).toEqual(['shipment.booked']);
    expect((await toggle('partner', grant, true)).json().data.enabled).toBe(true);
    expect((await api.get('/api/v1/quotes')).statusCode).toBe(200);
    expect((await toggle('partner', `${partner.id}.nope`, false)).statusCode).toBe(404);
  });

  it('turns a webhook off and on; unknown kinds and ids are 404', async () => {
    const hook = await subscribe(shipper, receiver.url, ['shipment.booked']);
    expect((await toggle('webhook', hook.id, false)).json().data.enabled).toBe(false);
    const [view] = (await shipper.get('/api/webhooks')).json().data.filter((w: { id: string }) => w.id === hook.id);
    expect(view).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    expect((await toggle('webhook', hook.id, true)).json().data.enabled).toBe(true);
    expect((await toggle('webhook', randomUUID(), false)).statusCode).toBe(404);
    expect((await toggle('fax', hook.id, false)).statusCode).toBe(404);
    expect((await ops.put(`/api/admin/integrations/webhook/${hook.id}`, { enabled: false })).statusCode).toBe(403);
  });

  it('turns an eBay store off: no sync until it is switched on again', async () => {
    const [store] = await t.database.db
      .insert(ebayStores)
      // A refresh token that cannot be opened: a sync that runs records its failure.
      .values({
        accountId: shipperAccountId,
        ebayUser: 'switch-seller',
        status: 'connected',
        refreshTokenEnc: 'not-sealed',
        createdAt: t.clock.now,
      })
      .returning();
    expect((await toggle('ebay_store', store!.id, false)).json().data).toMatchObject({
      kind: 'ebay_store',
      name: 'switch-seller',
      enabled: false,
    });
    await shipper.post(`/api/ebay/stores/${store!.id}/sync`);
    const [skipped] = await t.database.db.select().from(ebayStores).where(eq(ebayStores.id, store!.id));
    expect(skipped!.lastSyncError).toBeNull();

    await toggle('ebay_store', store!.id, true);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, SYNC_JOB), eq(jobs.key, store!.id)));
    expect(job!.doneAt).toBeNull();
    await runJobs(t);
    const [synced] = await t.database.db.select().from(ebayStores).where(eq(ebayStores.id, store!.id));
    expect(synced!.lastSyncError).not.toBeNull();
  });
});

describe('the demo webhook', () => {
  it('is seeded off with a short history, then given an address and a secret on start, which the demo receiver accepts', async () => {
    await t.database.db.transaction((tx) => seedDemoWebhooks(tx, t.clock.now));
    const [seeded] = await t.database.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.secretEnc, DEMO_WEBHOOK_UNSEALED));
    expect(seeded).toMatchObject({ enabled: false });

    // A second process starting on this database adopts it.
    const sibling = await t.sibling();
    try {
      const [adopted] = await t.database.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, seeded!.id));
      expect(adopted).toMatchObject({ enabled: true, url: 'http://127.0.0.1:3000/webhook-sim/receive' });
      const [key] = await t.database.db.select().from(appState).where(eq(appState.key, 'app_key'));
      const [secret] = webhookSecretBox(key!.value).active(adopted!, t.clock.now);
      const body = JSON.stringify({ type: 'shipment.booked', timestamp: t.clock.now.toISOString(), data: {} });
      const send = (headers: Record<string, string>) =>
        sibling.app.inject({
          method: 'POST',
          url: '/webhook-sim/receive',
          headers: { 'content-type': 'application/json', ...headers },
          payload: body,
        });
      expect((await send(signedHeaders([secret!], 'msg_demo', t.clock.now, body))).statusCode).toBe(204);
      expect(
        (await send(signedHeaders(['whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='], 'msg_demo', t.clock.now, body))).statusCode,
      ).toBe(401);
    } finally {
      await sibling.close();
    }
    const history = await superAdmin.get('/api/admin/integrations?kind=webhook&q=webhook-sim');
    expect(history.json().data).toHaveLength(1);
  });
});
