import { MARGIN_GROUPS } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, shipments, userSettings, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { insertShipment } from '../tracking/test-fixtures';

/**
 * The margin report: its groups and totals reconcile to the cent with the shipments they sum, in
 * each currency apart; who may read it (those who see margin; a rep its own accounts alone); the
 * CSV; bad queries. Its shipments are picked up years ahead, where no demo shipment is.
 */
let t: TestApp;
let superAdmin: TestClient;
let sales: TestClient;
const db = () => t.database.db;
const people: Record<string, string> = {};
const accountOf: Record<string, string> = {};
const NOW = new Date('2031-03-12T18:00:00Z');

interface Made {
  email: 'shipper@demo.test' | 'other@demo.test';
  mode: 'ltl' | 'parcel' | 'truckload';
  currency: 'USD' | 'CAD';
  origin: string;
  destination: string;
  price: number;
  /** null: booked before costs were kept (counted at price = cost). */
  cost: number | null;
  canceled: boolean;
  pickup: string;
}

/** Writes a shipment as `m` says; answers its id. */
async function make(m: Made) {
  const row = await insertShipment(db(), {
    email: m.email,
    mode: m.mode,
    status: m.canceled ? 'canceled' : 'delivered',
    pickupDate: m.pickup,
  });
  await db()
    .update(shipments)
    .set({ currency: m.currency, originState: m.origin, destinationState: m.destination, totalCents: m.price, costCents: m.cost })
    .where(eq(shipments.id, row.id));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  superAdmin = await t.client().login('super@demo.test');
  sales = await t.client().login('sales@demo.test');
  for (const u of await db().select().from(users)) {
    people[u.email] = u.id;
    if (u.accountId) accountOf[u.email] = u.accountId;
  }
});
afterAll(() => t.close());

type Figures = { shipments: number; price_cents: number; cost_cents: number; margin_cents: number };
const add = (sums: Map<string, Figures>, key: string, price: number, cost: number) => {
  const f = sums.get(key) ?? { shipments: 0, price_cents: 0, cost_cents: 0, margin_cents: 0 };
  sums.set(key, {
    shipments: f.shipments + 1,
    price_cents: f.price_cents + price,
    cost_cents: f.cost_cents + cost,
    margin_cents: f.margin_cents + price - cost,
  });
};

