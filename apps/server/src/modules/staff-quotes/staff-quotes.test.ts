import { staffQuoteDetail } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import type { QuoteCosts } from '../quotes/quotes.service';
import { createQuote, pallet, type QuoteData } from '../shipments/test-helpers';

/**
 * A stored quote on the staff's screens: every staff role reads its request and rates; those who
 * may see the account's margin (super_admin, fpg_admin, fpg_sales_admin; fpg_sales on its own
 * accounts) read each rate's cost and margin too, the others get no cost key at all. Customers
 * never reach it.
 */
let t: TestApp;
let salesAdmin: TestClient;
let sales: TestClient;
let ops: TestClient;
let accounting: TestClient;
let shipper: TestClient;
let other: TestClient;
/** Demo Shipper Co (Sal Sales' account): one 500 lb pallet Chicago -> Dallas, on its $345 contract lane. */
let contract: QuoteData;
/** The same lane heavier, still on the contract: some carriers cost more than $345. */
let heavy: QuoteData;
/** Demo Shipper Co quoting in Canadian dollars. */
let canadian: QuoteData;
/** Other Freight LLC (Sara Salesadmin's), rated before pricing went live: no cost kept. */
let legacy: QuoteData;

const costsOf = async (id: string) =>
  (await t.database.db.select({ costs: quotes.costs }).from(quotes).where(eq(quotes.id, id)))[0]!.costs as QuoteCosts;
const detail = (c: TestClient, id: string) => c.get(`/api/admin/quotes/${id}`);
const accountOf = async (c: TestClient, accountId: string) => (await c.get(`/api/admin/accounts/${accountId}`)).json().data;

beforeAll(async () => {
  t = await createTestApp();
  salesAdmin = await t.client().login('salesadmin@demo.test');
  sales = await t.client().login('sales@demo.test');
  ops = await t.client().login('ops@demo.test');
  accounting = await t.client().login('accounting@demo.test');
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  contract = await createQuote(t, shipper, { items: [{ ...pallet, quantity: 1, weight: 500 }] });
  heavy = await createQuote(t, shipper, { items: [{ ...pallet, quantity: 1, weight: 990, freight_class: 250 }] });
  canadian = await createQuote(t, shipper, { currency: 'CAD', items: [{ ...pallet, quantity: 1, weight: 500 }] });
  legacy = await createQuote(t, other);
  await t.database.db.update(quotes).set({ costs: null }).where(eq(quotes.id, legacy.id));
});
afterAll(() => t.close());

