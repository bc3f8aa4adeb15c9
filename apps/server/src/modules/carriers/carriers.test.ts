import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { businessDay } from '../shipments/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Carrier {
  id: string;
  name: string;
  scac: string;
  mode: string;
  hidden: boolean;
  preferred: boolean;
}
interface Rate {
  carrier_name: string;
  scac: string;
  total_cents: number;
}

const ltl = (mode = 'ltl', items?: object[]) => ({
  mode,
  pickup_date: businessDay(t),
  origin: { postal_code: '60606', country: 'US', site_type: 'business' },
  destination: { postal_code: '75201', country: 'US', site_type: 'business' },
  // 1,200 lb: above Demo Shipper Co's contract lane (1,000 lb), so each carrier's price follows its tariff.
  items: items ?? [
    { package_type: 'pallets', quantity: 4, length: 48, width: 48, height: 48, weight: 300, stackable: true, hazardous: false },
  ],
  accessorials: [],
  insured_value: 0,
});

const list = async (c: TestClient) => (await c.get('/api/carriers')).json().data as Carrier[];
const byScac = (carriers: Carrier[], scac: string, mode = 'ltl') => carriers.find((c) => c.scac === scac && c.mode === mode)!;
const quoteRates = async (c: TestClient, body = ltl()) => {
  const res = await c.post('/api/quotes', body);
  expect(res.statusCode).toBe(201);
  return res.json().data as { rates: Rate[]; lowest_total_cents: number | null; messages: { key: string }[] };
};