describe('GET /api/admin/margin: sums', () => {
  it('groups reconcile to the cent with their shipments, in each currency apart, whatever the grouping', async () => {
    let year = 2040;
    const made = fc.record({
      email: fc.constantFrom('shipper@demo.test' as const, 'other@demo.test' as const),
      mode: fc.constantFrom('ltl' as const, 'parcel' as const, 'truckload' as const),
      currency: fc.constantFrom('USD' as const, 'CAD' as const),
      origin: fc.constantFrom('IL', 'TX', 'ON'),
      destination: fc.constantFrom('GA', 'TX'),
      price: fc.integer({ min: 0, max: 5_000_000 }),
      cost: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { freq: 4 }),
      canceled: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
      month: fc.integer({ min: 1, max: 4 }),
      day: fc.integer({ min: 1, max: 28 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(made, { minLength: 1, maxLength: 25 }), async (list) => {
        // Each run picks up in a year of its own, so the runs' shipments never mix.
        year += 1;
        const rows = list.map((m) => ({ ...m, pickup: `${year}-0${m.month}-${String(m.day).padStart(2, '0')}` }));
        for (const m of rows) await make(m);
        const counted = rows.filter((m) => !m.canceled);
        for (const group of MARGIN_GROUPS) {
          const res = await superAdmin.get(
            `/api/admin/margin?group_by=${group}&pickup_from=${year}-01-01&pickup_to=${year}-12-31&limit=500`,
          );
          expect(res.statusCode).toBe(200);
          const report = res.json().data;
          const keyOf = (m: (typeof rows)[number]) =>
            ({
              customer: accountOf[m.email],
              lane: `${m.origin}-${m.destination}`,
              carrier: m.mode,
              mode: m.mode,
              rep: m.email === 'shipper@demo.test' ? people['sales@demo.test'] : people['salesadmin@demo.test'],
              month: m.pickup.slice(0, 7),
            })[group];
          const groups = new Map<string, Figures>();
          const totals = new Map<string, Figures>();
          for (const m of counted) {
            const cost = m.cost ?? m.price;
            add(groups, `${keyOf(m)}|${m.currency}`, m.price, cost);
            add(totals, m.currency, m.price, cost);
          }
          // The fixture's carriers are one per mode (ODFL, UPSN, DVLN): the carrier groups are the mode groups.
          const got = new Map<string, Figures>(
            report.rows.map((r: Figures & { key: string; currency: string; label: string }) => [
              `${group === 'carrier' ? r.label.match(/\((\w+)\)$/)?.[1] : r.key}|${r.currency}`,
              { shipments: r.shipments, price_cents: r.price_cents, cost_cents: r.cost_cents, margin_cents: r.margin_cents },
            ]),
          );
          const scac = { ltl: 'ODFL', parcel: 'UPSN', truckload: 'DVLN' } as Record<string, string>;
          const want =
            group === 'carrier' ? new Map([...groups].map(([k, v]) => [`${scac[k.split('|')[0]!]}|${k.split('|')[1]}`, v])) : groups;
          expect(Object.fromEntries(got)).toEqual(Object.fromEntries(want));
          expect(report.rest).toBe(0);
          expect(
            Object.fromEntries(
              report.totals.map((r: Figures & { currency: string }) => [
                r.currency,
                { shipments: r.shipments, price_cents: r.price_cents, cost_cents: r.cost_cents, margin_cents: r.margin_cents },
              ]),
            ),
          ).toEqual(Object.fromEntries(totals));
          // The chart's months sum to the totals too.
          const months = new Map<string, number>();
          for (const s of report.series) months.set(s.currency, (months.get(s.currency) ?? 0) + s.margin_cents);
          for (const [currency, f] of totals) expect(months.get(currency)).toBe(f.margin_cents);
        }
      }),
      { numRuns: 8 },
    );
  });

  it('orders by margin, largest first, unless asked; limits the groups and counts the rest; names lanes, modes and reps', async () => {
    const base = { currency: 'USD' as const, cost: null, canceled: false, pickup: '2035-06-10' };
    await make({ ...base, email: 'shipper@demo.test', mode: 'ltl', origin: 'IL', destination: 'TX', price: 30_000, cost: 20_000 });
    await make({ ...base, email: 'shipper@demo.test', mode: 'parcel', origin: 'IL', destination: 'GA', price: 5_000, cost: 4_000 });
    await make({ ...base, email: 'other@demo.test', mode: 'truckload', origin: 'TX', destination: 'GA', price: 90_000, cost: 95_000 });
    const range = 'pickup_from=2035-06-01&pickup_to=2035-06-30';
    const lanes = (await superAdmin.get(`/api/admin/margin?group_by=lane&${range}`)).json().data;
    expect(lanes.rows.map((r: { label: string; margin_cents: number }) => [r.label, r.margin_cents])).toEqual([
      ['IL → TX', 10_000],
      ['IL → GA', 1_000],
      ['TX → GA', -5_000],
    ]);
    expect(lanes.rows[0]).toMatchObject({ key: 'IL-TX', margin_bp: 3_333, shipments: 1 });
    const cheapest = (await superAdmin.get(`/api/admin/margin?group_by=lane&${range}&sort=price&dir=asc&limit=1`)).json().data;
    expect(cheapest.rows.map((r: { key: string }) => r.key)).toEqual(['IL-GA']);
    expect(cheapest.rest).toBe(2);
    expect(cheapest.totals).toEqual([
      { currency: 'USD', shipments: 3, price_cents: 125_000, cost_cents: 119_000, margin_cents: 6_000, margin_bp: 480, without_cost: 0 },
    ]);
    const modes = (await superAdmin.get(`/api/admin/margin?group_by=mode&${range}&sort=label&dir=asc`)).json().data;
    expect(modes.rows.map((r: { label: string }) => r.label)).toEqual(['LTL', 'Parcel', 'Truckload']);
    const reps = (await superAdmin.get(`/api/admin/margin?group_by=rep&${range}`)).json().data;
    expect(reps.rows.map((r: { label: string }) => r.label)).toEqual(['Sal Sales', 'Sara Salesadmin']);
    const filtered = (await superAdmin.get(`/api/admin/margin?group_by=customer&${range}&origin_state=il&mode=parcel`)).json().data;
    expect(filtered.rows).toEqual([
      {
        key: accountOf['shipper@demo.test'],
        label: 'Demo Shipper Co',
        currency: 'USD',
        shipments: 1,
        price_cents: 5_000,
        cost_cents: 4_000,
        margin_cents: 1_000,
        margin_bp: 2_000,
      },
    ]);
    const none = (await superAdmin.get(`/api/admin/margin?${range}&sales_rep_id=none`)).json().data;
    expect(none).toMatchObject({ rows: [], rest: 0, totals: [], series: [] });
  });

  it('reads the current month to date at the business when no range is given', async () => {
    const res = await superAdmin.get('/api/admin/margin');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ group_by: 'customer', pickup_from: '2031-03-01', pickup_to: '2031-03-12' });
  });
});

