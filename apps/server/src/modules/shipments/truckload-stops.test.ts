import type { ShipmentView, TruckloadConfirmationView } from '@freight/contracts';
import { MAX_TRUCKLOAD_STOPS } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { pdfPages } from '../documents/pdf-text';
import { book, bookingBody, businessDay, createQuote, pallet, type QuoteData, quoteRequest, text } from './test-helpers';

/** Truckload extra stops: quoted, rated through the route, booked, shown and printed. */
let t: TestApp;
let shipper: TestClient;
let ops: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  ops = await t.client().login('ops@demo.test');
});
afterAll(async () => {
  await t.close();
});

const truckload = { mode: 'truckload', equipment_type: 'dry_van', items: [{ ...pallet, quantity: 20 }], insured_value: 20_000 };
const drop = (postal_code = '46204') => ({ kind: 'drop', postal_code, country: 'US' });
const indianapolisPlace = (over: Record<string, unknown> = {}) => ({
  company: 'Circle City Foods',
  first_name: 'Dana',
  last_name: 'Price',
  email: 'dana@circlecity.example',
  phone: '3175550142',
  street1: '1 Monument Cir',
  city: 'Indianapolis',
  state: 'IN',
  postal_code: '46204',
  country: 'US',
  ...over,
});
const stopOf = (quote: QuoteData, over: Record<string, unknown> = {}) => ({
  place: indianapolisPlace(),
  date: quote.inputs.pickup_date,
  time_from: '13:00',
  time_to: '15:00',
  ...over,
});

interface RatedQuote extends QuoteData {
  road_miles: number;
  inputs: QuoteData['inputs'] & { stops: unknown[] };
  rates: (QuoteData['rates'][number] & { charges: { code: string; detail: string | null; amount_cents: number }[] })[];
}

describe('quoting a truckload with stops', () => {
  it('drives the route through the stops and charges a stop-off per stop', async () => {
    const direct = (await createQuote(t, shipper, truckload)) as RatedQuote;
    const routed = (await createQuote(t, shipper, { ...truckload, stops: [drop()] })) as RatedQuote;
    // Chicago -> Indianapolis -> Dallas is longer than Chicago -> Dallas.
    expect(routed.road_miles).toBeGreaterThan(direct.road_miles);
    expect(routed.inputs.stops).toEqual([drop()]);
    for (const rate of routed.rates) {
      const stopOff = rate.charges.filter((c) => c.detail === 'stop_off');
      expect(stopOff).toHaveLength(1);
      expect(stopOff[0]!.amount_cents).toBeGreaterThan(0);
    }
    expect(direct.rates.every((r) => !(r as RatedQuote['rates'][number]).charges.some((c) => c.detail === 'stop_off'))).toBe(true);
    const twoStops = (await createQuote(t, shipper, {
      ...truckload,
      stops: [drop(), { kind: 'pickup', postal_code: '63101', country: 'US' }],
    })) as RatedQuote;
    const perStop = routed.rates[0]!.charges.find((c) => c.detail === 'stop_off')!.amount_cents;
    const same = twoStops.rates.find((r) => r.carrier_name === routed.rates[0]!.carrier_name)!;
    expect(same.charges.find((c) => c.detail === 'stop_off')!.amount_cents).toBe(2 * perStop);
  });

  it('keeps the stops when the quote is read again and re-run', async () => {
    const quote = await createQuote(t, shipper, { ...truckload, stops: [drop()] });
    const read = await shipper.get(`/api/quotes/${quote.id}`);
    expect(read.json().data.inputs.stops).toEqual([drop()]);
    const rerun = await shipper.post(`/api/quotes/${quote.id}/rerun`, {});
    expect(rerun.statusCode).toBe(201);
    expect(rerun.json().data.inputs.stops).toEqual([drop()]);
    expect(rerun.json().data.rates[0].charges.some((c: { detail: string }) => c.detail === 'stop_off')).toBe(true);
  });

  it(`refuses more than ${MAX_TRUCKLOAD_STOPS} stops, stops on an LTL quote and a stop nobody can find, with field errors`, async () => {
    const many = Array.from({ length: MAX_TRUCKLOAD_STOPS + 1 }, () => drop());
    const tooMany = await shipper.post('/api/quotes', quoteRequest(t, { ...truckload, stops: many }));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ stops: [text('validation.stops_max')] });
    const atMax = await shipper.post('/api/quotes', quoteRequest(t, { ...truckload, stops: many.slice(1) }));
    expect(atMax.statusCode).toBe(201);

    const ltl = await shipper.post('/api/quotes', quoteRequest(t, { stops: [drop()] }));
    expect(ltl.statusCode).toBe(422);
    expect(ltl.json().errors).toEqual({ stops: [text('validation.stops_truckload_only')] });

    const unknown = await shipper.post('/api/quotes', quoteRequest(t, { ...truckload, stops: [drop('00000')] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'stops.0.postal_code': [text('validation.postal_code_unknown')] });

    const noKind = await shipper.post('/api/quotes', quoteRequest(t, { ...truckload, stops: [{ postal_code: '46204', country: 'US' }] }));
    expect(noKind.statusCode).toBe(422);
    expect(noKind.json().errors).toEqual({ 'stops.0.kind': [text('validation.required')] });
  });
});