describe('GET /api/admin/quotes/:id', () => {
  it("shows a sales admin the request, each rate's price and cost lines, its margin and what priced it", async () => {
    const res = await detail(salesAdmin, contract.id);
    expect(res.statusCode, res.body).toBe(200);
    const quote = staffQuoteDetail.parse(res.json().data);
    expect(quote).toMatchObject({
      id: contract.id,
      mode: 'ltl',
      currency: 'USD',
      account: { name: 'Demo Shipper Co' },
      request: {
        pickup_date: contract.inputs.pickup_date,
        origin: { postal_code: '60606', city: 'Chicago', state: 'IL' },
        destination: { postal_code: '75201', city: 'Dallas', state: 'TX' },
        load: { pieces: 1, weight_lb: 500 },
      },
    });
    const costs = await costsOf(contract.id);
    expect(quote.rates).toHaveLength(contract.rates.length);
    for (const rate of quote.rates) {
      const cost = costs[rate.id]!;
      const margin = rate.margin!;
      expect(rate.price_cents).toBe(34_500);
      expect(rate.price_lines.reduce((s, l) => s + l.amount_cents, 0)).toBe(34_500);
      expect(margin.cost_cents).toBe(cost.total_cents);
      expect(margin.cost_lines.map((l) => l.amount_cents)).toEqual(cost.charges.map((l) => l.amount_cents));
      expect(margin.cost_lines.every((l) => l.label.length > 0)).toBe(true);
      expect(margin.margin_cents).toBe(34_500 - cost.total_cents);
      expect(margin.margin_bp).toBe(Math.round(((34_500 - cost.total_cents) * 10_000) / 34_500));
      expect(margin.applied).toEqual({ source: 'contract', scope: 'account', version: 1, name: 'Chicago - Dallas, LTL up to 1,000 lb' });
      expect(margin).toMatchObject({ below_cost: false, cost_recorded: true });
    }
    const lowest = quote.rates.filter((r) => r.lowest);
    expect(lowest).toHaveLength(1);
    expect(quote).toMatchObject({
      lowest_total_cents: 34_500,
      lowest_cost_cents: lowest[0]!.margin!.cost_cents,
      lowest_margin_cents: lowest[0]!.margin!.margin_cents,
      lowest_margin_bp: lowest[0]!.margin!.margin_bp,
    });
  });

  it('flags a contract price under its cost or under the minimum margin', async () => {
    const { rates } = (await detail(salesAdmin, heavy.id)).json().data;
    const costs = await costsOf(heavy.id);
    for (const rate of rates) {
      expect(rate.margin.below_cost).toBe(costs[rate.id]!.total_cents > 34_500);
      expect(rate.margin.below_minimum).toBe(costs[rate.id]!.below_minimum === true);
    }
    expect(rates.some((r: { margin: { below_cost: boolean } }) => r.margin.below_cost)).toBe(true);
    expect(rates.some((r: { margin: { below_minimum: boolean } }) => r.margin.below_minimum)).toBe(true);
  });

  it("reads a converted quote's cost in the quote's currency, as it was stored", async () => {
    const quote = (await detail(salesAdmin, canadian.id)).json().data;
    const costs = await costsOf(canadian.id);
    expect(quote.currency).toBe('CAD');
    for (const rate of quote.rates) {
      expect(rate.margin.cost_cents).toBe(costs[rate.id]!.total_cents);
      expect(rate.margin.margin_cents).toBe(rate.price_cents - costs[rate.id]!.total_cents);
      expect(rate.price_cents).toBeGreaterThan(34_500);
    }
  });

  it('takes the rate as the cost of a quote rated before pricing went live', async () => {
    const quote = (await detail(salesAdmin, legacy.id)).json().data;
    expect(quote.account.name).toBe('Other Freight LLC');
    for (const rate of quote.rates) {
      expect(rate.margin).toMatchObject({ cost_cents: rate.price_cents, margin_cents: 0, margin_bp: 0, cost_recorded: false });
      expect(rate.margin.applied).toEqual({ source: 'none' });
      expect(rate.margin.cost_lines).toEqual(rate.price_lines);
    }
    expect(quote.lowest_margin_cents).toBe(0);
  });

  it("shows a rep its own account's margin and no other's", async () => {
    expect((await detail(sales, contract.id)).json().data.rates[0].margin.cost_recorded).toBe(true);
    const res = await detail(sales, legacy.id);
    expect(res.statusCode).toBe(200);
    const quote = staffQuoteDetail.parse(res.json().data);
    expect(quote.rates.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/cost|margin|applied/);
  });

  it('sends ops and accounting the rates without a cost key or figure', async () => {
    const costs = Object.values(await costsOf(contract.id)).map((c) => c.total_cents);
    for (const c of [ops, accounting]) {
      const res = await detail(c, contract.id);
      expect(res.statusCode).toBe(200);
      expect(staffQuoteDetail.parse(res.json().data).rates[0]!.price_cents).toBe(34_500);
      expect(res.body).not.toMatch(/cost|margin|applied/);
      for (const n of costs) expect(res.body).not.toMatch(new RegExp(`[^0-9]${n}[^0-9]`));
    }
  });

  it('is not for customers; an unknown quote is 404', async () => {
    for (const c of [shipper, other]) expect((await detail(c, contract.id)).statusCode).toBe(403);
    expect((await detail(salesAdmin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await detail(salesAdmin, 'not-a-quote')).statusCode).toBe(404);
  });
});

describe("GET /api/admin/accounts/:id: the recent quotes' cost and margin", () => {
  it("adds the lowest price's cost and margin for those who see the account's margin", async () => {
    const accountId = (await detail(salesAdmin, contract.id)).json().data.account.id;
    const row = (await accountOf(salesAdmin, accountId)).recent_quotes.find((q: { id: string }) => q.id === contract.id);
    const { lowest_cost_cents, lowest_margin_cents, lowest_margin_bp } = (await detail(salesAdmin, contract.id)).json().data;
    expect(row).toMatchObject({ lowest_total_cents: 34_500, lowest_cost_cents, lowest_margin_cents, lowest_margin_bp });
    expect((await accountOf(sales, accountId)).recent_quotes[0]).toHaveProperty('lowest_margin_cents');
    const res = await ops.get(`/api/admin/accounts/${accountId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/lowest_cost|lowest_margin/);
  });

  it("leaves them out of another rep's account for a rep", async () => {
    const accountId = (await detail(salesAdmin, legacy.id)).json().data.account.id;
    expect((await accountOf(salesAdmin, accountId)).recent_quotes[0]).toMatchObject({ lowest_margin_cents: 0 });
    const mine = await sales.get(`/api/admin/accounts/${accountId}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toMatch(/lowest_cost|lowest_margin/);
  });
});
