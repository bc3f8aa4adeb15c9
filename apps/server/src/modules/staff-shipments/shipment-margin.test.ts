import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { insertShipment } from '../tracking/test-fixtures';

/**
 * Who sees a shipment's cost and margin on the staff's screens: super_admin, fpg_admin and
 * fpg_sales_admin on every account, fpg_sales on its own accounts (Demo Shipper Co in the demo),
 * nobody else; the others' answers carry no cost field at all.
 */
let t: TestApp;
let salesAdmin: TestClient;
let sales: TestClient;
let ops: TestClient;
let accounting: TestClient;
const people: Record<string, string> = {};
const db = () => t.database.db;
// A day of its own, so the dashboard's month holds only this file's bookings.
const NOW = new Date('2031-03-12T18:00:00Z');

let priced: Awaited<ReturnType<typeof insertShipment>>;
let legacy: Awaited<ReturnType<typeof insertShipment>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  salesAdmin = await t.client().login('salesadmin@demo.test');
  sales = await t.client().login('sales@demo.test');
  ops = await t.client().login('ops@demo.test');
  accounting = await t.client().login('accounting@demo.test');
  for (const u of await db().select().from(users)) people[u.email] = u.id;
  // Demo Shipper Co (Sal Sales' account): $500.00 to the shipper, $420.00 to the carrier.
  priced = await insertShipment(db(), {});
  await db()
    .update(shipments)
    .set({
      createdAt: NOW,
      totalCents: 50_000,
      charges: [
        { code: 'freight', label: 'Freight', amount_cents: 46_000 },
        { code: 'fuel', label: 'Fuel surcharge', amount_cents: 4_000 },
      ],
      costCents: 42_000,
      costLines: [
        { code: 'freight', label: 'Freight', amount_cents: 38_600 },
        { code: 'fuel', label: 'Fuel surcharge', amount_cents: 3_400 },
      ],
      pricingApplied: { source: 'rule', scope: 'default', program_id: 'p', version: 2, index: 0, name: 'LTL' },
    })
    .where(eq(shipments.id, priced.id));
  // Other Freight LLC (Sara Salesadmin's), booked before pricing went live: no cost kept.
  legacy = await insertShipment(db(), { email: 'other@demo.test' });
  await db()
    .update(shipments)
    .set({ createdAt: new Date('2031-03-03T16:00:00Z'), totalCents: 30_000, costCents: null, costLines: null, pricingApplied: null })
    .where(eq(shipments.id, legacy.id));
});
afterAll(() => t.close());

const detail = (c: TestClient, id: string) => c.get(`/api/admin/shipments/${id}`);
const rowOf = async (c: TestClient, bol: string) => (await c.get(`/api/admin/shipments?q=${bol}`)).json().data[0];

describe('GET /api/admin/shipments/:id: cost and margin', () => {
  it('shows a sales admin the price and cost lines, the margin and what priced it', async () => {
    const res = await detail(salesAdmin, priced.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.margin).toEqual({
      price_lines: [
        { code: 'freight', label: 'Freight', amount_cents: 46_000 },
        { code: 'fuel', label: 'Fuel surcharge', amount_cents: 4_000 },
      ],
      price_cents: 50_000,
      cost_lines: [
        { code: 'freight', label: 'Freight', amount_cents: 38_600 },
        { code: 'fuel', label: 'Fuel surcharge', amount_cents: 3_400 },
      ],
      cost_cents: 42_000,
      margin_cents: 8_000,
      margin_bp: 1_600,
      applied: { source: 'rule', scope: 'default', version: 2, name: 'LTL' },
      cost_recorded: true,
    });
  });

  it('takes the price as the cost of a shipment booked before pricing went live', async () => {
    const margin = (await detail(salesAdmin, legacy.id)).json().data.margin;
    expect(margin).toMatchObject({ price_cents: 30_000, cost_cents: 30_000, margin_cents: 0, margin_bp: 0, cost_recorded: false });
    expect(margin.applied).toEqual({ source: 'none' });
    expect(margin.cost_lines).toEqual(margin.price_lines);
  });

  it("shows a rep its own account's margin and no other's", async () => {
    expect((await detail(sales, priced.id)).json().data.margin.margin_cents).toBe(8_000);
    const other = await detail(sales, legacy.id);
    expect(other.statusCode).toBe(200);
    expect(other.json().data).not.toHaveProperty('margin');
  });

  it('sends ops and accounting no cost field at all', async () => {
    for (const c of [ops, accounting]) {
      const res = await detail(c, priced.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).not.toHaveProperty('margin');
      expect(res.body).not.toMatch(/cost_|margin|42000|38600/);
    }
  });
});

