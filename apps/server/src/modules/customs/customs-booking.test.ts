import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { pdfBarcodes } from '../documents/pdf-barcodes';
import { pdfPages } from '../documents/pdf-text';
import { chicagoPlace, dallasPlace, pallet, type QuoteData } from '../shipments/booking-fixtures';
import { book, bookingBody, everyCountryBusinessDay, text } from '../shipments/test-helpers';
import { usmcaItem as item, monterreyPlace, ourBroker, ownBroker, steelGood, torontoPlace } from './customs.test-support';

let t: TestApp;
let c: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  c = await t.client().login('shipper@demo.test');
});
afterAll(async () => {
  await t.close();
});

const pickupDate = () => everyCountryBusinessDay(t);

const flat = (pages: { text: string }[]) => pages.map((p) => p.text.replace(/\s+/g, ' ')).join(' ');
const box = { ...pallet, package_type: 'boxes', quantity: 10, length: 20, width: 20, height: 20, weight: 40 };
const end = (postal_code: string, country: string) => ({ postal_code, country, site_type: 'business' });

async function quote(origin: object, destination: object, items: object[] = [pallet]) {
  const res = await c.post('/api/quotes', {
    mode: 'ltl',
    pickup_date: pickupDate(),
    origin,
    destination,
    items,
    accessorials: [],
    insured_value: 0,
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data as QuoteData & {
    rates: { crossing: unknown; charges: { detail: string | null; amount_cents: number }[] }[];
  };
  expect(data.rates[0]?.crossing).toBeTruthy();
  return data;
}

describe('customs on a booking across the border', () => {
  it('books Chicago to Monterrey with its own U.S. broker: our U.S. broker line leaves the price and the cost, the declaration is kept', async () => {
    const q = await quote(end('60606', 'US'), end('64000', 'MX'), [pallet, box]);
    const rateLines = q.rates[0]?.charges ?? [];
    const ourUs = rateLines.find((l) => l.detail === 'customs_broker_us')?.amount_cents ?? 0;
    expect(ourUs).toBeGreaterThan(0);
    const customs = {
      incoterm: 'DAP',
      currency: 'USD',
      items: [item, { hs_code: '7308 90', origin_country: 'MX', unit_value_cents: 4_000, usmca: false, ...steelGood }],
      brokers: [ownBroker('US'), ourBroker('MX')],
      tax_id: 'ane010203xy9',
    };
    const res = await book(c, bookingBody(q, { delivery: monterreyPlace, customs }));
    expect(res.statusCode, res.body).toBe(201);
    const shipment = res.json().data;
    expect(shipment.total_cents).toBe((q.rates[0]?.total_cents ?? 0) - ourUs);
    const labels = (shipment.charges as { label: string }[]).map((l) => l.label);
    expect(labels).toContain('Our customs broker, Mexican side');
    expect(labels).not.toContain('Our customs broker, U.S. side');
    expect(shipment.customs).toEqual({
      incoterm: 'DAP',
      currency: 'USD',
      items: [
        {
          hs_code: '84713001',
          origin_country: 'US',
          unit_value_cents: 125_000,
          usmca: true,
          origin_criterion: 'B',
          sat_key: '43211503',
          sat_unit: 'XPX',
        },
        { hs_code: '730890', origin_country: 'MX', unit_value_cents: 4_000, usmca: false, origin_criterion: null, ...steelGood },
      ],
      brokers: [
        { ...ownBroker('US'), email: 'entries@borderbrokers.example' },
        { ...ourBroker('MX'), company: '', contact_name: '', phone: '', email: '' },
      ],
      tax_id: 'ANE010203XY9',
      // Without a certification of its own, the exporter certifies with the booker's name.
      certification: expect.objectContaining({ certifier_role: 'exporter', producer: 'on_request', blanket_from: '' }),
    });
    expect((await c.get(`/api/shipments/${shipment.id}`)).json().data.customs).toEqual(shipment.customs);

    // The commercial invoice is written for Mexican customs (Spanish), with an English copy for the shipper.
    const invoice = (shipment.documents as { kind: string; url: string; language: string; copy: { url: string } | null }[]).find(
      (d) => d.kind === 'commercial_invoice',
    );
    expect(invoice).toMatchObject({ language: 'es', copy: { url: `${invoice?.url}?language=en` } });
    // Into Mexico there is no PAPS or PARS: the broker files a pedimento.
    expect(shipment.documents.map((d: { kind: string }) => d.kind)).not.toContain('entry_label');
    expect((await c.get(`/api/shipments/${shipment.id}/documents/entry_label`)).statusCode).toBe(404);
    const spanish = await c.get(invoice?.url ?? '');
    expect(spanish.headers['content-disposition']).toContain(`Commercial-invoice-${shipment.bol_number}.pdf`);
    const factura = flat(await pdfPages(spanish.rawPayload));
    for (const text of ['FACTURA COMERCIAL', 'DAP (Entregada en lugar)', 'Laredo, TX – Nuevo Laredo, TAM', 'RFC: ANE010203XY9']) {
      expect(factura).toContain(text);
    }
    const english = flat(await pdfPages((await c.get(invoice?.copy?.url ?? '')).rawPayload));
    for (const text of [
      'COMMERCIAL INVOICE',
      'Vendor and exporter',
      'Acme Chicago Dock',
      'Consignee and importer',
      'Aceros del Norte SA de CV',
      'Border Brokers Inc.',
      'Arranged by Freight Portal',
      '84713001',
      'United States',
      '730890',
      'Mexico',
      '$2,500.00',
      '$400.00',
      'Total value of the goods $2,900.00',
      'The goods marked USMCA are declared as originating',
    ]) {
      expect(english).toContain(text);
    }
    // The bill of lading names the port and both brokers for the driver and both customs.
    const bol = flat(await pdfPages((await c.get(`/api/shipments/${shipment.id}/documents/bol`)).rawPayload));
    expect(bol).toContain('Crosses the border at Laredo, TX – Nuevo Laredo, TAM');
    expect(bol).toContain('Customs broker (United States): Border Brokers Inc., (956) 555-0140, entries@borderbrokers.example');
    expect(bol).toContain('Customs broker (Mexico): arranged by Freight Portal');
  });

  it('keeps no RFC on a lane without Mexico, and charges both our brokers when the shipper has none', async () => {
    const q = await quote(end('M5V 3L9', 'CA'), end('75201', 'US'));
    const customs = {
      incoterm: 'FCA',
      currency: 'CAD',
      items: [{ ...item, origin_country: 'CA' }],
      brokers: [ourBroker('CA'), ourBroker('US')],
      tax_id: 'ANE010203XY9',
    };
    const res = await book(c, bookingBody(q, { pickup: torontoPlace, delivery: dallasPlace(), customs }));
    expect(res.statusCode, res.body).toBe(201);
    const shipment = res.json().data;
    expect(shipment.customs.tax_id).toBe('');
    // Into the United States: the commercial invoice in English, no RFC on it.
    const invoice = (shipment.documents as { kind: string; language: string; url: string }[]).find((d) => d.kind === 'commercial_invoice');
    expect(invoice?.language).toBe('en');
    expect(flat(await pdfPages((await c.get(invoice?.url ?? '')).rawPayload))).not.toContain('RFC');
    // The PAPS label the driver presents: the carrier's SCAC and PRO as a barcode a scanner reads.
    const label = await c.get(`/api/shipments/${shipment.id}/documents/entry_label`);
    expect(label.statusCode).toBe(200);
    const paps = `${shipment.scac}${shipment.pro_number}`;
    expect(await pdfBarcodes(label.rawPayload)).toEqual([[paps]]);
    const printed = flat(await pdfPages(label.rawPayload));
    for (const text of ['PAPS', paps, 'Dallas Receiving LLC', 'Arranged by Freight Portal']) expect(printed).toContain(text);
    expect(shipment.total_cents).toBe(q.rates[0]?.total_cents ?? 0);
  });

  it("says what is missing or wrong in the spec's words, field by field, and books nothing", async () => {
    const q = await quote(end('60606', 'US'), end('64000', 'MX'));
    const refused = async (customs: unknown) => {
      const res = await book(c, bookingBody(q, { delivery: monterreyPlace, ...(customs === undefined ? {} : { customs }) }));
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect(await refused(undefined)).toEqual({ customs: [text('validation.required')] });
    const good = { incoterm: 'DDP', currency: 'USD', items: [item], brokers: [ourBroker('US'), ourBroker('MX')], tax_id: 'ANE010203XY9' };
    expect(await refused({ ...good, items: [item, item] })).toEqual({ 'customs.items': [text('validation.customs_items')] });
    expect(await refused({ ...good, brokers: [ourBroker('US'), ourBroker('CA')] })).toEqual({
      'customs.brokers': [text('validation.customs_broker_sides')],
    });
    expect(await refused({ ...good, tax_id: '' })).toEqual({ 'customs.tax_id': [text('validation.required')] });
    expect(await refused({ ...good, tax_id: 'XEXX010101000' })).toEqual({ 'customs.tax_id': [text('validation.rfc_generic')] });
    expect(await refused({ ...good, tax_id: 'ANE0102' })).toEqual({ 'customs.tax_id': [text('validation.rfc')] });
    expect(
      await refused({
        ...good,
        items: [{ hs_code: '8471', origin_country: 'ZZ', unit_value_cents: 0, usmca: false, sat_key: '9999', sat_unit: 'ZZZ' }],
        brokers: [{ country: 'US', ours: false }, ourBroker('MX')],
      }),
    ).toEqual({
      'customs.items.0.hs_code': [text('validation.hs_code')],
      'customs.items.0.origin_country': [text('validation.country_code')],
      'customs.items.0.unit_value_cents': [text('validation.positive')],
      'customs.items.0.sat_key': [text('validation.sat')],
      'customs.items.0.sat_unit': [text('validation.choice')],
      'customs.brokers.0.company': [text('validation.required')],
      'customs.brokers.0.phone': [text('validation.required')],
      'customs.brokers.0.email': [text('validation.required')],
    });
    expect(await refused({ ...good, items: [{ ...item, origin_country: 'CN' }] })).toEqual({
      'customs.items.0.usmca': [text('validation.usmca_origin')],
    });
    // The Carta Porte names each good by a key of the SAT's catalog and a unit.
    expect(await refused({ ...good, items: [{ ...item, sat_key: '', sat_unit: null }] })).toEqual({
      'customs.items.0.sat_key': [text('validation.required')],
      'customs.items.0.sat_unit': [text('validation.required')],
    });
    expect(await refused({ ...good, items: [{ ...item, sat_key: '99999999' }] })).toEqual({
      'customs.items.0.sat_key': [text('validation.sat_catalog')],
    });
    expect((await c.get(`/api/quotes/${q.id}`)).json().data.booked_at ?? null).toBeNull();
  });

  it('refuses a declaration on a rate within one country', async () => {
    const res = await c.post('/api/quotes', {
      mode: 'ltl',
      pickup_date: pickupDate(),
      origin: end('60606', 'US'),
      destination: end('75201', 'US'),
      items: [pallet],
      accessorials: [],
      insured_value: 0,
    });
    const q = res.json().data as QuoteData;
    const customs = { incoterm: 'DAP', currency: 'USD', items: [item], brokers: [], tax_id: '' };
    const booked = await book(c, bookingBody(q, { pickup: chicagoPlace(), customs }));
    expect(booked.statusCode).toBe(422);
    expect(booked.json().errors).toEqual({ customs: [text('validation.customs_not_crossing')] });
    // A shipment within one country has no commercial invoice.
    const home = await book(c, bookingBody(q, { pickup: chicagoPlace() }));
    expect(home.statusCode, home.body).toBe(201);
    const { id, documents } = home.json().data as { id: string; documents: { kind: string }[] };
    expect(documents.map((d) => d.kind)).not.toContain('commercial_invoice');
    expect((await c.get(`/api/shipments/${id}/documents/commercial_invoice`)).statusCode).toBe(404);
  });
});
