import { POD_DOCUMENT_MAX_BYTES } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryReceipts, shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { demoPodShipment, demoProofOfDelivery } from '../tracking/demo-pod';
import { insertShipment, setTrackingSecret, signature } from '../tracking/test-fixtures';
import { deliveryReceiptsService } from './delivery-receipts.service';
import { pdfPages } from './pdf-text';

/**
 * Proof of delivery: a carrier posts it with its D1 event (validated, bounded, its document told
 * by its bytes), the shipper reads and downloads its own (another account's is a 404), staff any.
 */
let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let staff: TestClient;
const SECRET = 'pod-test-secret-0123456789abcdef';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAWk1v8QAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  await setTrackingSecret(t.database.db, 'ODFL', SECRET);
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  staff = await t.client().login('super@demo.test');
});
afterAll(() => t.close());

async function post(body: unknown) {
  const raw = JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/carriers/ODFL/tracking-events',
    headers: { 'content-type': 'application/json', 'x-signature': signature(SECRET, raw) },
    payload: raw,
  });
  await t.app.jobs.runDue(50);
  await t.app.background.drain();
  return res;
}

const delivered = (bol: string, pod: unknown, extra: Record<string, unknown> = {}) => ({
  events: [{ bol_number: bol, status_code: 'D1', occurred_at: '2026-11-20T14:05:00-06:00', city: 'Dallas', state: 'TX', pod, ...extra }],
});

const receiptOf = async (id: string) => (await t.database.db.select().from(deliveryReceipts).where(eq(deliveryReceipts.shipmentId, id)))[0];

describe('carrier intake', () => {
  it('stores the receipt of a delivered event: signer, time, exceptions and the scanned document told by its bytes', async () => {
    const row = await insertShipment(t.database.db, { status: 'in_transit' });
    const res = await post(
      delivered(row.bolNumber, {
        signer_name: 'R. Gomez',
        signed_at: '2026-11-20T14:02:00-06:00',
        exceptions: [{ kind: 'damage', pieces: 1, note: 'Crushed corner' }],
        document: { content_base64: PNG.toString('base64'), file_name: 'pod.pdf' },
      }),
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.accepted).toBe(1);
    const receipt = await receiptOf(row.id);
    expect(receipt).toMatchObject({
      signerName: 'R. Gomez',
      source: 'carrier_api',
      documentType: 'image/png',
      exceptions: [{ kind: 'damage', pieces: 1, note: 'Crushed corner' }],
    });
    expect(receipt?.signedAt.toISOString()).toBe('2026-11-20T20:02:00.000Z');
    expect(receipt?.document?.equals(PNG)).toBe(true);
    const [shipment] = await t.database.db.select().from(shipments).where(eq(shipments.id, row.id));
    expect(shipment?.status).toBe('delivered');
  });

  it('takes the event time when no signing time is given; a later post replaces the receipt', async () => {
    const row = await insertShipment(t.database.db, { status: 'in_transit' });
    expect((await post(delivered(row.bolNumber, { signer_name: 'First' }))).statusCode).toBe(202);
    expect((await receiptOf(row.id))?.signedAt.toISOString()).toBe('2026-11-20T20:05:00.000Z');
    const again = await post(delivered(row.bolNumber, { signer_name: 'Second', document: { content_base64: PDF.toString('base64') } }));
    expect(again.statusCode).toBe(202);
    expect(again.json().data.duplicates).toBe(1);
    expect(await receiptOf(row.id)).toMatchObject({ signerName: 'Second', documentType: 'application/pdf', exceptions: [] });
  });

  it('refuses a receipt with an event other than delivered, a bad exception, a document of another type or too large', async () => {
    const row = await insertShipment(t.database.db, { status: 'in_transit' });
    const cases: [unknown, string][] = [
      [delivered(row.bolNumber, { signer_name: 'X' }, { status_code: 'X6' }), 'events.0.pod'],
      [delivered(row.bolNumber, { signer_name: '' }), 'events.0.pod.signer_name'],
      [delivered(row.bolNumber, { signer_name: 'X', exceptions: [{ kind: 'lost', pieces: 1 }] }), 'events.0.pod.exceptions.0.kind'],
      [delivered(row.bolNumber, { signer_name: 'X', exceptions: [{ kind: 'damage', pieces: 0 }] }), 'events.0.pod.exceptions.0.pieces'],
      [
        delivered(row.bolNumber, { signer_name: 'X', document: { content_base64: Buffer.from('MZ not a receipt').toString('base64') } }),
        'events.0.pod.document.content_base64',
      ],
      [
        delivered(row.bolNumber, { signer_name: 'X', document: { content_base64: Buffer.from('GIF89a......').toString('base64') } }),
        'events.0.pod.document.content_base64',
      ],
      [
        delivered(row.bolNumber, {
          signer_name: 'X',
          document: { content_base64: Buffer.concat([PDF, Buffer.alloc(POD_DOCUMENT_MAX_BYTES)]).toString('base64') },
        }),
        'events.0.pod.document.content_base64',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), res.body).toContain(field);
    }
    // Nothing of a refused post is stored: not the event, not the receipt.
    expect(await receiptOf(row.id)).toBeUndefined();
    const [shipment] = await t.database.db.select().from(shipments).where(eq(shipments.id, row.id));
    expect(shipment?.status).toBe('in_transit');
  });

  it('names the size limit and the types in the refusal', async () => {
    const row = await insertShipment(t.database.db, { status: 'in_transit' });
    const res = await post(
      delivered(row.bolNumber, { signer_name: 'X', document: { content_base64: Buffer.from('GIF89a......').toString('base64') } }),
    );
    expect(res.json().errors['events.0.pod.document.content_base64']).toEqual(['Attach the delivery receipt as a PDF, PNG or JPEG file']);
  });
});

