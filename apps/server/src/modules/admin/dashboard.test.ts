import { zonedDate } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIncidents, quotes, shipments, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { insertShipment } from '../tracking/test-fixtures';

let t: TestApp;
let ops: TestClient;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.client().login('ops@demo.test');
});
afterAll(() => t.close());

/** A quote of the demo shipper `daysAgo` days before the test clock, booked then when `booked`. */
async function quoteAt(daysAgo: number, booked = false) {
  const createdAt = new Date(t.clock.now.getTime() - daysAgo * DAY);
  const [user] = await t.database.db.select().from(users).where(eq(users.email, 'shipper@demo.test'));
  await t.database.db.insert(quotes).values({
    accountId: user!.accountId!,
    userId: user!.id,
    mode: 'ltl',
    input: {},
    result: {},
    currency: 'USD',
    createdAt,
    bookedAt: booked ? createdAt : null,
  });
}

describe('GET /api/admin/dashboard', () => {
  it("counts today's and the month's quotes, bookings and rate, revenue by mode, statuses, what needs attention and incidents", async () => {
    const now = t.clock.now;
    const todayIso = zonedDate(now, 'America/Chicago');
    for (let i = 0; i < 3; i++) await quoteAt(0);
    await quoteAt(0, true);
    await quoteAt(40);
    const booked = await insertShipment(t.database.db, { status: 'delayed' });
    const parcel = await insertShipment(t.database.db, { mode: 'parcel', status: 'in_transit' });
    await t.database.db.update(shipments).set({ createdAt: now, actionRequired: true }).where(eq(shipments.id, booked.id));
    await t.database.db.update(shipments).set({ createdAt: now }).where(eq(shipments.id, parcel.id));
    await t.database.db.insert(apiIncidents).values({
      operation: 'rate',
      request: {},
      error: 'timeout',
      createdAt: now,
      lastSeenAt: now,
    });

    const res = await ops.get('/api/admin/dashboard?days=14');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    // Two bookings today, of which one quote is today's: the rate follows today's quotes (1 of 4).
    expect(d.today).toMatchObject({ from: todayIso, quotes: 4, bookings: 2, quotes_booked: 1, rate: 0.25 });
    expect(d.month.quotes).toBeGreaterThanOrEqual(4);
    expect(d.series).toHaveLength(14);
    expect(d.series.at(-1)).toEqual({ date: todayIso, quotes: 4, bookings: 2, quotes_booked: 1 });
    expect(d.series.reduce((s: number, x: { quotes: number }) => s + x.quotes, 0)).toBe(4);
    expect(d.revenue.map((r: { mode: string }) => r.mode).sort()).toEqual(['ltl', 'parcel']);
    expect(d.revenue.find((r: { mode: string }) => r.mode === 'ltl')).toMatchObject({
      currency: 'USD',
      shipments: 1,
      total_cents: booked.totalCents,
    });
    expect(d.statuses).toEqual(
      expect.arrayContaining([
        { status: 'delayed', count: 1 },
        { status: 'in_transit', count: 1 },
      ]),
    );
    expect(d.action_required).toMatchObject({
      count: 1,
      latest: [{ id: booked.id, bol_number: booked.bolNumber, account: 'Demo Shipper Co' }],
    });
    expect(d.delayed.latest.map((s: { id: string }) => s.id)).toEqual([booked.id]);
    expect(d.accounts).toEqual({ credit_hold: 0, suspended: 0 });
    expect(d.incidents).toMatchObject({ count: 1, latest: [{ operation: 'rate', error: 'timeout', carrier: null }] });
    expect((await ops.get('/api/admin/dashboard?days=365')).statusCode).toBe(422);
  });
});
