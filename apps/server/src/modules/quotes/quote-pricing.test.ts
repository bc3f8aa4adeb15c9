import { applyBp, requiredMargin } from '@freight/domain/pricing';
import { addDays } from '@freight/domain/rating';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, quotes, shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { pdfPages } from '../documents/pdf-text';
import { bolFor } from '../invoices/test-helpers';
import { PROGRAMS_RECHECK_MS } from '../pricing-programs/programs-in-force';
import { book, bookingBody, createQuote, type QuoteData, quoteRequest } from '../shipments/test-helpers';
import { setTrackingSecret, signature } from '../tracking/test-fixtures';
import type { QuoteCosts } from './quote-rows';

/**
 * Pricing live (docs/brokerage.md): a carrier's rate is the broker's cost, the shipper is quoted and
 * billed the price the programs make of it; the cost stays on the server, staff's alone.
 */
let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let staff: TestClient;

/** One 500 lb pallet: under the 1,000 lb of Demo Shipper Co's contract lane Chicago (606) -> Dallas (752). */
const pallet500 = {
  package_type: 'pallets',
  quantity: 1,
  length: 48,
  width: 40,
  height: 48,
  weight: 500,
  stackable: true,
  hazardous: false,
};

async function storedCosts(quoteId: string): Promise<QuoteCosts> {
  const [row] = await t.database.db.select({ costs: quotes.costs }).from(quotes).where(eq(quotes.id, quoteId));
  return row!.costs as QuoteCosts;
}

/** The price the demo default program (LTL +15%, at least $35 and 8% of the price) makes of an LTL cost with no accessorial. */
function defaultLtlPrice(cost: number) {
  const markup = applyBp(cost, 1_500);
  return cost + Math.max(markup, requiredMargin(cost, 3_500, 800));
}

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  staff = await t.client().login('super@demo.test');
});
afterAll(() => t.close());

describe('quoting with pricing programs', () => {
  let quote: QuoteData;

  it("prices Demo Shipper Co's Chicago -> Dallas 500 lb LTL at its $345 contract, the lower cost kept apart", async () => {
    quote = await createQuote(t, shipper, { items: [pallet500] });
    const costs = await storedCosts(quote.id);
    for (const rate of quote.rates) {
      expect(rate.total_cents, rate.scac).toBe(34_500);
      const cost = costs[rate.id]!;
      expect(cost.total_cents, rate.scac).toBeLessThan(34_500);
      expect(cost.charges.reduce((s, l) => s + l.amount_cents, 0)).toBe(cost.total_cents);
      expect(cost.applied).toMatchObject({ source: 'contract', scope: 'account', name: 'Chicago - Dallas, LTL up to 1,000 lb' });
    }
    // The shipper's answers carry the price alone: the quote, the list's lowest total.
    const shown = await shipper.get(`/api/quotes/${quote.id}`);
    expect(shown.body).not.toMatch(/cost|margin|applied/i);
    const list = (await shipper.get('/api/quotes')).json().data as { id: string; lowest_total_cents: number }[];
    expect(list.find((q) => q.id === quote.id)?.lowest_total_cents).toBe(34_500);
  });

  it('prices an account without a program of its own by the default one: cost +15%, at least the minimum margin', async () => {
    const q = await createQuote(t, other, { items: [pallet500] });
    const costs = await storedCosts(q.id);
    expect(q.rates.length).toBeGreaterThan(0);
    for (const rate of q.rates) {
      const cost = costs[rate.id]!;
      expect(rate.total_cents, rate.scac).toBe(defaultLtlPrice(cost.total_cents));
      expect(rate.total_cents).toBeGreaterThan(cost.total_cents);
      expect(cost.applied).toMatchObject({ source: 'rule', scope: 'default', name: 'LTL' });
    }
  });

  it("prices a visitor's quote by the default program, as it prices an account without one", async () => {
    const request = quoteRequest(t, { items: [pallet500] });
    const guest = await t.client().post('/api/public/quotes', request);
    expect(guest.statusCode, guest.body).toBe(200);
    const signedIn = await createQuote(t, other, { items: [pallet500] });
    const byScac = (rates: QuoteData['rates']) => Object.fromEntries(rates.map((r) => [r.scac, r.total_cents]));
    expect(byScac(guest.json().data.rates)).toEqual(byScac(signedIn.rates));
    expect(guest.body).not.toMatch(/cost|margin|applied/i);
  });

  it('prices a re-run again, keeping its cost', async () => {
    const res = await shipper.post(`/api/quotes/${quote.id}/rerun`);
    expect(res.statusCode, res.body).toBe(201);
    const rerun = res.json().data as QuoteData;
    expect(rerun.rates.every((r) => r.total_cents === 34_500)).toBe(true);
    const costs = await storedCosts(rerun.id);
    expect(rerun.rates.every((r) => costs[r.id]!.total_cents < 34_500)).toBe(true);
  });
});

