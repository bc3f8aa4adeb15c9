import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { BATTERY_HAZMAT, CHICAGO_DOCK, DALLAS_STORE, insertShipment, setUserSettings } from '../tracking/test-fixtures';
import { pdfBarcodes } from './pdf-barcodes';
import { pdfPages } from './pdf-text';

let t: TestApp;
let shipper: TestClient;
/** Staff who may see every account's cost (fpg_admin): the rate confirmation is theirs to open. */
let costStaff: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  costStaff = await t.client().login('admin@demo.test');
});
afterAll(async () => {
  await t.close();
});

const download = (c: TestClient, id: string, kind: string, language?: string) =>
  c.get(`/api/shipments/${id}/documents/${kind}${language ? `?language=${language}` : ''}`);
/** The rate confirmation states the carrier's cost: staff download it through their own route. */
const staffDownload = (id: string, kind: string, language?: string) =>
  costStaff.get(`/api/admin/shipments/${id}/documents/${kind}${language ? `?language=${language}` : ''}`);
/** A document as the one who may read it: the shipper, or staff for the rate confirmation. */
const reader = (id: string, kind: string, language?: string) =>
  kind === 'rate_confirmation' ? staffDownload(id, kind, language) : download(shipper, id, kind, language);
/** Text of all pages, runs joined by spaces (a wrapped line is two runs). */
const flat = (pages: { text: string }[]) => pages.map((p) => p.text.replace(/\s+/g, ' ')).join(' ');

