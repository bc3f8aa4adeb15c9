import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shipments, userSettings, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { pdfPages } from '../documents/pdf-text';
import { pallet } from '../shipments/booking-fixtures';
import { everyCountryBusinessDay, quoteAndBook, text } from '../shipments/test-helpers';
import { insertShipment, setTrackingSecret, signature } from '../tracking/test-fixtures';
import { monterreyPlace, ourBroker, ownBroker, usmcaItem } from './customs.test-support';

/** The declaration's one line as corrected: the same good at another value. */
const usmcaLine = (unit_value_cents: number) => ({ hs_code: '8471.30.01', origin_country: 'US', unit_value_cents });

const SECRET = 'customs-queue-secret';
let t: TestApp;
let shipper: TestClient;
let ops: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  ops = await t.client().login('ops@demo.test');
  await setTrackingSecret(t.database.db, 'DFRC', SECRET);
});
afterAll(async () => {
  await t.close();
});

interface QueueItem {
  id: string;
  stage: string;
  since: string;
  hold_reason: string | null;
  entry_number: string | null;
  corrected_at: string | null;
  broker: Record<string, unknown> | null;
  documents: string[];
  port_name: string;
  account: { name: string };
}

/** Books Chicago to Monterrey with the customs declaration; answers the shipment. */
async function bookToMonterrey() {
  const { shipment } = await quoteAndBook(
    t,
    shipper,
    {
      pickup_date: everyCountryBusinessDay(t),
      destination: { postal_code: '64000', country: 'MX', site_type: 'business' },
      items: [pallet],
    },
    {
      delivery: monterreyPlace,
      customs: {
        incoterm: 'DAP',
        currency: 'USD',
        items: [usmcaItem],
        brokers: [ownBroker('US'), ourBroker('MX')],
        tax_id: 'ANE010203XY9',
      },
    },
  );
  expect(shipment.crossing).toMatchObject({ port: 'laredo' });
  return shipment as { id: string; bol_number: string; scac: string };
}

async function queueItem(id: string, client = ops, query = '') {
  const res = await client.get(`/api/admin/customs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as QueueItem[]).find((i) => i.id === id);
}

/** The carrier's 214 events, posted as its system would (signed). */
async function carrierSays(scac: string, bol: string, events: Record<string, string>[]) {
  const raw = JSON.stringify({ events: events.map((e) => ({ bol_number: bol, ...e })) });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/carriers/${scac}/tracking-events`,
    headers: { 'content-type': 'application/json', 'x-signature': signature(SECRET, raw) },
    payload: raw,
  });
  await t.app.background.drain();
  expect(res.statusCode, res.body).toBe(202);
}