describe('carrier visibility', () => {
  it('lists the active carriers of every mode, none hidden or preferred at first', async () => {
    const c = await t.client().login('shipper@demo.test');
    const res = await c.get('/api/carriers');
    expect(res.statusCode).toBe(200);
    const carriers = res.json().data as Carrier[];
    expect(new Set(carriers.map((x) => x.mode))).toEqual(new Set(['ltl', 'parcel', 'truckload']));
    expect(carriers.filter((x) => x.mode === 'ltl').length).toBeGreaterThanOrEqual(8);
    for (const x of carriers) {
      expect(Object.keys(x).sort()).toEqual(['hidden', 'id', 'mode', 'name', 'preferred', 'scac']);
      expect(x).toMatchObject({ hidden: false, preferred: false });
    }
  });

  it('replaces the choices, keeps them, hides a carrier from new quotes and lists a preferred one first', async () => {
    const c = await t.client().login('shipper@demo.test');
    const before = await quoteRates(c);
    const carriers = await list(c);
    const cheapest = before.rates[0]!;
    const priciest = before.rates[before.rates.length - 1]!;
    const hide = byScac(carriers, cheapest.scac);
    const prefer = byScac(carriers, priciest.scac);

    const res = await c.put('/api/carriers/preferences', { hidden: [hide.id], preferred: [prefer.id] });
    expect(res.statusCode).toBe(200);
    const after = res.json().data as Carrier[];
    expect(after).toHaveLength(carriers.length);
    expect(after.find((x) => x.id === hide.id)).toMatchObject({ hidden: true, preferred: false });
    expect(after.find((x) => x.id === prefer.id)).toMatchObject({ hidden: false, preferred: true });
    expect(after.filter((x) => x.hidden || x.preferred)).toHaveLength(2);
    expect(await list(await t.client().login('shipper@demo.test'))).toEqual(after);

    const q = await quoteRates(c);
    expect(q.rates.map((r) => r.scac)).not.toContain(hide.scac);
    expect(q.rates).toHaveLength(before.rates.length - 1);
    expect(q.rates[0]!.scac).toBe(prefer.scac);
    const rest = q.rates.slice(1).map((r) => r.total_cents);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
    expect(q.rates[0]!.total_cents).toBeGreaterThan(rest[0]!);
    expect(q.lowest_total_cents).toBe(Math.min(...q.rates.map((r) => r.total_cents)));

    // Another user of the same account is not affected.
    const other = await t.client().login('other@demo.test');
    expect((await list(other)).every((x) => !x.hidden && !x.preferred)).toBe(true);
    const theirs = await quoteRates(other);
    expect(theirs.rates.map((r) => r.scac)).toContain(hide.scac);
    expect(theirs.rates[0]!.scac).toBe(cheapest.scac);

    // An empty choice restores everything.
    const cleared = (await c.put('/api/carriers/preferences', { hidden: [], preferred: [] })).json().data as Carrier[];
    expect(cleared.every((x) => !x.hidden && !x.preferred)).toBe(true);
    expect((await quoteRates(c)).rates.map((r) => r.scac)).toEqual(before.rates.map((r) => r.scac));
  });

  it('applies a change made through another server process to the next quote', async () => {
    const here = await t.client().login('shipper@demo.test');
    const elsewhere = await t.sibling();
    try {
      const there = await elsewhere.client().login('shipper@demo.test');
      const before = await quoteRates(here);
      const hide = byScac(await list(here), before.rates[0]!.scac);

      expect((await there.put('/api/carriers/preferences', { hidden: [hide.id], preferred: [] })).statusCode).toBe(200);
      expect((await quoteRates(here)).rates.map((r) => r.scac)).not.toContain(hide.scac);

      expect((await there.put('/api/carriers/preferences', { hidden: [], preferred: [] })).statusCode).toBe(200);
      expect((await quoteRates(here)).rates.map((r) => r.scac)).toEqual(before.rates.map((r) => r.scac));
    } finally {
      await elsewhere.close();
    }
  });

  it('answers the no-carriers message when every carrier of the mode is hidden', async () => {
    const c = await t.client().login('shipper@demo.test');
    const carriers = await list(c);
    const truckload = carriers.filter((x) => x.mode === 'truckload').map((x) => x.id);
    expect((await c.put('/api/carriers/preferences', { hidden: truckload, preferred: [] })).statusCode).toBe(200);
    const pallet = {
      package_type: 'pallets',
      quantity: 20,
      length: 48,
      width: 48,
      height: 48,
      weight: 1000,
      stackable: true,
      hazardous: false,
    };
    const q = await quoteRates(c, { ...ltl('truckload', [pallet]), equipment_type: 'dry_van' } as ReturnType<typeof ltl>);
    expect(q.rates).toEqual([]);
    expect(q.lowest_total_cents).toBeNull();
    expect(q.messages.map((m) => m.key)).toContain('quote.no_rate.no_carriers');
    // Other modes still rate.
    expect((await quoteRates(c)).rates.length).toBeGreaterThan(0);
    await c.put('/api/carriers/preferences', { hidden: [], preferred: [] });
  });

  it('refuses a carrier both hidden and preferred, and unknown ids, with 422 and stores nothing', async () => {
    const c = await t.client().login('shipper@demo.test');
    const [a, b] = await list(c);
    await c.put('/api/carriers/preferences', { hidden: [a!.id], preferred: [] });

    const both = await c.put('/api/carriers/preferences', { hidden: [b!.id], preferred: [b!.id] });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({ preferred: ['A carrier cannot be both hidden and preferred'] });

    const unknown = await c.put('/api/carriers/preferences', { hidden: ['00000000-0000-4000-8000-000000000000'], preferred: [b!.id] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ hidden: ['Choose carriers from the list'] });

    const malformed = await c.put('/api/carriers/preferences', { hidden: ['nope'], preferred: [] });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ 'hidden.0': ['Choose carriers from the list'] });
    expect((await c.put('/api/carriers/preferences', { hidden: [] })).statusCode).toBe(422);

    // In the user's language.
    await c.put('/api/settings', { language: 'es' });
    const es = await c.put('/api/carriers/preferences', { hidden: [b!.id], preferred: [b!.id] });
    expect(es.json().errors).toEqual({ preferred: ['Un transportista no puede estar oculto y ser preferido a la vez'] });
    await c.put('/api/settings', { language: 'en' });

    const kept = await list(c);
    expect(kept.filter((x) => x.hidden).map((x) => x.id)).toEqual([a!.id]);
    expect(kept.some((x) => x.preferred)).toBe(false);
    await c.put('/api/carriers/preferences', { hidden: [], preferred: [] });
  });

  it('refuses staff (403) and anonymous callers (401), whatever the body', async () => {
    const staff = await t.client().login('admin@demo.test');
    expect((await staff.get('/api/carriers')).statusCode).toBe(403);
    expect((await staff.put('/api/carriers/preferences', { hidden: [], preferred: [] })).statusCode).toBe(403);
    expect((await t.client().get('/api/carriers')).statusCode).toBe(401);
    expect((await t.client().put('/api/carriers/preferences', { hidden: 'x' })).statusCode).toBe(401);
  });
});
