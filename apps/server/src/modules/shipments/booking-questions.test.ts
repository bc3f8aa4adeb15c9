import type { ShipmentListItem, ShipmentView } from '@freight/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentReferences, shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { book, bookingBody, box, createQuote, pallet, type QuoteData, text } from './test-helpers';

/** What a booking asks beyond the places: several references, a parcel's own questions, a reefer's temperature. */

let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let ops: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  ops = await t.client().login('ops@demo.test');
});
afterAll(() => t.close());

const db = () => t.database.db;

async function booked(c: TestClient, quote: QuoteData, over: Record<string, unknown>) {
  const res = await book(c, bookingBody(quote, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as ShipmentView;
}
async function refused(quote: QuoteData, over: Record<string, unknown>, expected: Record<string, string>) {
  const res = await book(shipper, bookingBody(quote, over));
  expect(res.statusCode, res.body).toBe(422);
  const errors = res.json().errors as Record<string, string[]>;
  for (const [field, key] of Object.entries(expected)) expect(errors[field], field).toEqual([text(key)]);
}
const without = (body: Record<string, unknown>, ...fields: string[]) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => !fields.includes(k)));

describe('several references', () => {
  const references = [
    { type: 'po_number', value: 'PO-7781' },
    { type: 'so_number', value: 'SO-5521' },
    { type: 'shipper_reference', value: 'acme-ref-19' },
  ];

  it('stores them in order: the list, the search text, the first as the single pair, one row each', async () => {
    const quote = await createQuote(t, shipper);
    const body = without(bookingBody(quote, { references }), 'reference_type', 'reference_number');
    const res = await book(shipper, body);
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json().data as ShipmentView;
    expect(s.references).toEqual(references);
    expect([s.reference_type, s.reference_number]).toEqual(['po_number', 'PO-7781']);
    const [row] = await db().select().from(shipments).where(eq(shipments.id, s.id));
    expect(row?.referenceText).toBe('PO-7781 SO-5521 acme-ref-19');
    const rows = await db()
      .select()
      .from(shipmentReferences)
      .where(eq(shipmentReferences.shipmentId, s.id))
      .orderBy(asc(shipmentReferences.position));
    expect(rows.map((r) => [r.position, r.type, r.value])).toEqual([
      [0, 'po_number', 'PO-7781'],
      [1, 'so_number', 'SO-5521'],
      [2, 'shipper_reference', 'acme-ref-19'],
    ]);
    const detail = (await shipper.get(`/api/shipments/${s.id}`)).json().data as ShipmentView;
    expect(detail.references).toEqual(references);

    // My Shipments finds it by any of them, any case; another account never does.
    const list = async (c: TestClient, q: string) =>
      ((await c.get(`/api/shipments?q=${encodeURIComponent(q)}`)).json().data as ShipmentListItem[]).map((x) => x.id);
    for (const q of ['so-5521', 'ACME-REF-19', 'PO-7781']) expect(await list(shipper, q), q).toEqual([s.id]);
    expect(await list(other, 'SO-5521')).toEqual([]);
    const [item] = (await shipper.get('/api/shipments?q=SO-5521')).json().data as ShipmentListItem[];
    expect(item?.references).toEqual(references);

    // Staff find it across accounts by any reference, whole and in any case.
    for (const q of ['so-5521', 'ACME-REF-19']) {
      const found = (await ops.get(`/api/admin/shipments?q=${encodeURIComponent(q)}`)).json().data as { id: string }[];
      expect(
        found.map((x) => x.id),
        q,
      ).toEqual([s.id]);
    }
    expect((await ops.get('/api/admin/shipments?q=SO-55')).json().data).toEqual([]);
  });

  it('keeps the single reference pair working: it becomes the first reference', async () => {
    const quote = await createQuote(t, shipper);
    const s = await booked(shipper, quote, { reference_type: 'po_number', reference_number: 'PO-1', references: [references[1]] });
    expect(s.references).toEqual([{ type: 'po_number', value: 'PO-1' }, references[1]]);
    const alone = await booked(shipper, await createQuote(t, shipper), {});
    expect(alone.references).toEqual([{ type: 'po_number', value: 'PO-4471' }]);
    const none = await booked(shipper, await createQuote(t, shipper), { reference_type: undefined, reference_number: '' });
    expect([none.references, none.reference_type, none.reference_number]).toEqual([[], null, '']);
  });

  it('refuses an exact repeat, more than 8, an unknown type and an empty value', async () => {
    const quote = await createQuote(t, shipper);
    await refused(quote, { references: [references[0], references[0]] }, { 'references.1.value': 'validation.duplicate' });
    const nine = Array.from({ length: 9 }, (_, n) => ({ type: 'po_number', value: `PO-${n}` }));
    await refused(quote, { reference_type: undefined, reference_number: '', references: nine }, { references: 'validation.too_many' });
    // Eight plus the single pair is nine too.
    await refused(quote, { references: nine.slice(1) }, { references: 'validation.too_many' });
    await refused(quote, { references: [{ type: 'bol', value: 'X' }] }, { 'references.0.type': 'validation.choice' });
    await refused(quote, { references: [{ type: 'po_number', value: ' ' }] }, { 'references.0.value': 'validation.required' });
  });
});

