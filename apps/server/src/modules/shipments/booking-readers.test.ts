import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSubscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { subscribe } from '../webhooks/test-helpers';
import { webhookSubscribersReadEachSecond } from '../webhooks/webhooks.service';
import { BOL_SERIALS_PER_DRAW, bolSerialsDrawnAhead } from './booking-readers';
import { shipmentsRepository } from './shipments.repository';

/** What a batch's booking reads once for many rows: BOL serials drawn ahead, and who hears of its bookings. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('BOL serials drawn ahead', () => {
  it('hands each of many concurrent bookings its own serial, in order, a draw for up to 50 of them', async () => {
    const bookings = BOL_SERIALS_PER_DRAW + 7;
    const repo = shipmentsRepository(t.database.db);
    const [before] = await repo.nextBolSerials(1);
    const draw = bolSerialsDrawnAhead({ db: t.database.db }, bookings);
    const serials = await Promise.all(Array.from({ length: bookings }, () => draw()));
    expect(serials).toEqual(Array.from({ length: bookings }, (_, n) => (before ?? 0) + 1 + n));
    // Two draws (50, then the 7 left) took exactly what was handed out: the next serial follows them.
    expect(await repo.nextBolSerials(1)).toEqual([(before ?? 0) + bookings + 1]);
  });

  it('draws again when more bookings come than it was told of, rather than failing one', async () => {
    const draw = bolSerialsDrawnAhead({ db: t.database.db }, 1);
    const [a, b] = [await draw(), await draw()];
    expect(b).toBe((a ?? 0) + 1);
  });
});

describe("an account's webhook subscribers, read once a second", () => {
  it('answers the same list within the second and reads again after it', async () => {
    const db = t.database.db;
    const shipper = await t.client().login('shipper@demo.test');
    const sub = await subscribe(shipper, 'https://receiver.example.com/hooks');
    const [stored] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, sub.id));
    if (!stored?.accountId) throw new Error('the subscription is the account’s');
    const read = webhookSubscribersReadEachSecond(db, () => t.clock.now);
    const first = await read(stored.accountId);
    expect(first.map((s) => s.id)).toContain(sub.id);
    await db.update(webhookSubscriptions).set({ enabled: false }).where(eq(webhookSubscriptions.id, sub.id));
    expect(await read(stored.accountId)).toEqual(first);
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    expect((await read(stored.accountId)).map((s) => s.id)).not.toContain(sub.id);
  });
});