const auditOf = (id: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('the customs queue', () => {
  it('follows a shipment from its broker to the border, a hold, the corrected document and the release', async () => {
    const s = await bookToMonterrey();
    if (s.scac !== 'DFRC') await setTrackingSecret(t.database.db, s.scac, SECRET);

    // Booked: waiting for the Mexican broker's pedimento; our broker on the entered side; no PAPS/PARS into Mexico.
    let row = await queueItem(s.id);
    expect(row).toMatchObject({
      stage: 'waiting_for_broker',
      entry_number: null,
      port_name: 'Laredo, TX – Nuevo Laredo, TAM',
      broker: { country: 'MX', ours: true },
      documents: ['bol', 'commercial_invoice', 'usmca_certification', 'carta_porte'],
      account: { name: expect.any(String) },
    });

    // The pedimento: refused in another form, kept in its printed one and audited.
    const url = `/api/admin/customs/${s.id}/entry`;
    const bad = await ops.put(url, { entry_number: 'ABC-1234567-8' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ entry_number: [text('validation.entry_number_mx')] });
    const recorded = await ops.put(url, { entry_number: '26 24 3456 6001234' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data).toMatchObject({ stage: 'ready', entry_number: '26  24  3456  6001234' });
    const [entryAudit] = await auditOf(s.id, 'shipment.customs_entry');
    expect(entryAudit).toMatchObject({ targetLabel: s.bol_number, actorEmail: 'ops@demo.test' });

    // Nothing to correct before a hold.
    const early = await ops.post(`/api/admin/customs/${s.id}/correction`, { document: 'commercial_invoice', note: 'New value' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(text('errors.customs_not_held'));

    // The carrier reports the border: arrived at Laredo, then held in Nuevo Laredo for a missing document.
    await carrierSays(s.scac, s.bol_number, [
      { status_code: 'X4', occurred_at: '2026-11-25T14:10:00-06:00', city: 'Laredo', state: 'TX', description: 'Arrived at the border' },
    ]);
    expect((await queueItem(s.id))?.stage).toBe('at_border');
    await carrierSays(s.scac, s.bol_number, [
      { status_code: 'SD', reason_code: 'BC', occurred_at: '2026-11-25T16:40:00-06:00', city: 'Nuevo Laredo', state: 'TAM' },
    ]);
    row = await queueItem(s.id, ops, '?stage=held');
    expect(row).toMatchObject({ stage: 'held', since: '2026-11-25T22:40:00.000Z', hold_reason: 'Shipment delayed (missing documents)' });
    // The shipper is asked to act, and reads why on the shipment.
    const seen = (await shipper.get(`/api/shipments/${s.id}`)).json().data;
    expect(seen).toMatchObject({ status: 'delayed', action_required: true });

    // The corrected document goes to the broker: back at the border, waiting for the release; audited with the note.
    const missing = await ops.post(`/api/admin/customs/${s.id}/correction`, { document: 'commercial_invoice' });
    expect(missing.statusCode).toBe(422);
    // Its lines corrected too: each checked as at booking, under its own field.
    const wrongLines = await ops.post(`/api/admin/customs/${s.id}/correction`, {
      document: 'commercial_invoice',
      note: 'Unit value corrected to USD 1,300.00',
      lines: [{ hs_code: '84', origin_country: 'US', unit_value_cents: 0 }],
    });
    expect(wrongLines.json().errors).toEqual({
      'lines.0.hs_code': [text('validation.hs_code')],
      'lines.0.unit_value_cents': [text('validation.positive')],
    });
    const tooMany = await ops.post(`/api/admin/customs/${s.id}/correction`, {
      document: 'commercial_invoice',
      note: 'x',
      lines: [usmcaLine(130_000), usmcaLine(130_000)],
    });
    expect(tooMany.json().errors).toEqual({ lines: [text('validation.customs_items')] });
    const notUsmca = await ops.post(`/api/admin/customs/${s.id}/correction`, {
      document: 'commercial_invoice',
      note: 'x',
      lines: [{ ...usmcaLine(130_000), origin_country: 'CN' }],
    });
    expect(notUsmca.json().errors).toEqual({ 'lines.0.usmca': [text('validation.usmca_origin')] });
    const corrected = await ops.post(`/api/admin/customs/${s.id}/correction`, {
      document: 'commercial_invoice',
      note: 'Unit value corrected to USD 1,300.00',
      lines: [usmcaLine(130_000)],
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data).toMatchObject({
      stage: 'at_border',
      corrected_at: t.clock.now.toISOString(),
      customs_version: 2,
      lines: [{ hs_code: '84713001', origin_country: 'US', unit_value_cents: 130_000, currency: 'USD' }],
    });
    const [correctionAudit] = await auditOf(s.id, 'shipment.customs_correction');
    expect(correctionAudit?.after).toMatchObject({
      document: 'commercial_invoice',
      note: 'Unit value corrected to USD 1,300.00',
      version: 2,
    });
    expect(correctionAudit?.before).toMatchObject({ version: 1, lines: [{ unit_value_cents: 125_000 }] });

    // The documents print the corrected declaration; the first version is kept and prints as it was.
    const shipperView = (await shipper.get(`/api/shipments/${s.id}`)).json().data;
    expect(shipperView).toMatchObject({ customs_version: 2, customs: { items: [{ unit_value_cents: 130_000, sat_key: '43211503' }] } });
    const invoice = (version?: number) =>
      shipper.get(`/api/shipments/${s.id}/documents/commercial_invoice?language=en${version ? `&version=${version}` : ''}`);
    const now = (await pdfPages((await invoice()).rawPayload)).map((p) => p.text).join(' ');
    expect(now).toContain('$1,300.00');
    const first = await invoice(1);
    expect(first.headers['content-disposition']).toContain('-v1.pdf');
    expect((await pdfPages(first.rawPayload)).map((p) => p.text).join(' ')).toContain('$1,250.00');
    expect((await invoice(2)).statusCode).toBe(200);
    expect((await invoice(3)).statusCode).toBe(404);
    expect((await shipper.get(`/api/shipments/${s.id}/documents/bol?version=1`)).statusCode).toBe(404);

    // Released by Mexican customs, then handed to the Mexican carrier: released, until delivered.
    await carrierSays(s.scac, s.bol_number, [
      {
        status_code: 'RH',
        occurred_at: '2026-11-26T09:15:00-06:00',
        city: 'Nuevo Laredo',
        state: 'TAM',
        description: 'Released by Mexican customs',
      },
      { status_code: 'J1', occurred_at: '2026-11-26T11:00:00-06:00', city: 'Nuevo Laredo', state: 'TAM' },
    ]);
    row = await queueItem(s.id);
    expect(row).toMatchObject({ stage: 'released', since: '2026-11-26T15:15:00.000Z', hold_reason: null });
    expect((await shipper.get(`/api/shipments/${s.id}`)).json().data).toMatchObject({ status: 'in_transit', action_required: false });
    await carrierSays(s.scac, s.bol_number, [
      { status_code: 'D1', occurred_at: '2026-11-27T13:00:00-06:00', city: 'Monterrey', state: 'NLE' },
    ]);
    expect(await queueItem(s.id)).toBeUndefined();
  });

  it('shows the shipper where customs have its shipment, and lets it record the reference its own broker gave', async () => {
    const s = await bookToMonterrey();
    let view = (await shipper.get(`/api/shipments/${s.id}`)).json().data;
    expect(view).toMatchObject({ customs_stage: { stage: 'waiting_for_broker' }, customs_entry_number: null });
    const url = `/api/shipments/${s.id}/customs-entry`;
    const bad = await shipper.put(url, { entry_number: '1234' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ entry_number: [text('validation.entry_number_mx')] });
    const good = await shipper.put(url, { entry_number: '262434566001234' });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toEqual({ entry_number: '26  24  3456  6001234' });
    view = (await shipper.get(`/api/shipments/${s.id}`)).json().data;
    expect(view).toMatchObject({ customs_stage: { stage: 'ready' }, customs_entry_number: '26  24  3456  6001234' });
    // Another account's shipment is not found; staff see the same reference in the queue.
    const other = await t.client().login('other@demo.test');
    expect((await other.put(url, { entry_number: '262434566001234' })).statusCode).toBe(404);
    expect((await queueItem(s.id))?.entry_number).toBe('26  24  3456  6001234');
  });

  it('says the hold in the reader’s language', async () => {
    const s = await bookToMonterrey();
    if (s.scac !== 'DFRC') await setTrackingSecret(t.database.db, s.scac, SECRET);
    await carrierSays(s.scac, s.bol_number, [
      { status_code: 'X4', occurred_at: '2026-11-25T14:10:00-06:00', city: 'Laredo', state: 'TX' },
      {
        status_code: 'SD',
        reason_code: 'BC',
        occurred_at: '2026-11-25T16:40:00-06:00',
        city: 'Nuevo Laredo',
        state: 'TAM',
        description: 'Held by customs: a document is missing',
      },
    ]);
    const [opsUser] = await t.database.db.select().from(users).where(eq(users.email, 'ops@demo.test'));
    await t.database.db
      .update(userSettings)
      .set({ language: 'es' })
      .where(eq(userSettings.userId, opsUser?.id ?? ''));
    const spanish = await t.client().login('ops@demo.test');
    const res = await spanish.get('/api/admin/customs?stage=held');
    await t.database.db
      .update(userSettings)
      .set({ language: 'en' })
      .where(eq(userSettings.userId, opsUser?.id ?? ''));
    const row = (res.json().data as QueueItem[]).find((i) => i.id === s.id);
    expect(row?.hold_reason).toBe('Retenido por la aduana: falta un documento');
    expect(res.json().counts.held).toBeGreaterThanOrEqual(1);
  });

  it('puts a shipment across the border without a declaration under documents missing, with only its BOL', async () => {
    const s = await insertShipment(t.database.db);
    await t.database.db
      .update(shipments)
      .set({
        crossing: { port: 'detroit', kind: 'single_line' },
        destinationCity: 'Toronto',
        destinationState: 'ON',
        destinationCountry: 'CA',
      })
      .where(eq(shipments.id, s.id));
    expect(await queueItem(s.id, ops, '?stage=documents_missing')).toMatchObject({
      stage: 'documents_missing',
      broker: null,
      documents: ['bol'],
    });
    // Into Canada the reference is the broker's 14-digit transaction number.
    const bad = await ops.put(`/api/admin/customs/${s.id}/entry`, { entry_number: '26 24 3456 6001234' });
    expect(bad.json().errors).toEqual({ entry_number: [text('validation.entry_number_ca')] });
  });

  it('answers 404 for a shipment within one country or an unknown id, and only to the staff who work the exceptions', async () => {
    const domestic = await insertShipment(t.database.db);
    for (const id of [domestic.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await ops.put(`/api/admin/customs/${id}/entry`, { entry_number: '12345123456789' })).statusCode).toBe(404);
    }
    const accounting = await t.client().login('accounting@demo.test');
    for (const client of [shipper, accounting]) {
      expect((await client.get('/api/admin/customs')).statusCode).toBe(403);
      expect((await client.put(`/api/admin/customs/${domestic.id}/entry`, { entry_number: '12345123456789' })).statusCode).toBe(403);
      expect((await client.post(`/api/admin/customs/${domestic.id}/correction`, { document: 'bol', note: 'x' })).statusCode).toBe(403);
    }
  });
});
