import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { box, createQuote, quoteAndBook } from '../shipments/test-helpers';
import { pdfBarcodes } from './pdf-barcodes';
import { pdfPages } from './pdf-text';

/** A parcel booked through the API: its documents, and the insurance its quote offers. */
let t: TestApp;
let shipper: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
});
afterAll(async () => {
  await t.close();
});

const parcelQuote = (insured_value: number, quantity = 1) => ({ mode: 'parcel', items: [{ ...box, quantity }], insured_value });

describe('a parcel booked through the API', () => {
  it('has labels and a shipment summary, no bill of lading (404 in the documented shape), and labels without a BOL', async () => {
    const { shipment } = await quoteAndBook(t, shipper, parcelQuote(250, 2), {
      references: [
        { type: 'po_number', value: 'PO-4471' },
        { type: 'so_number', value: 'SO-8812' },
      ],
    });
    expect(shipment.documents.map((d: { kind: string }) => d.kind)).toEqual(['labels', 'shipment_summary']);

    const bol = await shipper.get(`/api/shipments/${shipment.id}/documents/bol`);
    expect(bol.statusCode).toBe(404);
    expect(bol.json()).toMatchObject({ message: expect.any(String), code: 'not_found' });

    const labels = await shipper.get(`/api/shipments/${shipment.id}/documents/labels`);
    expect(labels.statusCode).toBe(200);
    const pages = await pdfPages(labels.rawPayload);
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      const text = page.text.replace(/\s+/g, ' ');
      expect(text).not.toContain('BOL');
      expect(text).toContain('PO Number: PO-4471');
      expect(text).toContain('SO Number: SO-8812');
    }
    const tracking = shipment.tracking_number ?? shipment.pro_number ?? shipment.bol_number;
    expect(await pdfBarcodes(labels.rawPayload)).toEqual([[tracking], [tracking]]);

    const summary = await shipper.get(`/api/shipments/${shipment.id}/documents/shipment_summary`);
    expect(summary.statusCode).toBe(200);
    const text = (await pdfPages(summary.rawPayload)).map((p) => p.text.replace(/\s+/g, ' ')).join(' ');
    for (const expected of ['SHIPMENT SUMMARY', 'PO Number: PO-4471', 'SO Number: SO-8812', 'Pickup on']) expect(text).toContain(expected);
  });
});

describe('insurance options of a quote', () => {
  it('offers goods worth $18.99 no premium above what they are worth: parcel and LTL alike', async () => {
    const parcel = await createQuote(t, shipper, parcelQuote(18.99));
    expect(parcel.insurance_options).toEqual([
      { kind: 'none', premium_cents: 0, coverage_cents: 1_899, deductible_cents: 0, online: true },
    ]);
    const ltl = await createQuote(t, shipper, { insured_value: 18.99 });
    expect(ltl.insurance_options.map((o) => o.kind)).toEqual(['none']);
  });

  it("prices a parcel's declared value above the included $100 a package, never a premium above the cover", async () => {
    const quote = await createQuote(t, shipper, parcelQuote(450, 2));
    expect(quote.insurance_options).toEqual([
      { kind: 'none', premium_cents: 0, coverage_cents: 20_000, deductible_cents: 0, online: true },
      { kind: 'full', premium_cents: 345, coverage_cents: 45_000, deductible_cents: 0, online: true },
    ]);
    for (const value of [1, 35, 99.99, 150, 5_000, 9_999]) {
      for (const mode of ['parcel', 'ltl']) {
        const q = await createQuote(t, shipper, mode === 'parcel' ? parcelQuote(value) : { insured_value: value });
        for (const o of q.insurance_options) {
          expect(o.coverage_cents).toBeLessThanOrEqual(Math.round(value * 100));
          if (o.kind !== 'none') expect(o.premium_cents).toBeLessThan(o.coverage_cents);
        }
      }
    }
  });
});
