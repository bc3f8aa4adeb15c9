import type { BatchView } from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { csvLine } from './batches-csv.test-support';
import { bookableLine, bookBatch, header, rate, upload } from './batches-test-helpers';

/** A shipment of several kinds of goods in a file: its lines after the first repeat its reference and fill only item cells. */
let t: TestApp;
let shipper: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  const made = await shipper.post('/api/products', {
    description: 'Parts washer solvent, drum',
    product_number: 'LINES-DRUM',
    package_type: 'drums',
    length_in: 24,
    width_in: 24,
    height_in: 35,
    weight_lb: 400,
    hazardous: true,
  });
  expect(made.statusCode, made.body).toBe(201);
});
afterAll(() => t.close());

/** A further item line of the shipment `ref`: only these cells filled. */
const itemLine = (ref: string, cells: Record<string, string>) => csvLine({ client_ref: ref, ...cells });

describe('further item lines in a file', () => {
  let batch: BatchView;

  it('folds the lines after a shipment that repeat its reference and fill only item cells into it', async () => {
    batch = await upload(
      shipper,
      [
        header,
        bookableLine(t, { client_ref: 'MULTI-1' }),
        itemLine('MULTI-1', { product_number: 'lines-drum', quantity: '1' }),
        itemLine('MULTI-1', { package_type: 'boxes', quantity: '3', length: '20', width: '20', height: '20', weight: '40' }),
        // The same reference on a whole row is a shipment of its own.
        bookableLine(t, { client_ref: 'MULTI-1', weight: '300' }),
        bookableLine(t, { client_ref: 'SOLO-1' }),
        itemLine('SOLO-1', { package_type: 'boxes', quantity: '2', length: '20', width: '20', height: '20', weight: 'heavy' }),
      ].join('\n'),
    );
    expect(batch.rows_total).toBe(3);
    const [multi, again, solo] = batch.rows;
    expect(multi, JSON.stringify(multi?.errors)).toMatchObject({ line: 2, status: 'valid', errors: [] });
    expect(multi!.more_items).toEqual([
      // The product fills what the line left empty.
      {
        package_type: 'drums',
        quantity: '1',
        length: '24',
        width: '24',
        height: '35',
        weight: '400',
        freight_class: '',
        stackable: '',
        hazardous: 'true',
      },
      {
        package_type: 'boxes',
        quantity: '3',
        length: '20',
        width: '20',
        height: '20',
        weight: '40',
        freight_class: '',
        stackable: '',
        hazardous: '',
      },
    ]);
    expect(again).toMatchObject({ line: 5, status: 'valid', more_items: [] });
    expect(solo).toMatchObject({ line: 6, status: 'invalid' });
    expect(solo!.errors).toEqual([{ field: 'more_items.0.weight', message: 'Enter a number' }]);
  });

  it('fixes a further line in place: its problem on its cell, then good; the lines replaced whole', async () => {
    const solo = batch.rows[2]!;
    const box = { package_type: 'boxes', quantity: '2', length: '20', width: '20', height: '20' };
    const wrong = await shipper.put(`/api/batches/${batch.id}/rows/${solo.line}`, { more_items: [{ ...box, weight: '-3' }] });
    expect(wrong.statusCode, wrong.body).toBe(200);
    const stillWrong = (wrong.json().data as BatchView).rows[2]!;
    expect(stillWrong).toMatchObject({ status: 'invalid', errors: [{ field: 'more_items.0.weight', message: expect.any(String) }] });
    const fixed = await shipper.put(`/api/batches/${batch.id}/rows/${solo.line}`, { more_items: [{ ...box, weight: '30' }] });
    expect((fixed.json().data as BatchView).rows[2]).toMatchObject({ status: 'valid', errors: [], more_items: [{ ...box, weight: '30' }] });
    // More lines than a quote takes are refused before anything changes.
    const tooMany = await shipper.put(`/api/batches/${batch.id}/rows/${solo.line}`, { more_items: Array.from({ length: 50 }, () => box) });
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().errors)).toContain('more_items');
    // Put back as uploaded, so the booking below sees the batch as it was.
    await shipper.put(`/api/batches/${batch.id}/rows/${solo.line}`, { more_items: [{ ...box, weight: 'heavy' }] });
  });

  it('rates and books the shipment with every line: three item lines, hazardous for its drum', async () => {
    const rated = await rate(shipper, batch.id);
    expect(rated.rows.map((r) => r.status)).toEqual(['rated', 'rated', 'invalid']);
    const quote = (await shipper.get(`/api/quotes/${rated.rows[0]!.quote_id}`)).json().data;
    expect(quote.items).toHaveLength(3);
    const hazmat = {
      hazmat_un_number: 'UN1993',
      hazmat_proper_name: 'Flammable liquid, n.o.s.',
      hazmat_class: '3',
      hazmat_packing_group: 'III',
      hazmat_emergency_contact: 'CHEMTREC',
      hazmat_emergency_phone: '(800) 424-9300',
    };
    expect((await shipper.put(`/api/batches/${batch.id}/rows/2`, { cells: hazmat })).statusCode).toBe(200);
    const booked = await bookBatch(shipper, batch.id);
    expect(booked.rows[0]!.status, JSON.stringify(booked.rows[0]!.errors)).toBe('booked');
    const shipment = (await shipper.get(`/api/shipments/${booked.rows[0]!.shipment_id}`)).json().data;
    expect(shipment.items.map((i: { package_type: string; quantity: number }) => [i.package_type, i.quantity])).toEqual([
      ['pallets', 1],
      ['drums', 1],
      ['boxes', 3],
    ]);
    expect(shipment.hazardous).toBe(true);
  });
});
