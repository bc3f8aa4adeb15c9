import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { box, quoteRequest } from '../shipments/test-helpers';
import { PUBLIC_QUOTES_PER_WINDOW } from './public-quote.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A visitor at its own address: the limit counts per address. */
const visitor = (c: TestClient, address: string, body: object) =>
  c.request({ method: 'POST', url: '/api/public/quotes', payload: body, remoteAddress: address });

describe('POST /api/public/quotes (a visitor, no account)', () => {
  it('rates LTL and parcel in dollars and stores nothing', async () => {
    const guest = t.client();
    const before = await t.database.db.$count(quotes);
    const ltl = await visitor(guest, '198.51.100.1', quoteRequest(t, { insured_value: 20_000 }));
    expect(ltl.statusCode).toBe(200);
    const data = ltl.json().data;
    expect(data.rates.length).toBeGreaterThanOrEqual(8);
    expect(data.rates.every((r: { currency: string }) => r.currency === 'USD')).toBe(true);
    expect(data.inputs).toMatchObject({ mode: 'ltl', currency: 'USD', unit_system: 'imperial', insured_value: 20_000 });
    expect(data).not.toHaveProperty('id');
    // The value never stops a rate: only full cover above $10,000 is by phone.
    expect(data.insurance_options.map((o: { online: boolean }) => o.online)).toEqual([true, true, false]);
    const parcel = await visitor(guest, '198.51.100.1', quoteRequest(t, { mode: 'parcel', items: [box] }));
    expect(parcel.statusCode).toBe(200);
    expect(parcel.json().data.rates.length).toBeGreaterThan(0);
    expect(await t.database.db.$count(quotes)).toBe(before);
  });

  it('refuses a truckload and bad input with field errors, CSRF-less calls with 419', async () => {
    const guest = t.client();
    const truck = await visitor(guest, '198.51.100.2', quoteRequest(t, { mode: 'truckload', equipment_type: 'dry_van' }));
    expect(truck.statusCode).toBe(422);
    expect(truck.json().errors).toHaveProperty('mode');
    const bad = await visitor(guest, '198.51.100.2', quoteRequest(t, { items: [] }));
    expect([bad.statusCode, Object.keys(bad.json().errors)]).toEqual([422, ['items']]);
    const noCsrf = await t.client().request({ method: 'POST', url: '/api/public/quotes', payload: quoteRequest(t), csrf: false });
    expect(noCsrf.statusCode).toBe(419);
  });

  it(`answers 429 with Retry-After past ${PUBLIC_QUOTES_PER_WINDOW} quotes per address in ten minutes; other addresses go on`, async () => {
    const guest = t.client();
    const body = quoteRequest(t, { items: [] });
    for (let i = 0; i < PUBLIC_QUOTES_PER_WINDOW; i++) expect((await visitor(guest, '198.51.100.3', body)).statusCode).toBe(422);
    const refused = await visitor(guest, '198.51.100.3', body);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().code).toBe('too_many_requests');
    expect((await visitor(guest, '198.51.100.4', quoteRequest(t))).statusCode).toBe(200);
  });

  it('looks up postal codes for visitors, limited per address', async () => {
    const guest = t.client();
    const res = await guest.request({ method: 'GET', url: '/api/public/postal-codes/US/60601', remoteAddress: '198.51.100.5' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ city: 'Chicago', state: 'IL' });
    expect((await guest.get('/api/postal-codes/US/60601')).statusCode).toBe(401);
  });
});