describe('booking a truckload with stops', () => {
  it('books each stop with its place and window; the confirmation, its public link, staff and the documents show it', async () => {
    const quote = await createQuote(t, shipper, { ...truckload, stops: [drop()] });
    const res = await book(shipper, bookingBody(quote, { stops: [stopOf(quote, { place: indianapolisPlace({ street2: 'Dock B' }) })] }));
    expect(res.statusCode).toBe(201);
    const s = res.json().data as ShipmentView;
    expect(s.stops).toEqual([
      {
        kind: 'drop',
        place: expect.objectContaining({ company: 'Circle City Foods', street2: 'Dock B', city: 'Indianapolis', postal_code: '46204' }),
        date: quote.inputs.pickup_date,
        appointment: false,
        time_from: '13:00',
        time_to: '15:00',
      },
    ]);
    // The delivery place is the final one, without the stops kept beside it.
    expect(s.delivery).not.toHaveProperty('stops');
    expect(s.delivery.company).toBe('Dallas Receiving LLC');
    expect(s.charges.some((c) => c.label === text('shipment.charge.stop_off'))).toBe(true);

    const token = s.confirmation_path!.split('/').pop()!;
    const page = (await t.client().get(`/api/public/truckload-confirmations/${token}`)).json().data as TruckloadConfirmationView;
    expect(page.stops).toEqual([
      {
        kind: 'drop',
        place: expect.objectContaining({ company: 'Circle City Foods', contact: 'Dana Price', street2: 'Dock B', postal_code: '46204' }),
        date: quote.inputs.pickup_date,
        appointment: false,
        time_from: '13:00',
        time_to: '15:00',
      },
    ]);
    expect(page.stops[0]!.place).not.toHaveProperty('email');

    const staff = await ops.get(`/api/admin/shipments/${s.id}`);
    expect(staff.statusCode).toBe(200);
    expect(JSON.stringify(staff.json().data)).toContain('Circle City Foods');

    const bol = (await pdfPages((await shipper.get(`/api/shipments/${s.id}/documents/bol`)).rawPayload)).map((p) => p.text).join('\n');
    const flat = bol.replace(/\s+/g, ' ');
    expect(flat).toContain('Stop 1 – extra drop');
    expect(flat).toContain('Circle City Foods');
    expect(flat).toContain('1 Monument Cir, Dock B, Indianapolis, IN 46204');
    expect(flat).toContain('(317) 555-0142');
    // The rate confirmation states the carrier's cost: staff who see it (an admin; not ops) open it.
    const admin = await t.client().login('admin@demo.test');
    const rc = (await pdfPages((await admin.get(`/api/admin/shipments/${s.id}/documents/rate_confirmation`)).rawPayload))
      .map((p) => p.text)
      .join('\n')
      .replace(/\s+/g, ' ');
    expect(rc).toContain('Extra stops (in route order)');
    expect(rc).toContain('Stop 1 – extra drop');
    expect(rc).toContain('Indianapolis, IN 46204');
    expect(rc).toContain('Extra stops (stop-off)');

    // The stored row keeps the route beside the delivery place (no column of its own).
    const [row] = await t.database.db.select({ delivery: shipments.delivery }).from(shipments).where(eq(shipments.id, s.id));
    expect((row!.delivery as { stops: unknown[] }).stops).toHaveLength(1);
  });

  it('takes an appointment at one time instead of a window', async () => {
    const quote = await createQuote(t, shipper, { ...truckload, stops: [drop()] });
    const res = await book(
      shipper,
      bookingBody(quote, { stops: [stopOf(quote, { appointment: true, time_from: '10:30', time_to: '' })], pickup_date: businessDay(t) }),
    );
    expect(res.statusCode).toBe(201);
    expect((res.json().data as ShipmentView).stops[0]).toMatchObject({ appointment: true, time_from: '10:30', time_to: '' });
  });

  it('answers 422 with field errors per stop: a missing stop, a stop place left empty, a date before pickup', async () => {
    const quote = await createQuote(t, shipper, { ...truckload, stops: [drop()] });
    const missing = await book(shipper, bookingBody(quote));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ stops: [text('validation.stops_not_quoted')] });

    const empty = await book(
      shipper,
      bookingBody(quote, { stops: [stopOf(quote, { place: indianapolisPlace({ company: '', street1: '' }), time_to: '' })] }),
    );
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      'stops.0.place.company': [text('validation.required')],
      'stops.0.place.street1': [text('validation.required')],
      'stops.0.time_to': [text('validation.required')],
    });

    const early = await book(shipper, bookingBody(quote, { stops: [stopOf(quote, { date: '2020-01-02' })] }));
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ 'stops.0.date': [text('validation.stop_date_before_pickup')] });

    const elsewhere = await book(
      shipper,
      bookingBody(quote, { stops: [stopOf(quote, { place: indianapolisPlace({ postal_code: '46201' }) })] }),
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors).toEqual({ 'stops.0.place.postal_code': [text('validation.postal_code_not_quoted')] });

    const tooMany = await book(
      shipper,
      bookingBody(quote, { stops: Array.from({ length: MAX_TRUCKLOAD_STOPS + 1 }, () => stopOf(quote)) }),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ stops: [text('validation.stops_max')] });
  });

  it('reships with the stops and returns along the route backwards', async () => {
    const quote = await createQuote(t, shipper, { ...truckload, stops: [drop(), { kind: 'pickup', postal_code: '63101', country: 'US' }] });
    const stLouis = indianapolisPlace({
      company: 'Gateway Supply',
      city: 'St. Louis',
      state: 'MO',
      postal_code: '63101',
      street1: '100 Market St',
    });
    const booked = await book(shipper, bookingBody(quote, { stops: [stopOf(quote), stopOf(quote, { place: stLouis })] }));
    expect(booked.statusCode).toBe(201);
    const id = (booked.json().data as ShipmentView).id;
    const contact = { email: 'ann.lee@acme.example', phone: '3125550101' };
    const again = (await shipper.post(`/api/shipments/${id}/reship`, { kind: 'reship', ...contact })).json().data;
    expect(again.inputs.stops).toEqual([drop(), { kind: 'pickup', postal_code: '63101', country: 'US' }]);
    expect(again.booking_prefill.stops.map((p: { company: string }) => p.company)).toEqual(['Circle City Foods', 'Gateway Supply']);
    const back = (await shipper.post(`/api/shipments/${id}/reship`, { kind: 'return', ...contact })).json().data;
    expect(back.inputs.stops).toEqual([
      { kind: 'drop', postal_code: '63101', country: 'US' },
      { ...drop(), kind: 'pickup' },
    ]);
    expect(back.booking_prefill.stops.map((p: { company: string }) => p.company)).toEqual(['Gateway Supply', 'Circle City Foods']);
  });
});
