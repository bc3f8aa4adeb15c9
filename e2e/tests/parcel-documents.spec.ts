import { readFile } from 'node:fs/promises';
import { pdfBarcodes } from '../../apps/server/src/modules/documents/pdf-barcodes';
import { pdfPages } from '../../apps/server/src/modules/documents/pdf-text';
import { quotablePickupDate } from '../support/quote';
import { logInAsLookAlike } from '../support/seed';
import { expect, type Page, test } from '../support/test';

/** A call to the API from the signed-in page, as the app makes it (session cookie and XSRF token). */
async function api(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      const res = await fetch(url, {
        method,
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-XSRF-TOKEN': token,
          // A booking is keyed, so a repeated submit books once.
          'Idempotency-Key': crypto.randomUUID(),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    { method, url, body },
  );
}

const place = (company: string, street1: string, postal_code: string, city: string, state: string) => ({
  company,
  first_name: 'Dana',
  last_name: 'Rivera',
  email: 'dock@example.test',
  phone: '(312) 555-0142',
  street1,
  street2: '',
  city,
  state,
  postal_code,
  country: 'US',
  save_to_address_book: false,
});

test('a parcel booked: its documents are labels and a summary, the labels print no BOL and their barcode scans', async ({ page }) => {
  // The demo shipper's look-alike books for the demo account.
  await logInAsLookAlike(page, 'shipper@demo.test', 'parcel-documents', { settings: { language: 'en' } });
  const quote = await api(page, 'POST', '/api/quotes', {
    mode: 'parcel',
    pickup_date: quotablePickupDate(),
    origin: { postal_code: '60606', country: 'US', site_type: 'business' },
    destination: { postal_code: '75201', country: 'US', site_type: 'business' },
    items: [{ package_type: 'boxes', quantity: 2, length: 12, width: 10, height: 8, weight: 10, stackable: true, hazardous: false }],
    accessorials: [],
    insured_value: 18.99,
  });
  expect(quote.status).toBe(201);
  // Goods worth $18.99: the carrier's free liability covers them, no premium is offered.
  expect(quote.json.data.insurance_options.map((o: { kind: string }) => o.kind)).toEqual(['none']);
  const booking = await api(page, 'POST', '/api/shipments', {
    quote_id: quote.json.data.id,
    rate_id: quote.json.data.rates[0].id,
    pickup: place('Demo Shipper Co', '233 S Wacker Dr', '60606', 'Chicago', 'IL'),
    delivery: place('Lone Star Hardware', '1500 Marilla St', '75201', 'Dallas', 'TX'),
    pickup_date: quote.json.data.inputs.pickup_date,
    // Dropped off at the carrier: no pickup window.
    parcel_options: { handoff: 'drop_off', signature: 'none', residential: false },
    references: [
      { type: 'po_number', value: 'PO-7781' },
      { type: 'so_number', value: 'SO-2210' },
    ],
    insurance: 'none',
    disclaimer_accepted: true,
  });
  expect(booking.status, JSON.stringify(booking.json)).toBe(201);
  const shipment = booking.json.data;

  await page.goto(`/track/detail/${shipment.id}`);
  await expect(page.getByRole('button', { name: 'Download Labels' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Shipment summary' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Bill of Lading' })).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Labels' }).click();
  const labels = await readFile((await (await downloading).path()) ?? '');
  const pages = await pdfPages(labels);
  expect(pages).toHaveLength(2);
  for (const label of pages) {
    const text = label.text.replace(/\s+/g, ' ');
    expect(text).not.toContain('BOL');
    expect(text).toContain('PO Number: PO-7781');
    expect(text).toContain('SO Number: SO-2210');
  }
  const tracking = shipment.tracking_number ?? shipment.pro_number ?? shipment.bol_number;
  expect(await pdfBarcodes(labels)).toEqual([[tracking], [tracking]]);

  const summaryDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Shipment summary' }).click();
  const summary = (await pdfPages(await readFile((await (await summaryDownload).path()) ?? ''))).map((p) => p.text).join(' ');
  expect(summary.replace(/\s+/g, ' ')).toContain('Drop-off at the carrier on');

  // The bill of lading of a parcel is not there.
  const bol = await api(page, 'GET', `/api/shipments/${shipment.id}/documents/bol`);
  expect(bol.status).toBe(404);
});
