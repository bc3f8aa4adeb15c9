import { addDays, dayOfWeek, isBusinessDay, originToday } from '@freight/domain/rating';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIncidents, carriers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { CARRIER_RECHECK_MS } from './quotes.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Today at the quotes' origin in Chicago, as the rating engine judges a pickup date (not UTC's day, a day ahead every evening). */
const today = () => originToday({ country: 'US', state: 'IL' }, t.clock.now);
/** A business day at least a week ahead. */
function businessDay() {
  let d = addDays(today(), 7);
  while (!isBusinessDay(d, 'US')) d = addDays(d, 1);
  return d;
}
function nextSaturday() {
  let d = addDays(today(), 1);
  while (dayOfWeek(d) !== 6) d = addDays(d, 1);
  return d;
}

const pallet = { package_type: 'pallets', quantity: 2, length: 48, width: 48, height: 48, weight: 300, stackable: true, hazardous: false };

function ltl(overrides: Record<string, unknown> = {}) {
  return {
    mode: 'ltl',
    pickup_date: businessDay(),
    origin: { postal_code: '60606', country: 'US', site_type: 'business' },
    destination: { postal_code: '75201', country: 'US', site_type: 'business' },
    items: [pallet],
    accessorials: [],
    insured_value: 0,
    ...overrides,
  };
}

interface Rate {
  carrier_name: string;
  scac: string;
  total_cents: number;
  transit_days: number;
  estimated_delivery: string;
  charges: { code: string; label: string; detail: string | null; amount_cents: number }[];
}
interface Message {
  level: string;
  key: string;
  text: string;
}

const shipper = async () => t.client().login('shipper@demo.test');

describe('POST /api/quotes', () => {
  it('rates every LTL carrier, cheapest first, charges summing to the total, with the worked-example class', async () => {
    const c = await shipper();
    const res = await c.post('/api/quotes', ltl());
    expect(res.statusCode).toBe(201);
    const q = res.json().data;
    expect(q.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(q.items[0]).toMatchObject({ density_pcf: 4.69, freight_class: 175, cubic_ft: 128, weight_lb: 600 });
    const rates = q.rates as Rate[];
    expect(rates.length).toBeGreaterThanOrEqual(8);
    expect(rates.map((r) => r.scac)).toEqual(expect.arrayContaining(['ODFL', 'SAIA', 'EXLA', 'FXFE', 'ABFS', 'RLCA', 'SEFL', 'AVRT']));
    const totals = rates.map((r) => r.total_cents);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    for (const r of rates) {
      expect(r.charges.reduce((s, l) => s + l.amount_cents, 0)).toBe(r.total_cents);
      expect(r.transit_days).toBeGreaterThan(0);
      expect(r.estimated_delivery > q.inputs.pickup_date).toBe(true);
      // 600 lb Chicago (606) -> Dallas (752) is Demo Shipper Co's contract lane: one freight line at the contract price.
      expect(r.charges).toContainEqual(expect.objectContaining({ code: 'freight', detail: 'contract', amount_cents: 34_500 }));
    }
    expect(q.lowest_total_cents).toBe(totals[0]);
    expect(q.currency).toBe('USD');
    // Service levels differ as real carriers' do, so sorting by transit time sorts something.
    const byScac = Object.fromEntries(rates.map((r) => [r.scac, r as Rate & { service: string }]));
    expect([byScac.FXFE?.service, byScac.FXNL?.service, byScac.ODFL?.service]).toEqual(['guaranteed', 'economy', 'standard']);
    expect(byScac.FXFE!.transit_days).toBeLessThan(byScac.FXNL!.transit_days);
    expect(new Set(rates.map((r) => r.transit_days)).size).toBeGreaterThan(1);
  });

  it('converts to the asked currency', async () => {
    const c = await shipper();
    const usd = (await c.post('/api/quotes', ltl())).json().data;
    const cad = (await c.post('/api/quotes', ltl({ currency: 'CAD' }))).json().data;
    expect(cad.currency).toBe('CAD');
    expect(cad.rates[0].currency).toBe('CAD');
    expect(cad.rates[0].total_cents).toBeGreaterThan(usd.rates[0].total_cents * 1.3);
    for (const r of cad.rates as Rate[]) expect(r.charges.reduce((s, l) => s + l.amount_cents, 0)).toBe(r.total_cents);
  });

  it('offers cover of exactly the declared value in the quote currency', async () => {
    const c = await shipper();
    const mxn = (await c.post('/api/quotes', ltl({ currency: 'MXN', insured_value: 40_000 }))).json().data;
    const covers = (mxn.insurance_options as { kind: string; coverage_cents: number }[]).map((o) => o.coverage_cents);
    expect(covers).toContain(4_000_000);
  });

  it('rates parcels with UPS, FedEx and USPS; an oversize parcel gets the LTL message and no rates', async () => {
    const c = await shipper();
    const box = { package_type: 'boxes', quantity: 1, length: 12, width: 10, height: 8, weight: 10, stackable: true, hazardous: false };
    const res = await c.post('/api/quotes', ltl({ mode: 'parcel', items: [box] }));
    expect(res.statusCode).toBe(201);
    expect((res.json().data.rates as Rate[]).map((r) => r.scac).sort()).toEqual(['FDEG', 'UPSN', 'USPS']);

    const big = { ...box, length: 60, width: 40, height: 40, weight: 60 };
    const over = (await c.post('/api/quotes', ltl({ mode: 'parcel', items: [big] }))).json().data;
    expect(over.rates).toEqual([]);
    expect((over.messages as Message[]).map((m) => m.text)).toContain('Cargo exceeds max dimensions! Use the LTL option');
  });

  it('rates a truckload with three carriers', async () => {
    const c = await shipper();
    const items = [{ ...pallet, quantity: 20, weight: 1000 }];
    const res = await c.post('/api/quotes', ltl({ mode: 'truckload', equipment_type: 'dry_van', items }));
    expect(res.statusCode).toBe(201);
    const rates = res.json().data.rates as Rate[];
    expect(rates).toHaveLength(3);
    for (const r of rates) expect(r.charges.reduce((s, l) => s + l.amount_cents, 0)).toBe(r.total_cents);
  });

  it('gives no rate for a weekend, today or a past pickup', async () => {
    const c = await shipper();
    for (const [date, key] of [
      [nextSaturday(), 'quote.no_rate.pickup_weekend'],
      [today(), 'quote.no_rate.pickup_today'],
      [addDays(today(), -3), 'quote.no_rate.pickup_past'],
    ] as const) {
      const q = (await c.post('/api/quotes', ltl({ pickup_date: date }))).json().data;
      expect(q.rates).toEqual([]);
      expect((q.messages as Message[]).find((m) => m.key === key)).toMatchObject({ level: 'no_rate' });
    }
  });

  it('gives no rate for a holiday pickup (Christmas Day)', async () => {
    const c = await shipper();
    let year = Number(today().slice(0, 4));
    if (`${year}-12-25` <= today()) year += 1;
    const q = (await c.post('/api/quotes', ltl({ pickup_date: `${year}-12-25` }))).json().data;
    expect(q.rates).toEqual([]);
    expect((q.messages as Message[]).map((m) => m.key)).toContain('quote.no_rate.pickup_holiday');
  });

  it('gives no rate for 7 pallets and above $10,000 insured', async () => {
    const c = await shipper();
    const seven = (await c.post('/api/quotes', ltl({ items: [{ ...pallet, quantity: 7 }] }))).json().data;
    expect(seven.rates).toEqual([]);
    expect((seven.messages as Message[]).map((m) => m.key)).toContain('quote.no_rate.volume_pallets');
    // 13 or more: the spec's other pallet limit, in its own words.
    const thirteen = (await c.post('/api/quotes', ltl({ items: [{ ...pallet, quantity: 13 }] }))).json().data;
    expect(thirteen.rates).toEqual([]);
    expect(thirteen.messages).toContainEqual(
      expect.objectContaining({
        key: 'quote.no_rate.truckload_pallets',
        text: expect.stringContaining('13 or more pallets are a full truckload'),
      }),
    );

    // A $15,000 shipment is rated; only full cover above $10,000 is by phone, and it says so.
    const valuable = (await c.post('/api/quotes', ltl({ insured_value: 15_000 }))).json().data;
    expect(valuable.rates.length).toBeGreaterThan(0);
    expect(valuable.messages).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        key: 'quote.warning.insured_value_call',
        text: expect.stringContaining('above $10,000'),
      }),
    );
  });

  it('translates messages into the user language', async () => {
    const c = await shipper();
    await c.put('/api/settings', { language: 'es' });
    const q = (await c.post('/api/quotes', ltl({ pickup_date: nextSaturday() }))).json().data;
    expect((q.messages as Message[]).find((m) => m.key === 'quote.no_rate.pickup_weekend')?.text).toBe(
      'La fecha de recolección cae en fin de semana. Por favor elija un día hábil.',
    );
    await c.put('/api/settings', { language: 'en' });
  });

  it('records an incident for a failing carrier and still returns the other rates', async () => {
    const c = await shipper();
    // Rating reads the published tariff version in force; publishing touches the carrier row.
    const saiaId = sql`(select id from carriers where scac = 'SAIA')`;
    await t.database.db.execute(sql`update carrier_tariff_versions set tariff = '{}'::jsonb where carrier_id = ${saiaId}`);
    await t.database.db.update(carriers).set({ updatedAt: new Date() }).where(eq(carriers.scac, 'SAIA'));
    // A tariff edit takes effect once the process asks for the carriers' version again.
    t.clock.advanceMinutes((CARRIER_RECHECK_MS + 1) / 60_000);
    try {
      const res = await c.post('/api/quotes', ltl());
      expect(res.statusCode).toBe(201);
      const q = res.json().data;
      expect((q.rates as Rate[]).map((r) => r.scac)).not.toContain('SAIA');
      expect(q.rates.length).toBe(8); // every LTL carrier but SAIA
      expect((q.messages as Message[]).find((m) => m.key === 'quote.warning.carrier_unavailable')?.text).toContain('Saia');
      const [saia] = await t.database.db.select().from(carriers).where(eq(carriers.scac, 'SAIA'));
      const incidents = await t.database.db.select().from(apiIncidents).where(eq(apiIncidents.carrierId, saia!.id));
      expect(incidents).toHaveLength(1);
      expect(incidents[0]).toMatchObject({ operation: 'rate', error: expect.stringContaining('TypeError') });
      expect(incidents[0]!.request).toMatchObject({ mode: 'ltl', origin: { postal_code: '60606' } });
    } finally {
      await t.database.db.execute(
        sql`update carrier_tariff_versions set tariff = (select tariff from carriers where scac = 'SAIA') where carrier_id = (select id from carriers where scac = 'SAIA')`,
      );
      await t.database.db.update(carriers).set({ updatedAt: new Date() }).where(eq(carriers.scac, 'SAIA'));
      t.clock.advanceMinutes((CARRIER_RECHECK_MS + 1) / 60_000);
    }
  });

  it('answers 422 in the spec words for a missing package type, a missing height and unknown postal codes', async () => {
    const c = await shipper();
    const { package_type: _p, height: _h, ...bare } = pallet;
    const res = await c.post('/api/quotes', ltl({ items: [bare] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['items.0.package_type']).toEqual(['Package type is required']);
    expect(res.json().errors['items.0.height']).toEqual(['Height is required']);

    const unknown = await c.post(
      '/api/quotes',
      ltl({ origin: { postal_code: '00000', country: 'US', site_type: 'business' }, destination: { postal_code: '99999', country: 'US' } }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      'origin.postal_code': ['We could not find this ZIP or postal code'],
      'destination.postal_code': ['We could not find this ZIP or postal code'],
    });

    const truck = await c.post('/api/quotes', ltl({ mode: 'truckload' }));
    expect(truck.statusCode).toBe(422);
    expect(truck.json().errors.equipment_type).toEqual(['Field is required']);
  });
});

describe('parcel signature options', () => {
  const box = { package_type: 'boxes', quantity: 2, length: 12, width: 10, height: 8, weight: 10, stackable: true, hazardous: false };

  it('prices an adult signature on every rate (per package) and warns that the recipient must be 21 or older', async () => {
    const c = await shipper();
    const plain = (await c.post('/api/quotes', ltl({ mode: 'parcel', items: [box] }))).json().data;
    expect(plain.inputs.signature).toBe('none');
    const res = await c.post('/api/quotes', ltl({ mode: 'parcel', items: [box], signature: 'adult_signature' }));
    expect(res.statusCode).toBe(201);
    const q = res.json().data;
    expect(q.inputs.signature).toBe('adult_signature');
    const rates = q.rates as Rate[];
    expect(rates.map((r) => r.scac).sort()).toEqual(['FDEG', 'UPSN', 'USPS']);
    // The demo tariffs' adult signature (domain PARCEL_TARIFFS) for each of the two boxes: the cost,
    // which the default program's parcel rule sells at 12% more (a cent either way from the spread).
    const perPackage: Record<string, number> = { UPSN: 835, FDEG: 830, USPS: 1055 };
    for (const r of rates) {
      const line = r.charges.find((l) => l.detail === 'adult_signature');
      expect(line, r.scac).toMatchObject({ code: 'accessorial', label: 'Accessorial', detail: 'adult_signature' });
      expect(Math.abs(line!.amount_cents - Math.round(2 * perPackage[r.scac]! * 1.12)), r.scac).toBeLessThanOrEqual(1);
      expect(r.charges.reduce((s, l) => s + l.amount_cents, 0)).toBe(r.total_cents);
      const before = (plain.rates as Rate[]).find((p) => p.scac === r.scac)!;
      expect(Math.abs(r.total_cents - before.total_cents - line!.amount_cents)).toBeLessThanOrEqual(1);
    }
    expect(q.messages as Message[]).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        key: 'quote.warning.adult_signature_age',
        text: 'Adult signature: the recipient must be 21 or older, with photo ID.',
      }),
    );
  });

  it('prices a plain signature without the warning, ignores signatures for LTL and refuses an unknown option', async () => {
    const c = await shipper();
    const q = (await c.post('/api/quotes', ltl({ mode: 'parcel', items: [box], signature: 'signature' }))).json().data;
    for (const r of q.rates as Rate[]) {
      expect(r.charges.filter((l) => l.detail === 'signature')).toHaveLength(1);
    }
    expect((q.messages as Message[]).map((m) => m.key)).not.toContain('quote.warning.adult_signature_age');

    const freight = (await c.post('/api/quotes', ltl({ signature: 'adult_signature' }))).json().data;
    expect(freight.rates.length).toBeGreaterThan(0);
    for (const r of freight.rates as Rate[]) {
      expect(r.charges.some((l) => l.detail === 'adult_signature')).toBe(false);
    }
    expect((freight.messages as Message[]).map((m) => m.key)).not.toContain('quote.warning.adult_signature_age');

    const bad = await c.post('/api/quotes', ltl({ mode: 'parcel', items: [box], signature: 'notarised' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ signature: ['Choose one of the listed options'] });
  });
});