describe('GET /api/shipments/:id/documents/bol', () => {
  it('is a PDF download named after the BOL, with every VICS field', async () => {
    const s = await insertShipment(t.database.db);
    const res = await download(shipper, s.id, 'bol');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="BOL-${s.bolNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ width: 612, height: 792 });
    // The BOL and PRO barcodes.
    expect(pages[0]?.images).toBe(2);
    const text = flat(pages);
    for (const expected of [
      'Bill of Lading – Short Form – Not Negotiable',
      s.bolNumber,
      // Ship from: name, address, ZIP, contact, phone.
      'SHIP FROM',
      CHICAGO_DOCK.company,
      CHICAGO_DOCK.street1,
      'Chicago, IL 60606',
      'Contact: Dana Shipper',
      `Phone: ${CHICAGO_DOCK.phone}`,
      // Ship to.
      'SHIP TO',
      DALLAS_STORE.company,
      DALLAS_STORE.street1,
      'Dallas, TX 75201',
      'Contact: Luis Garza',
      // Bill to: the account's billing address.
      'THIRD PARTY FREIGHT CHARGES BILL TO',
      'Demo Shipper Co',
      '233 S Wacker Dr',
      // Carrier, SCAC, PRO, pickup number.
      'Old Dominion Freight Line',
      'ODFL',
      s.proNumber as string,
      s.pickupNumber as string,
      // Freight terms.
      'Prepaid',
      'Collect',
      // Special instructions and reference.
      'Call receiving 30 minutes before arrival',
      'Delivery appointment: 11/27/2026',
      'PO Number: PO-88412',
      // The lines: handling units, packages, weight, HM, description, NMFC, class.
      'Cordless drill kits, boxed',
      'Pallets',
      '1,220 lb',
      '133300-02',
      'Lithium ion batteries',
      'Crates',
      '240 lb',
      '85',
      'Grand total',
      '1,460 lb',
      // Hazardous materials.
      'HAZARDOUS MATERIALS',
      BATTERY_HAZMAT.un_number,
      'Proper shipping name',
      'Hazard class',
      'Packing group',
      '24-hour emergency response contact',
      BATTERY_HAZMAT.emergency_contact,
      BATTERY_HAZMAT.emergency_phone,
      // Declared value, COD, liability.
      '$12,500.00',
      'COD amount: None',
      '49 U.S.C. § 14706(c)(1)(A) and (B)',
      // Loaded and counted by, signatures.
      'Trailer loaded',
      'By driver/pallets said to contain',
      'By driver/pieces',
      'SHIPPER SIGNATURE / DATE',
      'CARRIER SIGNATURE / PICKUP DATE',
      'CONSIGNEE SIGNATURE / DELIVERY DATE',
    ]) {
      expect(text).toContain(expected);
    }
    // The HM column marks the hazardous line only: one 'X' for it, one for the checked Prepaid box.
    expect(pages[0]?.text.split('\n').filter((run) => run === 'X')).toHaveLength(2);
    expect(text).not.toContain('kg');
    // Nothing of the price goes on the BOL.
    expect(text).not.toContain('487.31');
  });

  it("is in the U.S. carrier's English for a Spanish-speaking user, whose copy is in Spanish, with kilograms for the metric system", async () => {
    await setUserSettings(t.database.db, 'shipper@demo.test', { language: 'es', unitSystem: 'metric' });
    try {
      const s = await insertShipment(t.database.db);
      const carriers = flat(await pdfPages((await download(shipper, s.id, 'bol')).rawPayload));
      expect(carriers).toContain('Bill of Lading – Short Form – Not Negotiable');
      const view = (await shipper.get(`/api/shipments/${s.id}`)).json().data;
      expect(view.documents[0]).toMatchObject({
        kind: 'bol',
        language: 'en',
        copy: { language: 'es', url: `/api/shipments/${s.id}/documents/bol?language=es` },
      });
      const text = flat(await pdfPages((await shipper.get(view.documents[0].copy.url)).rawPayload));
      for (const expected of [
        'Conocimiento de embarque – Formato corto – No negociable',
        'REMITENTE (ORIGEN)',
        'DESTINATARIO (DESTINO)',
        'Prepagado',
        'Por cobrar',
        'Tarimas',
        'Cajas de madera',
        '1,220 lb (553 kg)',
        'MATERIALES PELIGROSOS',
        'Nombre apropiado de embarque',
        'Número de orden de compra: PO-88412',
        'Cita de entrega: 27/11/2026',
        'FIRMA DEL TRANSPORTISTA / FECHA DE RECOLECCIÓN',
        'Importe contra reembolso (COD): Ninguno',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Bill of Lading');
    } finally {
      await setUserSettings(t.database.db, 'shipper@demo.test', { language: 'en', unitSystem: 'imperial' });
    }
  });

  it('gives NMFC item and class on LTL lines only', async () => {
    const truckload = await insertShipment(t.database.db, { mode: 'truckload' });
    const text = flat(await pdfPages((await download(shipper, truckload.id, 'bol')).rawPayload));
    expect(text).toContain('Cordless drill kits, boxed');
    expect(text).toContain('Demo Van Lines');
    expect(text).not.toContain('133300-02');
  });

  it('runs onto more pages for many lines, each page numbered', async () => {
    const s = await insertShipment(t.database.db, { hazardous: false });
    const items = Array.from({ length: 30 }, (_, i) => ({
      description: `Line ${i + 1} of machine parts`,
      package_type: 'boxes',
      quantity: 1,
      length_in: 20,
      width_in: 20,
      height_in: 20,
      weight_lb: 50,
      freight_class: 85,
      nmfc: '',
      stackable: true,
      hazardous: false,
    }));
    await t.database.db.update(shipments).set({ items }).where(eq(shipments.id, s.id));
    const pages = await pdfPages((await download(shipper, s.id, 'bol')).rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    const text = flat(pages);
    for (let i = 1; i <= 30; i++) expect(text).toContain(`Line ${i} of machine parts`);
    expect(text).toContain(`${s.bolNumber} · Page 1 of ${pages.length}`);
    expect(text).toContain('1,500 lb');
  });
});

describe('GET /api/shipments/:id/documents/labels (parcel)', () => {
  it('prints one 4x6 label per package with addresses, carrier, weight, n of N, tracking number and barcode', async () => {
    const s = await insertShipment(t.database.db, { mode: 'parcel' });
    const res = await download(shipper, s.id, 'labels');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Labels-${s.bolNumber}.pdf"`);
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page).toMatchObject({ width: 288, height: 432, images: 1 });
      const text = page.text.replace(/\s+/g, ' ');
      for (const expected of [
        'FROM',
        CHICAGO_DOCK.company,
        'Chicago, IL 60606',
        'TO',
        DALLAS_STORE.company,
        DALLAS_STORE.street1,
        'Dallas, TX 75201',
        'UPS GROUND',
        'Service: Ground',
        'Weight: 14 lb',
        `${i + 1} of 3`,
        s.trackingNumber as string,
        'PO Number: PO-88412',
      ]) {
        expect(text).toContain(expected);
      }
      // A parcel travels on its tracking number: no bill of lading on its label.
      expect(text).not.toContain('BOL');
      expect(text).not.toContain(s.bolNumber);
    });
  });

  it('is not there for an LTL shipment (404)', async () => {
    const s = await insertShipment(t.database.db);
    expect((await download(shipper, s.id, 'labels')).statusCode).toBe(404);
  });
});

