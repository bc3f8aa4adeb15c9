import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { teamMember } from '../../test/team';

let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let ops: TestClient;
let viewer: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  ops = await t.client().login('ops@demo.test');
  await teamMember(t, 'Demo Shipper Co', 'viewer@hs-suggestions.test', 'viewer');
  viewer = await t.client().login('viewer@hs-suggestions.test');
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/customs/hs-suggestions';
const product = (description: string, hs_code: string) => ({
  description,
  hs_code,
  package_type: 'pallets',
  length_in: 48,
  width_in: 40,
  height_in: 48,
  weight_lb: 500,
});

describe('HS codes suggested from the catalogs', () => {
  it("keeps a product's HS code in its printed or compact form, and refuses another form under its field", async () => {
    const created = await shipper.post('/api/products', product('Server racks, 42U', '9403.20'));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.hs_code).toBe('940320');
    const bad = await shipper.post('/api/products', product('Odd goods', '94.03'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ hs_code: ['Enter the HS code with 6, 8 or 10 digits'] });
  });

  it("answers each description with the account's own product first, then the part catalog, else null", async () => {
    // A product with its SAT key gives it for the Carta Porte of a Mexican lane.
    await shipper.post('/api/products', { ...product('Hydraulic pumps', '8413.60.9190'), sat: '40151500' });
    const res = await shipper.post(URL, {
      descriptions: ['  SERVER RACKS, 42u ', 'Hydraulic pumps', 'Bombas hidráulicas', 'Tires, pneumatic, rubber, new', 'Mystery box', ''],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { hs_code: '940320', source: 'product' },
      // The account's own word for its pumps wins over the part catalog's.
      { hs_code: '8413609190', source: 'product', sat_key: '40151500' },
      // The part catalog knows its commodities in English and Spanish.
      { hs_code: '841360', source: 'part' },
      { hs_code: '401110', source: 'part' },
      null,
      null,
    ]);
  });

  it("never answers another account's products, and only to those who book", async () => {
    const res = await other.post(URL, { descriptions: ['Server racks, 42U'] });
    expect(res.json().data).toEqual([null]);
    expect((await viewer.post(URL, { descriptions: ['Server racks, 42U'] })).statusCode).toBe(403);
    expect((await ops.post(URL, { descriptions: ['Server racks, 42U'] })).statusCode).toBe(403);
    const tooMany = await shipper.post(URL, { descriptions: Array.from({ length: 51 }, () => 'x') });
    expect(tooMany.statusCode).toBe(422);
  });

  it('keeps a part HS code staff set, which the suggestions then give', async () => {
    const created = await ops.post('/api/admin/part-catalog', {
      description_en: 'Garden hoses, rubber',
      description_es: 'Mangueras de jardín, de hule',
      nmfc_item: '12345',
      freight_class: 85,
      hs_code: '4009.31',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.hs_code).toBe('400931');
    expect((await shipper.post(URL, { descriptions: ['mangueras de jardín, de hule'] })).json().data).toEqual([
      { hs_code: '400931', source: 'part' },
    ]);
  });
});