describe('GET /api/admin/shipments: cost and margin columns, sales rep filter', () => {
  it('adds cost and margin to the rows of accounts whose margin the viewer sees', async () => {
    expect(await rowOf(salesAdmin, priced.bolNumber)).toMatchObject({
      total_cents: 50_000,
      cost_cents: 42_000,
      margin_cents: 8_000,
      margin_bp: 1_600,
    });
    expect(await rowOf(salesAdmin, legacy.bolNumber)).toMatchObject({ total_cents: 30_000, cost_cents: 30_000, margin_cents: 0 });
    expect(await rowOf(sales, priced.bolNumber)).toMatchObject({ cost_cents: 42_000 });
    const others = await rowOf(sales, legacy.bolNumber);
    expect(others.total_cents).toBe(30_000);
    for (const key of ['cost_cents', 'margin_cents', 'margin_bp']) expect(others).not.toHaveProperty(key);
    const list = await ops.get('/api/admin/shipments?per_page=100');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toMatch(/cost_cents|margin/);
  });

  it("filters by the accounts' sales rep, or accounts without one", async () => {
    const accountsOf = async (query: string) => {
      const res = await ops.get(`/api/admin/shipments?per_page=100&${query}`);
      expect(res.statusCode).toBe(200);
      return new Set(res.json().data.map((r: { account: { name: string } }) => r.account.name));
    };
    expect([...(await accountsOf(`sales_rep_id=${people['sales@demo.test']}`))]).toEqual(['Demo Shipper Co']);
    expect([...(await accountsOf(`sales_rep_id=${people['salesadmin@demo.test']}`))]).toEqual(['Other Freight LLC']);
    const none = await accountsOf('sales_rep_id=none');
    expect(none.has('Demo Shipper Co') || none.has('Other Freight LLC')).toBe(false);
    expect([...(await accountsOf(`sales_rep_id=${people['ops@demo.test']}`))]).toEqual([]);
    const bad = await ops.get('/api/admin/shipments?sales_rep_id=mine');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['sales_rep_id']);
  });
});

describe('GET /api/admin/dashboard: margin today and this month', () => {
  it("sums today's and the month's bookings (not canceled) for a sales admin, in exact cents", async () => {
    const canceled = await insertShipment(db(), { status: 'canceled' });
    await db().update(shipments).set({ createdAt: NOW, costCents: 1 }).where(eq(shipments.id, canceled.id));
    const margin = (await salesAdmin.get('/api/admin/dashboard')).json().data.margin;
    expect(margin.today).toEqual([
      { currency: 'USD', shipments: 1, price_cents: 50_000, cost_cents: 42_000, margin_cents: 8_000, margin_bp: 1_600 },
    ]);
    expect(margin.month).toEqual([
      { currency: 'USD', shipments: 2, price_cents: 80_000, cost_cents: 72_000, margin_cents: 8_000, margin_bp: 1_000 },
    ]);
  });

  it("gives a rep its accounts' margin alone, and ops none", async () => {
    const mine = (await sales.get('/api/admin/dashboard')).json().data.margin;
    expect(mine.month).toEqual([
      { currency: 'USD', shipments: 1, price_cents: 50_000, cost_cents: 42_000, margin_cents: 8_000, margin_bp: 1_600 },
    ]);
    const res = await ops.get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).not.toHaveProperty('margin');
  });
});