describe('parcel bookings ask parcel questions', () => {
  const parcelQuote = (over: Record<string, unknown> = {}) => createQuote(t, shipper, { mode: 'parcel', items: [box], ...over });
  const ups = (quote: QuoteData) => quote.rates.find((r) => r.scac === 'UPSN')!.id;

  it('books a pickup with its window and options; the pickup note follows the handoff', async () => {
    const quote = await parcelQuote({
      signature: 'adult_signature',
      destination: { postal_code: '75201', country: 'US', site_type: 'residential' },
    });
    const options = { handoff: 'pickup', signature: 'adult_signature', residential: true };
    const s = await booked(shipper, quote, { rate_id: ups(quote), parcel_options: options });
    expect(s).toMatchObject({ parcel_options: options, pickup_note: 'pickup_confirmed', ready_time: '09:00', close_time: '17:00' });
    expect(s.delivery_appointment).toBe(false);
    expect(s.documents.map((d) => d.kind)).not.toContain('bol');
  });

  it('books a drop-off without a window', async () => {
    const quote = await parcelQuote();
    const options = { handoff: 'drop_off', signature: 'none', residential: false };
    const body = without(bookingBody(quote, { rate_id: ups(quote), parcel_options: options }), 'ready_time', 'close_time');
    const res = await book(shipper, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ parcel_options: options, pickup_note: 'shipper_drops_off', ready_time: '', close_time: '' });
  });

  it('needs the parcel options and refuses the dock questions, a window with a drop-off and a note that contradicts the handoff', async () => {
    const quote = await parcelQuote();
    await refused(quote, { parcel_options: undefined }, { parcel_options: 'validation.required' });
    await refused(
      quote,
      { residential_or_liftgate: true, delivery_appointment: false, delivery_date: '2099-01-05' },
      {
        residential_or_liftgate: 'validation.not_for_parcel',
        delivery_appointment: 'validation.not_for_parcel',
        delivery_date: 'validation.not_for_parcel',
      },
    );
    await refused(
      quote,
      { parcel_options: { handoff: 'drop_off', signature: 'none', residential: false } },
      { ready_time: 'validation.drop_off_no_window' },
    );
    const pickup = { handoff: 'pickup', signature: 'none', residential: false };
    await refused(quote, { parcel_options: pickup, ready_time: undefined }, { ready_time: 'validation.required' });
    await refused(quote, { parcel_options: pickup, pickup_note: 'shipper_drops_off' }, { pickup_note: 'validation.pickup_note_handoff' });
    await refused(quote, { temperature: { low_f: 34, high_f: 38, run: 'cycle' } }, { temperature: 'validation.reefer_only' });
  });

  it('takes only the signature and residential delivery the rates priced', async () => {
    const quote = await parcelQuote();
    await refused(
      quote,
      { parcel_options: { handoff: 'pickup', signature: 'adult_signature', residential: false } },
      {
        'parcel_options.signature': 'validation.requote_signature',
      },
    );
    await refused(
      quote,
      { parcel_options: { handoff: 'pickup', signature: 'none', residential: true } },
      {
        'parcel_options.residential': 'validation.requote_residential',
      },
    );
  });

  it('LTL refuses parcel options and still needs the dock question and a window', async () => {
    const quote = await createQuote(t, shipper);
    await refused(
      quote,
      { parcel_options: { handoff: 'pickup', signature: 'none', residential: false } },
      { parcel_options: 'validation.parcel_only' },
    );
    await refused(
      quote,
      { residential_or_liftgate: undefined, close_time: undefined },
      {
        residential_or_liftgate: 'validation.required',
        close_time: 'validation.required',
      },
    );
  });
});

describe('a reefer truckload takes a temperature range', () => {
  const load = (equipment_type: string) => ({
    mode: 'truckload',
    equipment_type,
    items: [{ ...pallet, quantity: 20 }],
    insured_value: 20_000,
  });

  it('is stored and shown for a reefer, required there', async () => {
    const quote = await createQuote(t, shipper, load('reefer'));
    await refused(quote, { temperature: undefined }, { temperature: 'validation.required' });
    await refused(
      quote,
      { temperature: { low_f: 40, high_f: 34, run: 'continuous' } },
      { 'temperature.high_f': 'validation.temperature_range' },
    );
    await refused(quote, { temperature: { low_f: 34.5, high_f: 38, run: 'continuous' } }, { 'temperature.low_f': 'validation.integer' });
    const range = { low_f: -10, high_f: 0, run: 'cycle' };
    const s = await booked(shipper, quote, { temperature: range });
    expect(s.temperature).toEqual(range);
    expect((await shipper.get(`/api/shipments/${s.id}`)).json().data.temperature).toEqual(range);
  });

  it('is refused for other equipment and modes', async () => {
    const range = { low_f: 34, high_f: 38, run: 'continuous' };
    const van = await createQuote(t, shipper, load('dry_van'));
    await refused(van, { temperature: range }, { temperature: 'validation.reefer_only' });
    await refused(await createQuote(t, shipper), { temperature: range }, { temperature: 'validation.reefer_only' });
    const s = await booked(shipper, van, {});
    expect(s.temperature).toBeNull();
  });
});
