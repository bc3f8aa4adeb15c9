import type { BatchView } from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { bookableLine, header, rate, upload as uploadFile } from './batches-test-helpers';

/** A batch row's item by a product of the account's catalog: the product fills the item cells the row left empty. */
let t: TestApp;
let shipper: TestClient;
let other: TestClient;

const DRUM = {
  description: 'Degreaser, 55 gal drum',
  product_number: 'BATCH-DRUM-55',
  package_type: 'drums',
  freight_class: 85,
  length_in: 24,
  width_in: 24,
  height_in: 35,
  weight_lb: 450,
  hazardous: true,
};

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  for (const client of [shipper, other]) {
    const made = await client.post('/api/products', client === shipper ? DRUM : { ...DRUM, product_number: 'THEIRS-1' });
    expect(made.statusCode, made.body).toBe(201);
  }
});
afterAll(() => t.close());

/** A good row whose item is the product named, every item cell but the quantity left empty. */
const byProduct = (productNumber: string, over: Record<string, string> = {}) =>
  bookableLine(t, {
    client_ref: `BY-${productNumber}`,
    product_number: productNumber,
    package_type: '',
    length: '',
    width: '',
    height: '',
    weight: '',
    freight_class: '',
    hazardous: '',
    quantity: '2',
    ...over,
  });

describe('rows by catalog product', () => {
  it('fills the empty item cells from the product (any case), keeps the cells the row gives, and rates it', async () => {
    const made = await uploadFile(
      shipper,
      [header, byProduct('batch-drum-55'), byProduct('BATCH-DRUM-55', { client_ref: 'HEAVIER', weight: '500', hazardous: 'false' })].join(
        '\n',
      ),
    );
    const [first, second] = made.rows;
    expect(first, JSON.stringify(first?.errors)).toMatchObject({ status: 'valid', errors: [] });
    expect(first!.cells).toMatchObject({
      product_number: 'batch-drum-55',
      package_type: 'drums',
      quantity: '2',
      length: '24',
      width: '24',
      height: '35',
      weight: '450',
      freight_class: '85',
      hazardous: 'true',
    });
    // The row's own cells win over the product's.
    expect(second!.cells).toMatchObject({ weight: '500', hazardous: 'false', length: '24' });
    const rated = await rate(shipper, made.id);
    expect(rated.rows.map((r) => r.status)).toEqual(['rated', 'rated']);
  });

  it('refuses a product number not in the account’s catalog on its column (another account’s product too)', async () => {
    const made = await uploadFile(shipper, [header, byProduct('NO-SUCH-1'), byProduct('THEIRS-1')].join('\n'));
    for (const row of made.rows) {
      expect(row.status).toBe('invalid');
      expect(row.errors).toContainEqual({ field: 'product_number', message: 'No product in your catalog has this product number' });
    }
  });

  it('fills in the user’s units: centimetres and kilograms for a metric user, and in Spanish', async () => {
    expect((await shipper.put('/api/settings', { unit_system: 'metric', language: 'es' })).statusCode).toBe(200);
    try {
      const made = await uploadFile(shipper, [header, byProduct('BATCH-DRUM-55'), byProduct('NADA-1')].join('\n'));
      const [drum, unknown] = made.rows as BatchView['rows'];
      // 24 in is 61 cm, 35 in 88.9 cm, 450 lb 204.1 kg.
      expect(drum!.cells).toMatchObject({ length: '61', height: '88.9', weight: '204.1' });
      expect(unknown!.errors).toContainEqual({
        field: 'product_number',
        message: 'Ningún producto de su catálogo tiene este número de producto',
      });
    } finally {
      await shipper.put('/api/settings', { unit_system: 'imperial', language: 'en' });
    }
  });
});
