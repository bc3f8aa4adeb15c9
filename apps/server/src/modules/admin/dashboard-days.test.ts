import { type DashboardLink, type DashboardView, dashboardLinks } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, apiIncidents, quotes, shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { insertShipment, userByEmail } from '../tracking/test-fixtures';

/**
 * The dashboard's days are the business's (America/Chicago by default): at 6 PM in Chicago it is
 * midnight UTC, and "today" and "this month" must not turn there. Each figure counts what its
 * link's list shows.
 */
let t: TestApp;
let staff: TestClient;

// 31 January 2027, a Sunday in Chicago's winter (UTC-6): 5:59 PM and 6:01 PM there.
const BEFORE_SIX = new Date('2027-01-31T23:59:00Z');
const AFTER_SIX = new Date('2027-02-01T00:01:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2027-01-31T12:00:00Z');
  staff = await t.client().login('super@demo.test', 'Demo#2026', true);
  const shipper = await userByEmail(t.database.db, 'shipper@demo.test');
  const quoteAt = (iso: string) =>
    t.database.db.insert(quotes).values({
      accountId: shipper.accountId,
      userId: shipper.id,
      mode: 'ltl',
      input: {},
      result: {},
      currency: 'USD',
      createdAt: new Date(iso),
    });
  const bookedAt = async (iso: string, opts: Parameters<typeof insertShipment>[1] = {}) => {
    const row = await insertShipment(t.database.db, opts);
    await t.database.db
      .update(shipments)
      .set({ createdAt: new Date(iso) })
      .where(eq(shipments.id, row.id));
    return row;
  };
  // 2 PM on the 31st in Chicago; 11:30 PM on the 30th there (already the 31st in UTC); 1 January at 00:30 there.
  await quoteAt('2027-01-31T20:00:00Z');
  await quoteAt('2027-01-31T05:30:00Z');
  await quoteAt('2027-01-01T06:30:00Z');
  // 31 December at 11 PM in Chicago: the month before, though 1 January in UTC.
  await quoteAt('2027-01-01T05:00:00Z');
  await bookedAt('2027-01-31T20:00:00Z', { status: 'delayed' });
  await bookedAt('2027-01-31T05:30:00Z', { mode: 'parcel', status: 'in_transit' });
  await bookedAt('2027-01-10T15:00:00Z', { status: 'canceled' });
  await bookedAt('2027-01-01T05:00:00Z');
  const held = await insertShipment(t.database.db, { status: 'delayed' });
  await t.database.db.update(shipments).set({ actionRequired: true }).where(eq(shipments.id, held.id));
  await t.database.db.insert(apiIncidents).values([
    {
      operation: 'rate',
      request: {},
      error: 'timeout',
      createdAt: new Date('2027-01-31T20:00:00Z'),
      lastSeenAt: new Date('2027-01-31T20:00:00Z'),
    },
    // Seen at 11 PM on the 30th in Chicago: yesterday there.
    {
      operation: 'book',
      request: {},
      error: 'timeout',
      createdAt: new Date('2027-01-31T05:00:00Z'),
      lastSeenAt: new Date('2027-01-31T05:00:00Z'),
    },
  ]);
  // A suspended account on credit hold is listed as suspended only, and counted so.
  const other = await userByEmail(t.database.db, 'other@demo.test');
  await t.database.db
    .update(accounts)
    .set({ status: 'credit_hold', suspendedAt: new Date('2027-01-20T12:00:00Z') })
    .where(eq(accounts.id, other.accountId));
  await t.database.db
    .update(accounts)
    .set({ createdAt: new Date('2027-01-31T05:30:00Z') })
    .where(eq(accounts.id, other.accountId));
});
afterAll(() => t.close());

async function dashboardAt(at: Date): Promise<DashboardView> {
  t.clock.now = at;
  const res = await staff.get('/api/admin/dashboard?days=14');
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const API: Record<DashboardLink['list'], string> = {
  shipments: '/api/admin/shipments',
  accounts: '/api/admin/accounts',
  incidents: '/api/admin/incidents',
  creditApplications: '/api/admin/credit-applications',
};

/** How many rows the list a figure links to holds. */
async function listed(link: DashboardLink) {
  const res = await staff.get(`${API[link.list]}?${new URLSearchParams(link.query)}`);
  expect(res.statusCode, `${link.list} ${JSON.stringify(link.query)}`).toBe(200);
  return res.json().meta.total as number;
}

describe("the dashboard's business days", () => {
  it.each([
    ['5:59 PM', BEFORE_SIX],
    ['6:01 PM', AFTER_SIX],
  ])('at %s in Chicago, today is still the 31st and the month January', async (_, at) => {
    const d = await dashboardAt(at);
    expect(d.time_zone).toBe('America/Chicago');
    expect(d.today).toMatchObject({ from: '2027-01-31', quotes: 1, bookings: 1 });
    expect(d.month).toMatchObject({ from: '2027-01-01', quotes: 3, bookings: 3 });
    expect(d.series.at(-1)).toEqual({ date: '2027-01-31', quotes: 1, bookings: 1, quotes_booked: 0 });
    expect(d.series.at(-2)).toEqual({ date: '2027-01-30', quotes: 1, bookings: 1, quotes_booked: 0 });
    expect(d.incidents.count).toBe(1);
  });

  it('turns the day at midnight in Chicago', async () => {
    const d = await dashboardAt(new Date('2027-02-01T06:01:00Z'));
    expect(d.today).toMatchObject({ from: '2027-02-01', quotes: 0, bookings: 0 });
    expect(d.month).toMatchObject({ from: '2027-02-01', quotes: 0, bookings: 0 });
  });
});

describe('every figure equals the count of the list it links to', () => {
  it.each([
    ['5:59 PM', BEFORE_SIX],
    ['6:01 PM', AFTER_SIX],
  ])('at %s in Chicago', async (_, at) => {
    const d = await dashboardAt(at);
    const links = dashboardLinks(d);
    const figures: [string, number, DashboardLink][] = [
      ['today bookings', d.today.bookings, links.today.bookings],
      ['today new accounts', d.today.new_accounts, links.today.new_accounts],
      ['month bookings', d.month.bookings, links.month.bookings],
      ['month new accounts', d.month.new_accounts, links.month.new_accounts],
      ['action required', d.action_required.count, links.action_required],
      ['delayed', d.delayed.count, links.delayed],
      ['credit hold', d.accounts.credit_hold, links.credit_hold],
      ['suspended', d.accounts.suspended, links.suspended],
      ['incidents', d.incidents.count, links.incidents],
      ['credit applications', d.credit_applications?.pending ?? -1, links.credit_applications],
      ...d.statuses.map((s): [string, number, DashboardLink] => [`status ${s.status}`, s.count, links.status(s.status)]),
      ...[...new Set(d.revenue.map((r) => r.mode))].map((mode): [string, number, DashboardLink] => [
        `revenue ${mode}`,
        d.revenue.filter((r) => r.mode === mode).reduce((n, r) => n + r.shipments, 0),
        links.revenue(mode),
      ]),
    ];
    // The fixtures make every kind of figure non-zero, so an equality of zeros proves nothing missed.
    expect(d.today.bookings * d.month.new_accounts * d.delayed.count * d.accounts.suspended * d.incidents.count).toBeGreaterThan(0);
    expect(d.statuses.map((s) => s.status)).toContain('canceled');
    for (const [name, figure, link] of figures) {
      expect(await listed(link), name).toBe(figure);
    }
  });
});
