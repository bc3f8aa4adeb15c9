import { BATCH_MANIFEST_COLUMNS, type BatchView } from '@freight/contracts';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRows } from '../../csv/csv';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { pdfBarcodes } from '../documents/pdf-barcodes';
import { bookableLine, bookBatch, ratedBatch } from './batches-test-helpers';

/** A booked batch's files: every document merged in row order, and the manifest as CSV and PDF. */
let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let booked: BatchView;

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  const rated = await ratedBatch(shipper, [
    bookableLine(t, { client_ref: 'M-1' }),
    bookableLine(t, {
      client_ref: '=HYPERLINK("http://evil.example")',
      destination_postal_code: '10001',
      destination_city: 'New York',
      destination_state: 'NY',
    }),
    bookableLine(t, { client_ref: 'M-3', destination_contact_email: '' }),
  ]);
  booked = await bookBatch(shipper, rated.id);
});
afterAll(() => t.close());

const pages = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPageCount();

describe('a booked batch’s files', () => {
  it('merges every booked row’s bill of lading and pallet labels into one PDF, in row order', async () => {
    expect(
      booked.rows.map((r) => r.status),
      JSON.stringify(booked.rows.map((r) => r.errors)),
    ).toEqual(['booked', 'booked', 'booking_failed']);
    const res = await shipper.get(`/api/batches/${booked.id}/documents.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    let expected = 0;
    for (const row of booked.rows.slice(0, 2)) {
      for (const kind of ['bol', 'pallet_labels']) {
        const one = await shipper.get(`/api/shipments/${row.shipment_id}/documents/${kind}`);
        expect(one.statusCode).toBe(200);
        expected += await pages(one.rawPayload);
      }
    }
    // A bill of lading and a label per handling unit at least, for each of the two.
    expect(expected).toBeGreaterThanOrEqual(4);
    expect(await pages(res.rawPayload)).toBe(expected);
    // As printed: each page's barcodes read back, the booked rows' BOL numbers in row order.
    const bolNumbers = booked.rows.slice(0, 2).map((r) => r.bol_number);
    const read = (await pdfBarcodes(res.rawPayload)).flat();
    const bolsRead = read.filter((code) => bolNumbers.includes(code));
    expect([...new Set(bolsRead)]).toEqual(bolNumbers);
    // Each on its bill of lading and on its pallets' labels.
    for (const bol of bolNumbers) expect(bolsRead.filter((code) => code === bol).length).toBeGreaterThanOrEqual(2);
  });

  it('lists what was booked in the manifest, formula-like cells neutralised', async () => {
    const res = await shipper.get(`/api/batches/${booked.id}/manifest.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = await parseCsvRows(res.body.replace(/^\uFEFF/, ''));
    expect(rows[0]!.cells).toEqual([...BATCH_MANIFEST_COLUMNS]);
    expect(rows).toHaveLength(3);
    const [first, second] = [rows[1]!.cells, rows[2]!.cells];
    const shipment = (await shipper.get(`/api/shipments/${booked.rows[0]!.shipment_id}`)).json().data;
    expect(first).toEqual([
      '2',
      'M-1',
      booked.rows[0]!.bol_number,
      shipment.carrier_name ?? first[3],
      first[4],
      first[5],
      shipment.pickup_date,
      'Dallas, TX 75201, US',
      'USD',
      (shipment.total_cents / 100).toFixed(2),
    ]);
    expect(second[0]).toBe('3');
    // A spreadsheet reads the cell as text, not as a formula.
    expect(second[1]).toBe('\'=HYPERLINK("http://evil.example")');
    expect(second[7]).toBe('New York, NY 10001, US');
  });

  it('prints the manifest as a PDF that parses', async () => {
    const res = await shipper.get(`/api/batches/${booked.id}/manifest.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(await pages(res.rawPayload)).toBe(1);
  });

  it('says there is nothing to print before a row is booked, and is the account’s own', async () => {
    const rated = await ratedBatch(shipper, [bookableLine(t)]);
    for (const file of ['documents.pdf', 'manifest.csv', 'manifest.pdf']) {
      const none = await shipper.get(`/api/batches/${rated.id}/${file}`);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('No row of this batch is booked yet. Book its rows, then download their documents.');
      expect((await other.get(`/api/batches/${booked.id}/${file}`)).statusCode).toBe(404);
      expect((await shipper.get(`/api/batches/nope/${file}`)).statusCode).toBe(404);
    }
  });
});