describe('GET /api/shipments/:id/documents/pallet_labels (LTL, truckload)', () => {
  it('prints one label per handling unit with BOL and PRO barcodes, both ends, and the hazmat warning on hazardous units', async () => {
    const s = await insertShipment(t.database.db);
    const res = await download(shipper, s.id, 'pallet_labels');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Pallet-labels-${s.bolNumber}.pdf"`);
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page).toMatchObject({ width: 288, height: 432, images: 2 });
      const text = page.text.replace(/\s+/g, ' ');
      for (const expected of [
        `Pallet ${i + 1} of 3`,
        s.bolNumber,
        s.proNumber as string,
        'Old Dominion Freight Line (ODFL)',
        'Chicago, IL 60606',
        'Dallas, TX 75201',
      ]) {
        expect(text).toContain(expected);
      }
    });
    // Two pallets of drills, then the crate of batteries.
    expect(pages[0]?.text).not.toContain('HAZARDOUS MATERIALS');
    expect(pages[2]?.text).toContain('HAZARDOUS MATERIALS');
    expect(pages[2]?.text.replace(/\s+/g, ' ')).toContain('UN3480 Lithium ion batteries, class 9');
  });

  it("is in Spanish in the Spanish-speaking caller's copy", async () => {
    await setUserSettings(t.database.db, 'shipper@demo.test', { language: 'es' });
    try {
      const s = await insertShipment(t.database.db, { mode: 'truckload' });
      const text = flat(await pdfPages((await download(shipper, s.id, 'pallet_labels', 'es')).rawPayload));
      expect(text).toContain('Tarima 1 de 3');
      expect(text).toContain('MATERIALES PELIGROSOS');
    } finally {
      await setUserSettings(t.database.db, 'shipper@demo.test', { language: 'en' });
    }
  });

  it('is not there for a parcel shipment (404)', async () => {
    const s = await insertShipment(t.database.db, { mode: 'parcel' });
    expect((await download(shipper, s.id, 'pallet_labels')).statusCode).toBe(404);
  });
});