describe('booking a priced rate', () => {
  it('keeps the price as the shipment total and the cost beside it; the invoice bills the price', async () => {
    const quote = await createQuote(t, shipper, { items: [pallet500] });
    const rate = quote.rates[0]!;
    const cost = (await storedCosts(quote.id))[rate.id]!;
    const res = await book(shipper, bookingBody(quote));
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json().data;
    expect(view.total_cents).toBe(34_500);
    expect(res.body).not.toMatch(/cost|margin|applied/i);
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, view.id));
    expect(row).toMatchObject({ totalCents: 34_500, costCents: cost.total_cents, costLines: cost.charges });
    expect(row!.pricingApplied).toMatchObject({ source: 'contract' });

    // Delivered by its carrier's signed event (a BOL the demo dock finds as booked): invoiced at the price.
    const bol = bolFor('as_booked');
    await t.database.db.update(shipments).set({ bolNumber: bol }).where(eq(shipments.id, view.id));
    await setTrackingSecret(t.database.db, row!.scac, 'pricing-test-secret');
    const raw = JSON.stringify({
      events: [{ bol_number: bol, status_code: 'D1', occurred_at: t.clock.now.toISOString(), city: 'Dallas', state: 'TX' }],
    });
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/carriers/${row!.scac}/tracking-events`,
      headers: { 'content-type': 'application/json', 'x-signature': signature('pricing-test-secret', raw) },
      payload: raw,
    });
    expect(delivered.statusCode, delivered.body).toBe(202);
    await t.app.jobs.runDue(200);
    await t.app.background.drain();
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.shipmentId, view.id));
    expect(invoice?.totalCents).toBe(34_500);
  });

  it("gives the carrier's rate confirmation the cost, to staff alone", async () => {
    const quote = await createQuote(t, shipper, { mode: 'truckload', equipment_type: 'dry_van', items: [pallet500] });
    const rate = quote.rates[0]!;
    const cost = (await storedCosts(quote.id))[rate.id]!;
    expect(cost.total_cents).toBeLessThan(rate.total_cents);
    const res = await book(shipper, bookingBody(quote));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    expect((res.json().data.documents as { kind: string }[]).map((d) => d.kind)).not.toContain('rate_confirmation');
    expect((await shipper.get(`/api/shipments/${id}/documents/rate_confirmation`)).statusCode).toBe(404);

    const pdf = await staff.get(`/api/admin/shipments/${id}/documents/rate_confirmation?language=en`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).map((p) => p.text).join('\n');
    const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(text).toContain(dollars(cost.total_cents));
    expect(text).not.toContain(dollars(rate.total_cents));
    const detail = (await staff.get(`/api/admin/shipments/${id}`)).json().data;
    expect((detail.shipment.documents as { kind: string }[]).map((d) => d.kind)).toContain('rate_confirmation');
  });
});

describe('pricing preview', () => {
  it("reads a rate's cost from the quote's stored cost, not from the price the shipper saw", async () => {
    t.clock.advanceMinutes(1); // the account's newest quote
    const quote = await createQuote(t, shipper, { items: [pallet500] });
    const costs = await storedCosts(quote.id);
    const account = (await shipper.get('/api/user')).json().data.account.id as string;
    await staff.put(`/api/admin/pricing-programs/${account}/draft`, {
      program: (await staff.get(`/api/admin/pricing-programs/${account}/draft/new`)).json().data.program,
      note: 'Same again',
    });
    const res = await staff.post(`/api/admin/pricing-programs/${account}/draft/preview?quotes=1`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.json().data.lines as { quote_id: string; cost_cents: number; current_price_cents: number }[];
    const mine = lines.filter((l) => l.quote_id === quote.id);
    expect(mine.length).toBe(quote.rates.length);
    expect(mine.map((l) => l.cost_cents).sort()).toEqual(
      Object.values(costs)
        .map((c) => c.total_cents)
        .sort(),
    );
    expect(mine.every((l) => l.current_price_cents === 34_500)).toBe(true);
  });
});

describe('a version published in another process', () => {
  it("prices this process's quotes within PROGRAMS_RECHECK_MS, and the publishing process's at once", async () => {
    const elsewhere = await t.sibling();
    try {
      const shipperThere = await elsewhere.client().login('other@demo.test');
      const load = { items: [pallet500] };
      const before = await createQuote(t, other, load); // this process now holds Other Freight's programs
      expect(before.rates.every((r) => r.total_cents !== 30_000)).toBe(true);

      const account = (await other.get('/api/user')).json().data.account.id as string;
      const key = `/api/admin/pricing-programs/${account}`;
      const day = (await staff.get(key)).json().data.today as string;
      const lane = {
        name: 'Chicago - Dallas',
        mode: 'ltl',
        origin: { zip3: ['606'] },
        destination: { zip3: ['752'] },
        price_cents: 30_000,
        valid_from: day,
        valid_to: addDays(day, 365),
      };
      const program = { rules: [], contract_lanes: [lane], minimum_margin_cents: 0, minimum_margin_bp: 0 };
      expect((await staff.put(`${key}/draft`, { program, note: 'Lane' })).statusCode).toBe(200);
      expect((await staff.post(`${key}/draft/preview`)).statusCode).toBe(200);
      // Published by the other process: this one still prices with what it holds...
      const staffThere = await elsewhere.client().login('super@demo.test');
      expect((await staffThere.post(`${key}/draft/publish`, { effective_date: day })).statusCode).toBe(200);
      expect((await shipperThere.post('/api/quotes', quoteRequest(t, load))).json().data.rates[0].total_cents).toBe(30_000);
      const stale = await createQuote(t, other, load);
      expect(stale.rates.every((r) => r.total_cents !== 30_000)).toBe(true);
      // ...until it asks again.
      t.clock.advanceMinutes((PROGRAMS_RECHECK_MS + 1_000) / 60_000);
      const fresh = await createQuote(t, other, load);
      expect(fresh.rates.every((r) => r.total_cents === 30_000)).toBe(true);
    } finally {
      await elsewhere.close();
    }
  });
});
