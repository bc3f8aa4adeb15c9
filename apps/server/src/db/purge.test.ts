import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeApiCallsBefore } from '../modules/partner-api/call-log';
import { webhooksRepository } from '../modules/webhooks/webhooks.repository';
import { createTestApp, type TestApp } from '../test/harness';
import { accounts, apiCalls, oauthClients, webhookDeliveries, webhookSubscriptions } from './schema';

/** The housekeeping of the API call and webhook delivery logs (app.ts), on the app's database. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const daysAgo = (days: number) => new Date(t.clock.now.getTime() - days * 24 * 3600_000);

describe('purging the logs', () => {
  it('deletes finished webhook deliveries past their keeping time; pending and newer ones stay', async () => {
    const [account] = await db().select().from(accounts).limit(1);
    const [sub] = await db()
      .insert(webhookSubscriptions)
      .values({ accountId: account!.id, url: 'https://example.com/hook', events: ['shipment.booked'], secretEnc: 'sealed' })
      .returning();
    await db().delete(webhookDeliveries);
    const delivery = (days: number, status: 'pending' | 'delivered' | 'failed', eventId: string) => ({
      eventId,
      subscriptionId: sub!.id,
      accountId: sub!.accountId!,
      orderingKey: 'k',
      eventType: 'shipment.booked' as const,
      payload: {},
      status,
      nextAttemptAt: daysAgo(days),
      createdAt: daysAgo(days),
    });
    // In id order, as they were written: ids grow with time.
    await db()
      .insert(webhookDeliveries)
      .values([
        delivery(40, 'delivered', 'old-delivered'),
        delivery(40, 'pending', 'old-pending'),
        delivery(35, 'failed', 'old-failed'),
        delivery(10, 'delivered', 'recent'),
        delivery(0, 'delivered', 'today'),
      ]);

    expect(await webhooksRepository(db()).purgeFinishedBefore(daysAgo(30))).toBe(2);
    const left = await db().select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.id));
    expect(left.map((d) => d.eventId)).toEqual(['old-pending', 'recent', 'today']);
  });

  it('deletes API calls past their keeping time batch by batch, and stops at the first newer one', async () => {
    const [account] = await db().select().from(accounts).limit(1);
    const [client] = await db()
      .insert(oauthClients)
      .values({ clientId: 'fpc_purge_test', name: 'Purge test', accountId: account!.id, scopes: [], secretHash: 'hashed' })
      .returning();
    await db().delete(apiCalls);
    const call = (days: number, route: string) => ({
      clientId: client!.id,
      method: 'GET',
      route,
      status: 200,
      durationMs: 3,
      at: daysAgo(days),
    });
    // More than one batch (5,000) of old calls, then newer ones.
    await db()
      .insert(apiCalls)
      .values(Array.from({ length: 5_200 }, () => call(100, '/old')));
    await db()
      .insert(apiCalls)
      .values([call(20, '/recent'), call(0, '/today')]);

    expect(await purgeApiCallsBefore(db(), daysAgo(90))).toBe(5_200);
    const left = await db().select().from(apiCalls).orderBy(asc(apiCalls.id));
    expect(left.map((c) => c.route)).toEqual(['/recent', '/today']);
    expect(await purgeApiCallsBefore(db(), daysAgo(90))).toBe(0);
  });
});