describe('GET /api/admin/shipments/:id/documents/rate_confirmation (truckload, staff who may see its cost)', () => {
  it("states the carrier's agreed rate, the load, both places with their windows, the terms and the signatures", async () => {
    const s = await insertShipment(t.database.db, { mode: 'truckload' });
    expect((await download(shipper, s.id, 'rate_confirmation')).statusCode).toBe(404);
    // Ops see no account's cost (docs/brokerage.md): not on the page, not on paper.
    const ops = await t.client().login('ops@demo.test');
    expect((await ops.get(`/api/admin/shipments/${s.id}/documents/rate_confirmation`)).statusCode).toBe(404);
    const res = await staffDownload(s.id, 'rate_confirmation');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Rate-confirmation-${s.bolNumber}.pdf"`);
    const text = flat(await pdfPages(res.rawPayload));
    for (const expected of [
      'RATE CONFIRMATION',
      s.bolNumber,
      'Equipment Dry van',
      'Pickup',
      CHICAGO_DOCK.company,
      'Chicago, IL 60606',
      'Delivery',
      'By appointment on 11/27/2026',
      DALLAS_STORE.company,
      'Total agreed rate',
      '$487.31',
      'Carrier signature',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is for truckloads only (404 for LTL), and in Spanish in a Spanish copy', async () => {
    const ltl = await insertShipment(t.database.db);
    expect((await staffDownload(ltl.id, 'rate_confirmation')).statusCode).toBe(404);
    const s = await insertShipment(t.database.db, { mode: 'truckload' });
    const text = flat(await pdfPages((await staffDownload(s.id, 'rate_confirmation', 'es')).rawPayload));
    expect(text).toContain('CONFIRMACIÓN DE TARIFA');
    expect(text).toContain('Caja seca');
  });
});

describe('every barcode scans', () => {
  it('reads the right number from each barcode of the BOL, the parcel labels and the pallet labels, as printed', async () => {
    const ltl = await insertShipment(t.database.db);
    const parcel = await insertShipment(t.database.db, { mode: 'parcel' });
    const read = async (id: string, kind: string) => pdfBarcodes((await download(shipper, id, kind)).rawPayload);
    // Sorted: the order a scanner finds them in does not matter.
    const sorted = (pages: string[][]) => pages.map((codes) => [...codes].sort());
    expect(sorted(await read(ltl.id, 'bol'))).toEqual([[ltl.bolNumber, ltl.proNumber].sort()]);
    expect(sorted(await read(ltl.id, 'pallet_labels'))).toEqual(Array(3).fill([ltl.bolNumber, ltl.proNumber].sort()));
    // Three boxes: three labels, each with the tracking number only.
    expect(await read(parcel.id, 'labels')).toEqual(Array(3).fill([parcel.trackingNumber]));
  });
});

describe('phone numbers on paper', () => {
  it("print as on screen, '(404) 555-0123', however they were typed or stored, and so do times", async () => {
    const s = await insertShipment(t.database.db, { mode: 'truckload' });
    await t.database.db
      .update(shipments)
      .set({ pickup: { ...CHICAGO_DOCK, phone: '4045550123' }, delivery: { ...DALLAS_STORE, phone: '214.555.0177' } })
      .where(eq(shipments.id, s.id));
    for (const kind of ['bol', 'rate_confirmation']) {
      const text = flat(await pdfPages((await reader(s.id, kind)).rawPayload));
      expect(text).toContain('(404) 555-0123');
      expect(text).toContain('(214) 555-0177');
      // Times as the screens write them.
      expect(text).toMatch(/ready 9:00 AM, closes (4|5):00 PM/);
      expect(text).not.toContain('4045550123');
    }
  });
});

describe('who may download', () => {
  it("answers 404 for another account's shipment, an unknown kind or id, and 401 without a session", async () => {
    const s = await insertShipment(t.database.db);
    const other = await t.client().login('other@demo.test');
    for (const kind of ['bol', 'pallet_labels', 'rate_confirmation']) {
      const res = await download(other, s.id, kind);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await download(shipper, s.id, 'invoice')).statusCode).toBe(404);
    const french = await download(shipper, s.id, 'bol', 'fr');
    expect([french.statusCode, Object.keys(french.json().errors)]).toEqual([422, ['language']]);
    expect((await download(shipper, 'not-a-uuid', 'bol')).statusCode).toBe(404);
    expect((await download(shipper, '00000000-0000-4000-8000-000000000000', 'bol')).statusCode).toBe(404);
    expect((await t.client().get(`/api/shipments/${s.id}/documents/bol`)).statusCode).toBe(401);
    // The owner's own account works.
    expect((await download(shipper, s.id, 'bol')).statusCode).toBe(200);
  });
});

describe('a parcel shipment has labels and a shipment summary, not a bill of lading', () => {
  it('lists labels and the summary, answers 404 for its BOL and pallet labels, and the summary tells what was booked', async () => {
    const s = await insertShipment(t.database.db, { mode: 'parcel' });
    await t.database.db
      .update(shipments)
      .set({
        references: [
          { type: 'po_number', value: 'PO-88412' },
          { type: 'so_number', value: 'SO-5531' },
          { type: 'shipper_reference', value: 'FILTERS-NOV' },
        ],
        parcelOptions: { handoff: 'drop_off', signature: 'adult_signature', residential: true },
      })
      .where(eq(shipments.id, s.id));
    const view = (await shipper.get(`/api/shipments/${s.id}`)).json().data;
    expect(view.documents.map((d: { kind: string }) => d.kind)).toEqual(['labels', 'shipment_summary']);
    for (const kind of ['bol', 'pallet_labels', 'rate_confirmation']) {
      const res = await download(shipper, s.id, kind);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
    }

    const res = await download(shipper, s.id, 'shipment_summary');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Shipment-summary-${s.bolNumber}.pdf"`);
    const text = flat(await pdfPages(res.rawPayload));
    for (const expected of [
      'SHIPMENT SUMMARY',
      s.trackingNumber as string,
      'UPS Ground (UPSN)',
      'Drop-off at the carrier on 11/24/2026',
      'Adult signature (21 or older)',
      'Residential delivery Yes',
      CHICAGO_DOCK.company,
      DALLAS_STORE.street1,
      'PO Number: PO-88412',
      'SO Number: SO-5531',
      "Shipper's Reference: FILTERS-NOV",
      'Replacement filters',
      '42 lb',
      '$487.31',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Bill of Lading');

    const es = flat(await pdfPages((await download(shipper, s.id, 'shipment_summary', 'es')).rawPayload));
    for (const expected of [
      'RESUMEN DEL ENVÍO',
      'Se deja en el transportista el 24/11/2026',
      'Firma de adulto (21 años o más)',
      'Número de orden de venta: SO-5531',
    ]) {
      expect(es).toContain(expected);
    }
  });

  it('prints a parcel booked for pickup with its window', async () => {
    const s = await insertShipment(t.database.db, { mode: 'parcel' });
    await t.database.db
      .update(shipments)
      .set({ parcelOptions: { handoff: 'pickup', signature: 'none', residential: false } })
      .where(eq(shipments.id, s.id));
    const text = flat(await pdfPages((await download(shipper, s.id, 'shipment_summary')).rawPayload));
    expect(text).toContain('Pickup on 11/24/2026, 9:00 AM–4:00 PM');
    expect(text).toContain('No signature');
    expect(text).toContain('Residential delivery No');
  });
});

describe('every reference and a reefer range on paper', () => {
  const references = [
    { type: 'po_number', value: 'PO-88412' },
    { type: 'so_number', value: 'SO-5531' },
    { type: 'container_number', value: 'MSCU1234565' },
  ];

  it('prints all references on the BOL and pallet labels, and the parcel labels', async () => {
    const ltl = await insertShipment(t.database.db);
    const parcel = await insertShipment(t.database.db, { mode: 'parcel' });
    for (const s of [ltl, parcel]) await t.database.db.update(shipments).set({ references }).where(eq(shipments.id, s.id));
    for (const [id, kind] of [
      [ltl.id, 'bol'],
      [ltl.id, 'pallet_labels'],
      [parcel.id, 'labels'],
    ] as const) {
      const text = flat(await pdfPages((await download(shipper, id, kind)).rawPayload));
      for (const expected of ['PO Number: PO-88412', 'SO Number: SO-5531', 'Container Number: MSCU1234565']) {
        expect(text, kind).toContain(expected);
      }
    }
  });

  it("prints a reefer's range in °F and °C, continuous or cycle, on the rate confirmation and the BOL", async () => {
    const s = await insertShipment(t.database.db, { mode: 'truckload' });
    await t.database.db
      .update(shipments)
      .set({ service: 'reefer', temperature: { low_f: 34, high_f: 38, run: 'continuous' } })
      .where(eq(shipments.id, s.id));
    for (const kind of ['rate_confirmation', 'bol']) {
      expect(flat(await pdfPages((await reader(s.id, kind)).rawPayload))).toContain('34 °F to 38 °F (1 °C to 3 °C), continuous');
    }
    await t.database.db
      .update(shipments)
      .set({ temperature: { low_f: -10, high_f: 0, run: 'cycle' } })
      .where(eq(shipments.id, s.id));
    const es = flat(await pdfPages((await staffDownload(s.id, 'rate_confirmation', 'es')).rawPayload));
    expect(es).toContain('-10 °F a 0 °F (-23 °C a -18 °C), por ciclos');
  });
});
