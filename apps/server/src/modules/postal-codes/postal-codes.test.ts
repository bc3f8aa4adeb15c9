import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { normalizePostalCode } from './postal-codes.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const shipper = () => t.client().login('shipper@demo.test');

describe('GET /api/postal-codes/:country/:postal_code', () => {
  it('answers the city and state of a US ZIP (a ZIP+4 gives its five digits)', async () => {
    const c = await shipper();
    const res = await c.get('/api/postal-codes/US/60606');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { postal_code: '60606', country: 'US', city: 'Chicago', state: 'IL' } });
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const plus4 = await c.get('/api/postal-codes/US/60606-1234');
    expect(plus4.json().data).toEqual({ postal_code: '60606', country: 'US', city: 'Chicago', state: 'IL' });
  });

  it('normalises a Canadian code to upper case A1A 1A1, keeps an FSA as given, and names the city alone', async () => {
    const c = await shipper();
    expect((await c.get('/api/postal-codes/CA/h3z%202y7')).json()).toEqual({
      data: { postal_code: 'H3Z 2Y7', country: 'CA', city: 'Westmount', state: 'QC' },
    });
    expect((await c.get('/api/postal-codes/CA/m5v3l9')).json().data).toEqual({
      postal_code: 'M5V 3L9',
      country: 'CA',
      city: 'Toronto',
      state: 'ON',
    });
    expect((await c.get('/api/postal-codes/CA/m5v')).json().data).toMatchObject({ postal_code: 'M5V', city: 'Toronto', state: 'ON' });
    expect((await c.get('/api/postal-codes/CA/H2X1Y4')).json().data).toMatchObject({ city: 'Montréal', state: 'QC' });
    // A rural FSA covers many towns: no city, the shipper types it.
    expect((await c.get('/api/postal-codes/CA/A0A1A0')).json().data).toMatchObject({ city: '', state: 'NL' });
  });

  it('answers a Mexican CP with its city and municipality where known, else no city', async () => {
    const c = await shipper();
    expect((await c.get('/api/postal-codes/MX/06700')).json()).toEqual({
      data: { postal_code: '06700', country: 'MX', city: 'Ciudad de México', municipality: 'Cuauhtémoc', state: 'CMX' },
    });
    expect((await c.get('/api/postal-codes/MX/64000')).json()).toEqual({
      data: { postal_code: '64000', country: 'MX', city: 'Monterrey', municipality: 'Monterrey', state: 'NLE' },
    });
    expect((await c.get('/api/postal-codes/MX/66220')).json()).toEqual({
      data: { postal_code: '66220', country: 'MX', city: '', state: 'NLE' },
    });
    // The country is read in any case.
    expect((await c.get('/api/postal-codes/us/75201')).json().data).toMatchObject({ country: 'US', city: 'Dallas', state: 'TX' });
  });

  it('answers 404 with the quote form message for an unknown code, in the user language', async () => {
    const c = await shipper();
    for (const path of ['US/00000', 'US/606', 'CA/W1A%200B1', 'MX/00000', 'MX/6400']) {
      const res = await c.get(`/api/postal-codes/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ message: 'We could not find this ZIP or postal code', code: 'not_found' });
    }
    await c.put('/api/settings', { language: 'es' });
    const es = await c.get('/api/postal-codes/US/00000');
    expect(es.json().message).toBe('No pudimos encontrar este código postal');
    await c.put('/api/settings', { language: 'en' });
  });

  it('answers 422 for a country other than US, CA or MX and for an over-long code', async () => {
    const c = await shipper();
    const res = await c.get('/api/postal-codes/GB/SW1A1AA');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ country: ['Choose one of the listed options'] });
    const long = await c.get(`/api/postal-codes/US/${'1'.repeat(17)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ postal_code: ['This value is too long'] });
  });

  it('is open to staff, refuses anonymous callers (401) and unverified users (403)', async () => {
    const staff = await t.client().login('admin@demo.test');
    expect((await staff.get('/api/postal-codes/US/60606')).statusCode).toBe(200);
    expect((await t.client().get('/api/postal-codes/US/60606')).statusCode).toBe(401);
    expect((await t.client().get('/api/postal-codes/GB/x')).statusCode).toBe(401);

    const other = await t.client().login('other@demo.test');
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.email, 'other@demo.test'));
    try {
      const res = await other.get('/api/postal-codes/US/60606');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('email_unverified');
    } finally {
      await t.database.db.update(users).set({ emailVerifiedAt: t.clock.now }).where(eq(users.email, 'other@demo.test'));
    }
  });
});

describe('normalizePostalCode', () => {
  it('writes each country the way its post office does', () => {
    expect(normalizePostalCode(' 60606-1234 ', 'US')).toBe('60606');
    expect(normalizePostalCode('606061234', 'US')).toBe('60606');
    expect(normalizePostalCode('k1a-0b1', 'CA')).toBe('K1A 0B1');
    expect(normalizePostalCode('k1a', 'CA')).toBe('K1A');
    expect(normalizePostalCode(' 01000 ', 'MX')).toBe('01000');
  });
});