describe('quotes of an account', () => {
  it('lists, saves, filters, reruns and keeps quotes to their account', async () => {
    const c = await shipper();
    const first = (await c.post('/api/quotes', ltl({ client_ref: 'PO-1' }))).json().data;
    const second = (await c.post('/api/quotes', ltl({ client_ref: 'PO-2' }))).json().data;

    const got = await c.get(`/api/quotes/${first.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toMatchObject({ id: first.id, client_ref: 'PO-1', saved: false, rates: first.rates });

    const saved = await c.post(`/api/quotes/${second.id}/save`);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.saved).toBe(true);

    const list = (await c.get('/api/quotes?per_page=100')).json();
    expect(list.meta).toMatchObject({ current_page: 1, per_page: 100 });
    expect(list.data.map((q: { id: string }) => q.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    const onlySaved = (await c.get('/api/quotes?saved=1')).json();
    expect(onlySaved.data.map((q: { id: string }) => q.id)).toEqual([second.id]);
    expect(onlySaved.meta.total).toBe(1);
    // A line says where (city, state and postal code) and what (pieces, weight, class).
    expect(onlySaved.data[0]).toMatchObject({
      origin: { postal_code: '60606', city: 'Chicago', state: 'IL' },
      destination: { postal_code: '75201', city: 'Dallas', state: 'TX' },
      load: { pieces: 2, weight_lb: 600, classes: [second.items[0].freight_class] },
    });

    const rerun = await c.post(`/api/quotes/${first.id}/rerun`);
    expect(rerun.statusCode).toBe(201);
    expect(rerun.json().data.id).not.toBe(first.id);
    expect(rerun.json().data.inputs).toEqual(first.inputs);

    const other = await t.client().login('other@demo.test');
    expect((await other.get(`/api/quotes/${first.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/quotes/${first.id}/save`)).statusCode).toBe(404);
    expect((await other.post(`/api/quotes/${first.id}/rerun`)).statusCode).toBe(404);
    expect((await other.request({ method: 'DELETE', url: `/api/quotes/${second.id}/save` })).statusCode).toBe(404);
    expect((await other.get('/api/quotes')).json()).toMatchObject({ data: [], meta: { total: 0 } });
    // Unsaved: out of Saved Quotes, still in the history.
    const unsaved = await c.request({ method: 'DELETE', url: `/api/quotes/${second.id}/save` });
    expect(unsaved.json().data.saved).toBe(false);
    expect((await c.get('/api/quotes?saved=1')).json().data).toEqual([]);
    expect((await c.get('/api/quotes?per_page=100')).json().data.map((q: { id: string }) => q.id)).toContain(second.id);
    expect((await c.get('/api/quotes/not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses staff (403) and anonymous callers (401)', async () => {
    const staff = await t.client().login('admin@demo.test');
    expect((await staff.post('/api/quotes', ltl())).statusCode).toBe(403);
    expect((await staff.get('/api/quotes')).statusCode).toBe(403);
    expect((await t.client().get('/api/quotes')).statusCode).toBe(401);
  });
});

describe('GET /api/quotes filters', () => {
  it('filters by mode and by text (client reference anywhere, postal codes by prefix) with the total counting the filtered quotes', async () => {
    const c = await t.client().login('other@demo.test');
    const box = { package_type: 'boxes', quantity: 1, length: 12, width: 10, height: 8, weight: 10, stackable: true, hazardous: false };
    // The test clock stands still: a minute between quotes keeps 'newest first' well defined.
    const a = (await c.post('/api/quotes', ltl({ client_ref: 'ACME-Order-100' }))).json().data;
    t.clock.advanceMinutes(1);
    const b = (await c.post('/api/quotes', ltl({ mode: 'parcel', items: [box], client_ref: 'Widgets 50%_off' }))).json().data;
    const toronto = { postal_code: 'm5v 3l9', country: 'CA', site_type: 'business' };
    const montreal = { postal_code: 'H3Z 2Y7', country: 'CA', site_type: 'business' };
    t.clock.advanceMinutes(1);
    const d = (await c.post('/api/quotes', ltl({ origin: montreal, destination: toronto }))).json().data;
    await c.post(`/api/quotes/${b.id}/save`);
    const ids = async (query: string) => {
      const res = await c.get(`/api/quotes?per_page=2&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return { ids: (body.data as { id: string }[]).map((q) => q.id), total: body.meta.total as number, lastPage: body.meta.last_page };
    };

    expect(await ids('mode=ltl')).toEqual({ ids: [d.id, a.id], total: 2, lastPage: 1 });
    expect(await ids('mode=parcel')).toEqual({ ids: [b.id], total: 1, lastPage: 1 });
    expect(await ids('mode=truckload')).toEqual({ ids: [], total: 0, lastPage: 1 });
    // Client reference: anywhere, any case; LIKE wildcards are plain characters.
    expect(await ids('q=order-1')).toEqual({ ids: [a.id], total: 1, lastPage: 1 });
    expect(await ids(`q=${encodeURIComponent('50%_')}`)).toEqual({ ids: [b.id], total: 1, lastPage: 1 });
    expect((await ids('q=%25')).ids).toEqual([b.id]);
    expect((await ids('q=_')).ids).toEqual([b.id]);
    expect((await ids('q=\\')).ids).toEqual([]);
    // Postal codes: a prefix of the origin or the destination, any case, spaces ignored.
    expect(await ids('q=606')).toEqual({ ids: [b.id, a.id], total: 2, lastPage: 1 });
    expect((await ids('q=752')).ids).toEqual([b.id, a.id]);
    expect((await ids('q=0606')).ids).toEqual([]);
    expect((await ids('q=M5V3')).ids).toEqual([d.id]);
    expect((await ids('q=h3z%202')).ids).toEqual([d.id]);
    expect((await ids(`q=${encodeURIComponent('  h3z ')}`)).ids).toEqual([d.id]);
    // Combined with the mode, saved and paging.
    expect(await ids('q=606&mode=ltl')).toEqual({ ids: [a.id], total: 1, lastPage: 1 });
    expect(await ids('q=606&saved=1')).toEqual({ ids: [b.id], total: 1, lastPage: 1 });
    expect(await ids('q=&mode=ltl&page=2')).toEqual({ ids: [], total: 2, lastPage: 1 });
    // Only the caller's account.
    const mine = (await (await shipper()).get('/api/quotes?q=ACME-Order-100')).json();
    expect(mine).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('answers 422 for an unknown mode and a text over 64 characters', async () => {
    const c = await shipper();
    const mode = await c.get('/api/quotes?mode=air');
    expect(mode.statusCode).toBe(422);
    expect(mode.json().errors).toEqual({ mode: ['Choose one of the listed options'] });
    const long = await c.get(`/api/quotes?q=${'x'.repeat(65)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ q: ['This value is too long'] });
    await c.put('/api/settings', { language: 'es' });
    expect((await c.get('/api/quotes?mode=air')).json().errors.mode).toEqual(['Elija una de las opciones de la lista']);
    await c.put('/api/settings', { language: 'en' });
    expect((await t.client().get('/api/quotes?mode=air')).statusCode).toBe(401);
    expect((await (await t.client().login('admin@demo.test')).get('/api/quotes?mode=ltl')).statusCode).toBe(403);
  });
});