describe('GET /api/admin/margin: who reads it', () => {
  it('refuses ops, accounting, the feature role and customers (403), and guests (401)', async () => {
    for (const email of ['ops@demo.test', 'accounting@demo.test', 'feature@demo.test', 'shipper@demo.test', 'other@demo.test']) {
      const c = await t.client().login(email);
      for (const path of ['/api/admin/margin', '/api/admin/margin.csv']) {
        const res = await c.get(path);
        expect(res.statusCode, `${email} ${path}`).toBe(403);
        expect(res.body).not.toMatch(/margin_cents|cost/);
      }
    }
    expect((await t.client().get('/api/admin/margin')).statusCode).toBe(401);
  });

  it("gives a rep its own accounts' shipments alone, whatever it filters by", async () => {
    const base = {
      currency: 'USD' as const,
      cost: 1_000,
      canceled: false,
      pickup: '2036-02-02',
      mode: 'ltl' as const,
      origin: 'IL',
      destination: 'TX',
    };
    await make({ ...base, email: 'shipper@demo.test', price: 2_000 });
    await make({ ...base, email: 'other@demo.test', price: 7_000 });
    const range = 'pickup_from=2036-02-01&pickup_to=2036-02-28';
    const mine = (await sales.get(`/api/admin/margin?${range}`)).json().data;
    expect(mine.rows.map((r: { label: string }) => r.label)).toEqual(['Demo Shipper Co']);
    expect(mine.totals[0]).toMatchObject({ price_cents: 2_000, margin_cents: 1_000 });
    const asked = (await sales.get(`/api/admin/margin?${range}&account_id=${accountOf['other@demo.test']}`)).json().data;
    expect(asked).toMatchObject({ rows: [], totals: [] });
    const csv = (await sales.get(`/api/admin/margin.csv?${range}`)).body;
    expect(csv).toContain('Demo Shipper Co');
    expect(csv).not.toContain('Other Freight');
    const all = (await superAdmin.get(`/api/admin/margin?${range}`)).json().data;
    expect(all.rows.map((r: { label: string }) => r.label).sort()).toEqual(['Demo Shipper Co', 'Other Freight LLC']);
  });
});

describe('GET /api/admin/margin.csv', () => {
  it("writes every group under a header in the reader's language, a name that looks like a formula neutralised", async () => {
    const [account] = await db().select().from(accounts).where(eq(accounts.id, accountOf['other@demo.test']!));
    await db().update(accounts).set({ name: '=HYPERLINK("http://evil.test")' }).where(eq(accounts.id, account!.id));
    try {
      const base = {
        currency: 'USD' as const,
        canceled: false,
        pickup: '2037-04-04',
        mode: 'ltl' as const,
        origin: 'IL',
        destination: 'TX',
      };
      await make({ ...base, email: 'other@demo.test', price: 10_050, cost: 12_000 });
      await make({ ...base, email: 'shipper@demo.test', price: 20_000, cost: 15_000, currency: 'CAD' });
      const range = 'pickup_from=2037-04-01&pickup_to=2037-04-30';
      const res = await superAdmin.get(`/api/admin/margin.csv?${range}&limit=1`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="margin-customer-2037-04-01-2037-04-30.csv"');
      expect(res.body.split('\r\n')).toEqual([
        '\uFEFFCustomer,Currency,Shipments,Price,Cost,Margin,Margin %',
        'Demo Shipper Co,CAD,1,200,150,50,25',
        `"'=HYPERLINK(""http://evil.test"")",USD,1,100.5,120,-19.5,-19.4`,
        '',
      ]);
      // The reader's language is their setting.
      await db().update(userSettings).set({ language: 'es' }).where(eq(userSettings.userId, people['super@demo.test']!));
      const es = await superAdmin.get(`/api/admin/margin.csv?${range}&group_by=lane`);
      await db().update(userSettings).set({ language: 'en' }).where(eq(userSettings.userId, people['super@demo.test']!));
      expect(es.body.split('\r\n')[0]).toBe('\uFEFFRuta,Moneda,Envíos,Precio,Costo,Margen,Margen %');
    } finally {
      await db().update(accounts).set({ name: account!.name }).where(eq(accounts.id, account!.id));
    }
  });
});

describe('GET /api/admin/margin: bad queries', () => {
  it('answers 422 naming each bad field', async () => {
    const res = await superAdmin.get(
      '/api/admin/margin?group_by=planet&pickup_from=2031-02-30&sort=luck&dir=up&limit=0&account_id=x&sales_rep_id=mine&origin_state=Illinois&mode=ship',
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      ['account_id', 'dir', 'group_by', 'limit', 'mode', 'origin_state', 'pickup_from', 'sales_rep_id', 'sort'].sort(),
    );
    const backwards = await superAdmin.get('/api/admin/margin.csv?pickup_from=2031-03-10&pickup_to=2031-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ pickup_to: ['The end date must be on or after the start date'] });
    const long = await superAdmin.get('/api/admin/margin?pickup_from=2020-01-01&pickup_to=2031-01-01');
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['pickup_to']);
    const open = await superAdmin.get('/api/admin/margin?pickup_from=2020-01-01');
    expect(open.statusCode).toBe(422);
    expect(Object.keys(open.json().errors)).toEqual(['pickup_from']);
  });
});