describe('reading and downloading', () => {
  let id: string;
  beforeAll(async () => {
    const row = await insertShipment(t.database.db, { status: 'in_transit' });
    id = row.id;
    await post(
      delivered(row.bolNumber, {
        signer_name: 'Dana Receiver',
        exceptions: [{ kind: 'shortage', pieces: 2, note: 'Two cartons short' }],
        document: { content_base64: PNG.toString('base64') },
      }),
    );
  });

  it('shows the shipper its own receipt and downloads it as a PDF with the receipt in words', async () => {
    const view = await shipper.get(`/api/shipments/${id}/proof-of-delivery`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toMatchObject({
      signer_name: 'Dana Receiver',
      source: 'carrier_api',
      exceptions: [{ kind: 'shortage', pieces: 2, note: 'Two cartons short' }],
      document_type: 'image/png',
      has_signature: false,
      pdf_url: `/api/shipments/${id}/proof-of-delivery/pdf`,
    });
    const pdf = await shipper.get(`/api/shipments/${id}/proof-of-delivery/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="POD-\d+\.pdf"$/);
    const text = (await pdfPages(pdf.rawPayload)).map((p) => p.text).join('\n');
    expect(text).toContain('PROOF OF DELIVERY');
    expect(text).toContain('Dana Receiver');
    expect(text).toContain('Shortage');
    expect(text).toContain('Two cartons short');
    // Signed with the D1 event at 14:05 in Dallas: the consignee's clock, named.
    expect(text).toMatch(/Nov 20, 2026,? 2:05\sPM CST/);
    const spanish = await shipper.get(`/api/shipments/${id}/proof-of-delivery/pdf?language=es`);
    expect((await pdfPages(spanish.rawPayload)).map((p) => p.text).join('\n')).toContain('COMPROBANTE DE ENTREGA');
    const doc = await shipper.get(`/api/shipments/${id}/proof-of-delivery/document`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('image/png');
    expect(doc.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers another account 404 on every door', async () => {
    for (const path of ['', '/pdf', '/document']) {
      expect((await other.get(`/api/shipments/${id}/proof-of-delivery${path}`)).statusCode).toBe(404);
    }
  });

  it('opens every account receipt to staff through the shipment pages door', async () => {
    const view = await staff.get(`/api/admin/shipments/${id}/proof-of-delivery`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.pdf_url).toBe(`/api/admin/shipments/${id}/proof-of-delivery/pdf`);
    const pdf = await staff.get(`/api/admin/shipments/${id}/proof-of-delivery/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect((await pdfPages(pdf.rawPayload)).map((p) => p.text).join('\n')).toContain('Dana Receiver');
    expect((await shipper.get(`/api/admin/shipments/${id}/proof-of-delivery`)).statusCode).toBe(403);
  });

  it('answers 404 for a shipment without a receipt', async () => {
    const row = await insertShipment(t.database.db, { status: 'in_transit' });
    expect((await shipper.get(`/api/shipments/${row.id}/proof-of-delivery`)).statusCode).toBe(404);
    expect((await shipper.get(`/api/shipments/${row.id}/proof-of-delivery/pdf`)).statusCode).toBe(404);
  });

  it('draws the demo receipt signature into its PDF', async () => {
    const row = await insertShipment(t.database.db, { status: 'delivered' });
    const receipts = deliveryReceiptsService({ db: t.database.db, now: () => t.clock.now });
    await receipts.recordDemo(row.id, demoProofOfDelivery(demoPodShipment(row), '2026-11-20T15:30:00-06:00'));
    const view = (await shipper.get(`/api/shipments/${row.id}/proof-of-delivery`)).json().data;
    expect(view).toMatchObject({ source: 'demo', has_signature: true, document_type: null });
    const pdf = await shipper.get(`/api/shipments/${row.id}/proof-of-delivery/pdf`);
    expect(pdf.statusCode).toBe(200);
    const pages = await pdfPages(pdf.rawPayload);
    expect(pages.map((p) => p.text).join('\n')).toContain(view.signer_name);
    expect(pages[0]?.images).toBe(1);
  });
});
