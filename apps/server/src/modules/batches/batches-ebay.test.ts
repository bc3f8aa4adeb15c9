import type { BatchView } from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { connectEbayStore, EBAY_TEST_APP_KEY, startTestEbaySimulator } from '../ebay/ebay.test-support';
import { bookBatch, rate } from './batches-test-helpers';

/**
 * A batch of the seller's eBay orders, one row each, against the eBay simulator over HTTP: rows
 * filled from each order (the catalog's items by SKU, the company address, the buyer's address),
 * an order the batch cannot hold refused with why, rated and booked as any batch, and each booked
 * order shipped with its tracking written back to eBay.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startTestEbaySimulator>>;
let shipper: TestClient;
let other: TestClient;

type Order = { id: string; ebay_order_id: string; status: string; items: { sku: string }[]; ship_to: { city: string; phone: string } };
const orders = async (query = '') => (await shipper.get(`/api/ebay/orders?per_page=100${query}`)).json().data as Order[];
/** The newest order to ship of `sku` alone. */
const onlyOf = async (sku: string) => {
  const found = (await orders(`&q=${sku}`)).find((o) => o.items.length === 1 && o.items[0]!.sku === sku);
  if (!found) throw new Error(`no order of ${sku} alone`);
  return found;
};

beforeAll(async () => {
  sim = await startTestEbaySimulator(() => t?.clock.now ?? new Date());
  t = await createTestApp({ APP_KEY: EBAY_TEST_APP_KEY, EBAY_ENV: 'simulator', EBAY_SIMULATOR_URL: sim.url });
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  other = await t.client().login('other@demo.test', undefined, true);
  expect((await connectEbayStore(sim.url, shipper, 'batch-seller')).statusCode).toBe(302);
  await t.app.jobs.runDue(50);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('a batch of eBay orders', () => {
  let gaskets: Order;
  let rolls: Order;
  let mixed: Order;
  let batch: BatchView;

  it('makes one row per order, filled from the order; an order with an item not in the catalog is refused with why', async () => {
    gaskets = await onlyOf('GK-12');
    rolls = await onlyOf('KP-36');
    [mixed] = (await orders('&q=MISC-9')) as [Order];
    const made = await shipper.post('/api/batches/ebay', { order_ids: [gaskets.id, rolls.id, mixed.id, gaskets.id], rule: 'cheapest' });
    expect(made.statusCode, made.body).toBe(201);
    batch = made.json().data;
    expect(batch).toMatchObject({ source: 'ebay', rule: 'cheapest', rows_total: 3, rows_valid: 2, file_name: null });
    const [first, second, third] = batch.rows;
    expect(first).toMatchObject({ line: 2, status: 'valid', ebay_order_id: gaskets.id });
    expect(first!.cells).toMatchObject({
      client_ref: gaskets.ebay_order_id,
      mode: 'parcel',
      package_type: 'envelopes',
      destination_site_type: 'residential',
      destination_city: gaskets.ship_to.city,
      destination_contact_phone: gaskets.ship_to.phone,
      // The demo company's address ships them.
      origin_postal_code: expect.stringMatching(/^\d{5}$/),
      origin_street: expect.any(String),
    });
    expect(second).toMatchObject({ line: 3, status: 'valid', ebay_order_id: rolls.id, cells: { package_type: 'rolls', weight: '95' } });
    expect(third).toMatchObject({ line: 4, status: 'invalid', ebay_order_id: mixed.id });
    expect(third!.errors[0]!.message).toContain('MISC-9');
    expect(third!.errors[0]!.message).toMatch(/^Items of this order are not in your product catalog by SKU/);
  });

  it('is rated and booked as any batch: each booked order ships, and its tracking goes back to eBay', async () => {
    const rated = await rate(shipper, batch.id);
    expect(rated.rows.map((r) => r.status)).toEqual(['rated', 'rated', 'invalid']);
    // Rating links each order to its row's quote.
    expect((await shipper.get(`/api/ebay/orders/${gaskets.id}`)).json().data.status).toBe('quoted');
    const booked = await bookBatch(shipper, batch.id);
    expect(
      booked.rows.map((r) => r.status),
      JSON.stringify(booked.rows.map((r) => r.errors)),
    ).toEqual(['booked', 'booked', 'invalid']);
    for (const [order, row] of [
      [gaskets, booked.rows[0]!],
      [rolls, booked.rows[1]!],
    ] as const) {
      expect((await shipper.get(`/api/ebay/orders/${order.id}`)).json().data).toMatchObject({
        status: 'shipped',
        shipment: { id: row.shipment_id },
      });
    }
    expect((await shipper.get(`/api/ebay/orders/${mixed.id}`)).json().data.status).toBe('awaiting');
    await t.app.jobs.runDue(50);
    for (const order of [gaskets, rolls]) {
      expect((await shipper.get(`/api/ebay/orders/${order.id}`)).json().data.fulfilled_at).not.toBeNull();
      const written = await (await fetch(`${sim.url}/sim/fulfillments/batch-seller/${order.ebay_order_id}`)).json();
      expect(written.shipmentTrackingNumber).toBeTruthy();
    }
  });

  it('ships an order with items of two kinds as one row: the second kind is a further item line, rated and booked with it', async () => {
    // The degreaser (hazardous) second: the shipment is hazardous though the row's own line is not.
    const twoKinds = (await orders()).find(
      (o) =>
        o.status === 'awaiting' &&
        o.items.length === 2 &&
        ['GK-12', 'CH-200', 'KP-36'].includes(o.items[0]!.sku) &&
        o.items[1]!.sku === 'DG-55' &&
        o.id !== gaskets.id &&
        o.id !== rolls.id,
    );
    if (!twoKinds) throw new Error('no open order of a catalogued kind and the degreaser');
    const made = await shipper.post('/api/batches/ebay', { order_ids: [twoKinds.id], rule: 'cheapest' });
    expect(made.statusCode, made.body).toBe(201);
    const [row] = (made.json().data as BatchView).rows;
    expect(row, JSON.stringify(row?.errors)).toMatchObject({ status: 'valid', errors: [] });
    expect(row!.more_items).toHaveLength(1);
    expect(row!.cells.hazardous).toBe('false');
    expect(row!.more_items[0]).toMatchObject({ hazardous: 'true', quantity: expect.stringMatching(/^\d+$/) });
    const id = (made.json().data as BatchView).id;
    const rated = await rate(shipper, id);
    expect(rated.rows[0]!.status, JSON.stringify(rated.rows[0]!.result)).toBe('rated');
    const quote = (await shipper.get(`/api/quotes/${rated.rows[0]!.quote_id}`)).json().data;
    expect(quote.items).toHaveLength(2);
    const asked = await bookBatch(shipper, id);
    expect(asked.rows[0]!.status).toBe('booking_failed');
    expect(asked.rows[0]!.errors.map((e) => e.field)).toContain('hazmat_un_number');
    const fixed = await shipper.put(`/api/batches/${id}/rows/2`, {
      cells: {
        hazmat_un_number: 'UN1993',
        hazmat_proper_name: 'Flammable liquid, n.o.s. (degreaser)',
        hazmat_class: '3',
        hazmat_packing_group: 'III',
        hazmat_emergency_contact: 'CHEMTREC',
        hazmat_emergency_phone: '(800) 424-9300',
      },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    // The fix keeps the further line.
    expect((fixed.json().data as BatchView).rows[0]!.more_items).toHaveLength(1);
    const booked = await bookBatch(shipper, id);
    expect(booked.rows[0]!.status, JSON.stringify(booked.rows[0]!.errors)).toBe('booked');
    const shipment = (await shipper.get(`/api/shipments/${booked.rows[0]!.shipment_id}`)).json().data;
    expect(shipment.items).toHaveLength(2);
    expect(shipment.hazardous).toBe(true);
    expect((await shipper.get(`/api/ebay/orders/${twoKinds.id}`)).json().data.status).toBe('shipped');
  });

  it('refuses an order that has shipped, another account’s order, and no orders, in the documented shape', async () => {
    const shipped = await shipper.post('/api/batches/ebay', { order_ids: [gaskets.id] });
    expect(shipped.statusCode).toBe(422);
    expect(shipped.json().errors.order_ids).toEqual(['This eBay order has shipped or was canceled: it cannot go in a batch']);
    const theirs = await other.post('/api/batches/ebay', { order_ids: [mixed.id] });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors.order_ids).toBeDefined();
    const none = await shipper.post('/api/batches/ebay', { order_ids: [] });
    expect(none.statusCode).toBe(422);
    expect((await t.client().post('/api/batches/ebay', { order_ids: [mixed.id] })).statusCode).toBe(401);
  });
});
