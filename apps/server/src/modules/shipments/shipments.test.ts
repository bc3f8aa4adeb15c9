import { randomUUID } from 'node:crypto';
import type { ShipmentListItem, ShipmentView } from '@freight/contracts';
import { isVicsBolNumber, SUPPORT_PHONE } from '@freight/domain';
import { addDays, dayOfWeek, nextBusinessDay } from '@freight/domain/rating';
import { and, count, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TariffCarrier } from '../../carrier-adapters/tariff-carrier';
import type { AppContext } from '../../context';
import { COUNT_AHEAD } from '../../db/count-ahead';
import { accounts, addressBook, jobs, quotes, shipmentEvents, shipments, users } from '../../db/schema';
import { AppError } from '../../errors';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { browserCard } from '../payments/stripe-test-helpers';
import { bookingService } from './booking.service';
import {
  book,
  bookingBody,
  box,
  chicagoPlace,
  createQuote,
  dallasPlace,
  pallet,
  type QuoteData,
  quoteAndBook,
  text,
  today,
} from './test-helpers';

let t: TestApp;
let shipper: TestClient;
let other: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
async function accountIdOf(email: string) {
  const [row] = await db().select({ id: users.accountId }).from(users).where(eq(users.email, email));
  return row!.id!;
}

describe('POST /api/shipments', () => {
  it('books the rate: a VICS BOL, the carrier numbers, the quote marked booked, places saved back', async () => {
    const quote = await createQuote(t, shipper);
    const rate = quote.rates[0]!;
    const res = await book(
      shipper,
      bookingBody(quote, { pickup: chicagoPlace({ save_to_address_book: true }), delivery: dallasPlace({ save_to_address_book: true }) }),
    );
    expect(res.statusCode).toBe(201);
    const s = res.json().data as ShipmentView;
    expect(s.bol_number).toMatch(/^\d{17}$/);
    expect(isVicsBolNumber(s.bol_number)).toBe(true);
    expect(s.pro_number).toMatch(/^\d{9,10}$/);
    expect(s.pickup_number).toMatch(/^\d{8}$/);
    expect(s.tracking_number).toBeNull();
    expect(s).toMatchObject({
      status: 'pending',
      action_required: false,
      mode: 'ltl',
      quote_id: quote.id,
      carrier_name: rate.carrier_name,
      scac: rate.scac,
      pickup_date: quote.inputs.pickup_date,
      estimated_delivery: rate.estimated_delivery,
      transit_days: rate.transit_days,
      currency: 'USD',
      total_cents: rate.total_cents,
      reference_type: 'po_number',
      reference_number: 'PO-4471',
      ready_time: '09:00',
      close_time: '17:00',
      insurance: null,
      declared_value_cents: 0,
      events: [],
      canceled_at: null,
      payment: { state: 'not_required', due_at: null, amount_cents: rate.total_cents, hold_cents: 0, card_last4: null, paid_at: null },
    });
    expect(s.pickup).toMatchObject({ company: 'Acme Chicago Dock', street1: '233 S Wacker Dr', street2: 'Dock 4', postal_code: '60606' });
    expect(s.delivery).toMatchObject({ company: 'Dallas Receiving LLC', city: 'Dallas', state: 'TX' });
    expect(s.items).toEqual([
      {
        description: '',
        package_type: 'pallets',
        quantity: 2,
        length_in: 48,
        width_in: 40,
        height_in: 48,
        weight_lb: 400,
        freight_class: expect.any(Number),
        nmfc: '',
        stackable: true,
        hazardous: false,
      },
    ]);
    expect(s.charges.reduce((sum, c) => sum + c.amount_cents, 0)).toBe(s.total_cents);
    // The demo quote (800 lb Chicago -> Dallas) is Demo Shipper Co's contract lane: one freight line at its price.
    expect(s.charges).toContainEqual(expect.objectContaining({ code: 'freight', amount_cents: 34_500 }));
    // In the U.S. carrier's language; an English reader needs no copy.
    expect(s.documents).toEqual([
      { kind: 'bol', url: `/api/shipments/${s.id}/documents/bol`, language: 'en', copy: null },
      { kind: 'pallet_labels', url: `/api/shipments/${s.id}/documents/pallet_labels`, language: 'en', copy: null },
    ]);

    const [q] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
    expect(q?.bookedAt).not.toBeNull();
    const saved = await db()
      .select()
      .from(addressBook)
      .where(eq(addressBook.accountId, await accountIdOf('shipper@demo.test')));
    expect(saved.map((a) => a.company)).toEqual(expect.arrayContaining(['Acme Chicago Dock', 'Dallas Receiving LLC']));
    expect(saved.find((a) => a.company === 'Acme Chicago Dock')).toMatchObject({ street2: 'Dock 4', opensAt: '08:00', verified: true });

    // The detail answers the same shipment.
    const detail = await shipper.get(`/api/shipments/${s.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toEqual(s);
  });

  it('adds the chosen insurance premium as a line and keeps the declared value', async () => {
    const quote = await createQuote(t, shipper, { insured_value: 2500 });
    const option = quote.insurance_options.find((o) => o.kind === 'first_tier')!;
    expect(option.premium_cents).toBeGreaterThan(0);
    const res = await book(shipper, bookingBody(quote, { insurance: 'first_tier' }));
    expect(res.statusCode).toBe(201);
    const s = res.json().data as ShipmentView;
    expect(s.declared_value_cents).toBe(250_000);
    expect(s.insurance).toEqual(option);
    expect(s.charges.at(-1)).toEqual({ code: 'insurance', label: 'Insurance', amount_cents: option.premium_cents });
    expect(s.total_cents).toBe(quote.rates[0]!.total_cents + option.premium_cents);
  });

  it('rates and books an uninsured $20,000 LTL shipment; cover above $10,000 is by phone (422)', async () => {
    // The shipment value is the goods' value: it never stops a rate, only the cover chosen can.
    const quote = await createQuote(t, shipper, { insured_value: 20_000 });
    expect(quote.insurance_options.map((o) => [o.kind, o.coverage_cents, o.online])).toEqual([
      ['none', 0, true],
      ['first_tier', 500_000, true],
      ['full', 2_000_000, false],
    ]);
    const byPhone = await book(shipper, bookingBody(quote, { insurance: 'full' }));
    expect(byPhone.statusCode).toBe(422);
    expect(byPhone.json().errors).toEqual({ insurance: [text('validation.insured_value_call')] });
    const res = await book(shipper, bookingBody(quote, { insurance: 'none' }));
    expect(res.statusCode).toBe(201);
    const s = res.json().data as ShipmentView;
    expect([s.declared_value_cents, s.insurance, s.total_cents]).toEqual([2_000_000, null, quote.rates[0]!.total_cents]);
  });

  it('insures up to $10,000 online for LTL, the premium growing with the cover', async () => {
    const premiums = [];
    for (const value of [5_000, 10_000]) {
      const quote = await createQuote(t, shipper, { insured_value: value });
      const top = quote.insurance_options.at(-1)!;
      expect([top.coverage_cents, top.online, top.deductible_cents]).toEqual([value * 100, true, 0]);
      premiums.push(top.premium_cents);
    }
    expect(premiums[1]).toBeGreaterThan(premiums[0]!);
  });

  it('books a truckload rate like an LTL one: $60,000 rated uninsured, or insured with its deductible', async () => {
    const truckload = { mode: 'truckload', equipment_type: 'dry_van', items: [{ ...pallet, quantity: 20 }], insured_value: 60_000 };
    const quote = await createQuote(t, shipper, truckload);
    const full = quote.insurance_options.find((o) => o.kind === 'full')!;
    expect([full.coverage_cents, full.online, full.deductible_cents > 0]).toEqual([6_000_000, true, true]);
    const res = await book(shipper, bookingBody(quote, { insurance: 'full', delivery_appointment: false }));
    expect(res.statusCode).toBe(201);
    const s = res.json().data as ShipmentView;
    expect([s.mode, s.status, s.service, s.declared_value_cents]).toEqual(['truckload', 'pending', 'dry_van', 6_000_000]);
    expect(s.total_cents).toBe(quote.rates[0]!.total_cents + full.premium_cents);
    expect(s.bol_number).toMatch(/^\d{17}$/);
    // Tracked like any shipment.
    const listed = (await shipper.get(`/api/shipments?q=${s.bol_number}`)).json().data;
    expect(listed.map((x: { id: string }) => x.id)).toEqual([s.id]);
    // The rate confirmation states the carrier's cost: staff's alone.
    expect(s.documents.map((d) => d.kind)).toEqual(['bol', 'pallet_labels']);

    // The public confirmation page: anyone with the signed link (the consignee), no prices.
    expect(s.confirmation_path).toMatch(new RegExp(`^/truckload-confirmation/${s.id}\\.[0-9a-f]{32}$`));
    const token = s.confirmation_path!.split('/').at(-1)!;
    const guest = t.client();
    const page = await guest.get(`/api/public/truckload-confirmations/${token}`);
    expect(page.statusCode).toBe(200);
    const view = page.json().data;
    expect(view).toMatchObject({
      bol_number: s.bol_number,
      equipment_type: 'dry_van',
      carrier_name: s.carrier_name,
      pickup: { company: 'Acme Chicago Dock', city: 'Chicago', contact: 'Ann Lee' },
      delivery: { company: 'Dallas Receiving LLC', city: 'Dallas' },
      pieces: 20,
      weight_lb: 8000,
    });
    expect(JSON.stringify(view)).not.toMatch(/cents|total/);
    // A changed signature, another id under this signature or a malformed token is not found.
    // (The changed signature's last character is always another one: a signature ending in '0' made this pass the real token.)
    const changed = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    for (const bad of [changed, `${randomUUID()}.${token.split('.')[1]}`, 'x', `${token}.x`]) {
      const res = await guest.get(`/api/public/truckload-confirmations/${encodeURIComponent(bad)}`);
      expect([res.statusCode, res.json().code]).toEqual([404, 'not_found']);
    }
  });

  it('has no public confirmation link for LTL and parcel shipments', async () => {
    const { shipment } = await quoteAndBook(t, shipper);
    expect(shipment.confirmation_path).toBeNull();
  });

  it('books a parcel with the carrier-format tracking number and labels', async () => {
    const quote = await createQuote(t, shipper, { mode: 'parcel', items: [box] });
    const ups = quote.rates.find((r) => r.scac === 'UPSN')!;
    const fedex = quote.rates.find((r) => r.scac === 'FDEG')!;
    const res = await book(shipper, bookingBody(quote, { rate_id: ups.id, pickup_note: 'pickup_confirmed' }));
    expect(res.statusCode).toBe(201);
    const s = res.json().data as ShipmentView;
    expect(s.tracking_number).toMatch(/^1Z[0-9A-Z]{6}03\d{8}$/);
    expect(s.pickup_note).toBe('pickup_confirmed');
    expect(s.items[0]!.freight_class).toBeNull();
    expect(s.documents.map((d) => d.kind)).toContain('labels');
    expect(s.documents.map((d) => d.kind)).not.toContain('bol');
    // FedEx: 12 digits (another quote, as this one is booked).
    const again = await createQuote(t, shipper, { mode: 'parcel', items: [box] });
    const fx = again.rates.find((r) => r.scac === fedex.scac)!;
    const res2 = await book(shipper, bookingBody(again, { rate_id: fx.id }));
    expect(res2.json().data.tracking_number).toMatch(/^\d{12}$/);
  });

  it('names parcel services and charges for what they are: Priority Mail, adult signature, declared value, residential', async () => {
    const quote = await createQuote(t, shipper, {
      mode: 'parcel',
      items: [box],
      insured_value: 900,
      signature: 'adult_signature',
      destination: { postal_code: '75201', country: 'US', site_type: 'residential' },
    });
    expect(Object.fromEntries(quote.rates.map((r) => [r.scac, (r as unknown as { service: string }).service]))).toMatchObject({
      UPSN: 'ground',
      FDEG: 'ground',
      USPS: 'priority_mail',
    });
    const ups = quote.rates.find((r) => r.scac === 'UPSN')!;
    const res = await book(shipper, bookingBody(quote, { rate_id: ups.id, pickup_note: 'pickup_confirmed' }));
    const labels = (res.json().data as ShipmentView).charges.map((c) => c.label);
    expect(labels).toEqual(
      expect.arrayContaining(['Residential delivery surcharge', 'Adult signature (21 or older)', 'Declared value coverage']),
    );
    expect(labels).not.toContain('Accessorial');
    expect(labels).not.toContain('Surcharge');
  });

  it('recomputes the estimated delivery for a later pickup date', async () => {
    const quote = await createQuote(t, shipper);
    const later = nextBusinessDay(quote.inputs.pickup_date, 'US');
    const res = await book(shipper, bookingBody(quote, { pickup_date: later }));
    expect(res.statusCode).toBe(201);
    const s = res.json().data as ShipmentView;
    expect(s.pickup_date).toBe(later);
    expect(s.estimated_delivery! > quote.rates[0]!.estimated_delivery).toBe(true);
  });

  describe('refuses what the quote does not cover', () => {
    let quote: QuoteData;
    beforeAll(async () => {
      quote = await createQuote(t, shipper);
    });
    const refused = async (over: Record<string, unknown>, field: string, key: string) => {
      const res = await book(shipper, bookingBody(quote, over));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field]).toEqual([text(key)]);
    };

    it('needs the Idempotency-Key header', async () => {
      const res = await book(shipper, bookingBody(quote), null);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ idempotency_key: [text('validation.idempotency_key')] });
      const long = await book(shipper, bookingBody(quote), 'k'.repeat(101));
      expect(long.statusCode).toBe(422);
    });

    it('a rate of the quote', () => refused({ rate_id: 'not-a-rate' }, 'rate_id', 'validation.rate_unknown'));
    it('the quoted pickup postal code', () =>
      refused({ pickup: chicagoPlace({ postal_code: '60601' }) }, 'pickup.postal_code', 'validation.postal_code_not_quoted'));
    it('the quoted delivery postal code', () =>
      refused(
        { delivery: dallasPlace({ postal_code: '30303', city: 'Atlanta', state: 'GA' }) },
        'delivery.postal_code',
        'validation.postal_code_not_quoted',
      ));
    it('a pickup date today or after', () =>
      refused({ pickup_date: addDays(today(t), -1) }, 'pickup_date', 'validation.date_today_or_after'));
    it('a pickup date on a business day', () => {
      let saturday = addDays(today(t), 1);
      while (dayOfWeek(saturday) !== 6) saturday = addDays(saturday, 1);
      return refused({ pickup_date: saturday }, 'pickup_date', 'validation.business_day');
    });
    it('a delivery date after the pickup date', () =>
      refused({ delivery_appointment: false, delivery_date: quote.inputs.pickup_date }, 'delivery_date', 'validation.date_after_pickup'));
    it('a delivery appointment only when quoted', () =>
      refused(
        { delivery_appointment: true, delivery_date: addDays(quote.inputs.pickup_date, 3) },
        'delivery_appointment',
        'validation.requote_appointment',
      ));
    it('residential or lift-gate only when quoted', () =>
      refused({ residential_or_liftgate: true }, 'residential_or_liftgate', 'validation.requote_accessorials'));
    it('hazmat details for a hazardous shipment', () => refused({ hazardous: true }, 'hazmat', 'validation.required'));
    it('the disclaimer accepted', () => refused({ disclaimer_accepted: false }, 'disclaimer_accepted', 'validation.disclaimer'));
    it('a full address', () => refused({ pickup: chicagoPlace({ street1: '' }) }, 'pickup.street1', 'validation.required'));
    it("a state that agrees with the place's postal code", () =>
      refused({ pickup: chicagoPlace({ state: 'TX' }) }, 'pickup.state', 'validation.state_mismatch'));

    it('nothing was booked by the refusals', async () => {
      const [q] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
      expect(q?.bookedAt).toBeNull();
    });
  });

  it('accepts an appointment and lift-gate the quote priced', async () => {
    // 1,200 lb: above Demo Shipper Co's contract lane (1,000 lb), so the default program marks the carrier's lines up as they are.
    const items = [{ ...pallet, quantity: 3 }];
    const quote = await createQuote(t, shipper, { items, accessorials: ['appointment', 'liftgate_delivery'] });
    const delivery_date = addDays(quote.inputs.pickup_date, 4);
    const res = await book(shipper, bookingBody(quote, { delivery_appointment: true, delivery_date, residential_or_liftgate: true }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ delivery_appointment: true, delivery_date });
    expect(res.json().data.accessorials).toEqual(expect.arrayContaining(['appointment', 'liftgate_delivery']));
    // Charge lines name what they are for.
    const labels = (res.json().data as ShipmentView).charges.map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['Delivery appointment', 'Liftgate delivery', 'Fuel surcharge']));
    expect(labels.some((l) => /^Freight, class \d+$/.test(l))).toBe(true);
  });

  it('books hazardous freight with its details', async () => {
    const quote = await createQuote(t, shipper);
    const hazmat = {
      proper_name: 'Paint',
      hazard_class: '3',
      un_number: 'un 1263',
      packing_group: 'II',
      emergency_contact: 'ChemTrec',
      emergency_phone: '(800) 424-9300',
    };
    const res = await book(shipper, bookingBody(quote, { hazardous: true, hazmat }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ hazardous: true, hazmat: { ...hazmat, un_number: 'UN1263' } });
  });

  it("refuses another account's quote (404) and a booked quote (409)", async () => {
    const quote = await createQuote(t, shipper);
    expect((await book(other, bookingBody(quote))).statusCode).toBe(404);
    expect((await book(shipper, bookingBody(quote))).statusCode).toBe(201);
    const again = await book(shipper, bookingBody(quote));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'conflict', message: text('errors.already_booked') });
  });

  it('blocks an account on credit hold (403 credit_hold with the phone) and an unverified email', async () => {
    const quote = await createQuote(t, shipper);
    const accountId = await accountIdOf('shipper@demo.test');
    await db().update(accounts).set({ status: 'credit_hold' }).where(eq(accounts.id, accountId));
    try {
      const res = await book(shipper, bookingBody(quote));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'credit_hold', message: text('errors.credit_hold', { phone: SUPPORT_PHONE.display }) });
    } finally {
      await db().update(accounts).set({ status: 'active' }).where(eq(accounts.id, accountId));
    }
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.email, 'shipper@demo.test'));
    try {
      const res = await book(shipper, bookingBody(quote));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('email_unverified');
    } finally {
      await db().update(users).set({ emailVerifiedAt: t.clock.now }).where(eq(users.email, 'shipper@demo.test'));
    }
    const [q] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
    expect(q?.bookedAt).toBeNull();
  });

  describe('idempotency', () => {
    it('answers a retry with the same booking, and a changed body under the same key with 409', async () => {
      const quote = await createQuote(t, shipper);
      const key = randomUUID();
      const first = await book(shipper, bookingBody(quote), key);
      const retry = await book(shipper, bookingBody(quote), key);
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(201);
      expect(retry.json().data.id).toBe(first.json().data.id);
      expect(retry.json().data.bol_number).toBe(first.json().data.bol_number);
      const changed = await book(shipper, bookingBody(quote, { notes: 'Call ahead' }), key);
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toEqual({ code: 'conflict', message: text('errors.idempotency_conflict') });
    });

    it('books once for 50 concurrent identical submits', async () => {
      const quote = await createQuote(t, shipper);
      const key = randomUUID();
      const body = bookingBody(quote);
      const answers = await Promise.all(Array.from({ length: 50 }, () => book(shipper, body, key)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
      expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
      const [rows] = await db()
        .select({ n: count() })
        .from(shipments)
        .where(and(eq(shipments.idempotencyKey, key)));
      expect(rows?.n).toBe(1);
      const [ofQuote] = await db().select({ n: count() }).from(shipments).where(eq(shipments.quoteId, quote.id));
      expect(ofQuote?.n).toBe(1);
    });
  });

  it('answers a database failure with 503 booking_failed and the support phone, leaving nothing behind', async () => {
    const quote = await createQuote(t, shipper);
    const key = randomUUID();
    // The BOL serial runs out: nextval fails inside the booking's transaction.
    const [{ last }] = (
      (await db().execute(sql`select last_value::text as last from shipment_bol_serial`)) as unknown as { rows: { last: string }[] }
    ).rows as [{ last: string }];
    await db().execute(sql`select setval('shipment_bol_serial', 999999999)`);
    try {
      const res = await book(
        shipper,
        bookingBody(quote, { pickup: chicagoPlace({ company: 'Also Never Saved', save_to_address_book: true }) }),
        key,
      );
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'booking_failed', message: text('errors.booking_failed', { phone: SUPPORT_PHONE.display }) });
      expect(res.json().message).toContain('Option 2 for immediate assistance');
    } finally {
      await db().execute(sql`select setval('shipment_bol_serial', ${Number(last)})`);
    }
    expect(await db().select().from(shipments).where(eq(shipments.idempotencyKey, key))).toEqual([]);
    const [q] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
    expect(q?.bookedAt).toBeNull();
    expect(await db().select().from(addressBook).where(eq(addressBook.company, 'Also Never Saved'))).toEqual([]);
    expect((await book(shipper, bookingBody(quote), key)).statusCode).toBe(201);
  });

  it('leaves nothing behind when the carrier booking fails (503 booking_failed)', async () => {
    const quote = await createQuote(t, shipper);
    const ctx = { db: db(), now: () => t.clock.now, jobs: t.app.jobs } as unknown as AppContext;
    const service = bookingService(ctx, {
      carrierFor: (row) =>
        Object.assign(new TariffCarrier(row), {
          book: async () => {
            throw new Error('carrier API timed out');
          },
        }),
    });
    const key = randomUUID();
    const accountId = await accountIdOf('shipper@demo.test');
    const [user] = await db().select().from(users).where(eq(users.email, 'shipper@demo.test'));
    const body = bookingBody(quote, { pickup: chicagoPlace({ company: 'Never Saved Co', save_to_address_book: true }) });
    const { bookingRequest } = await import('@freight/contracts');
    const error = await service.book({ accountId, userId: user!.id, paymentTerms: 'prepaid' }, bookingRequest.parse(body), key).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).code).toBe('booking_failed');
    expect((error as AppError).params).toEqual({ phone: SUPPORT_PHONE.display });
    expect(await db().select().from(shipments).where(eq(shipments.idempotencyKey, key))).toEqual([]);
    const [q] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
    expect(q?.bookedAt).toBeNull();
    expect(await db().select().from(addressBook).where(eq(addressBook.company, 'Never Saved Co'))).toEqual([]);
    expect(await db().select().from(jobs).where(eq(jobs.kind, 'shipment.payment_expiry'))).toEqual([]);
    // The same quote books fine afterwards.
    expect((await book(shipper, bookingBody(quote), key)).statusCode).toBe(201);
  });
});

describe('GET /api/shipments', () => {
  let account: TestClient;
  const made: ShipmentView[] = [];
  beforeAll(async () => {
    // A fresh customer account of its own, so the list holds exactly these shipments.
    account = await t.client().login('prepaid@demo.test');
    made.push((await quoteAndBook(t, account, {}, { reference_number: 'PO-100' })).shipment);
    t.clock.advanceMinutes(1);
    made.push((await quoteAndBook(t, account, { items: [{ ...pallet, quantity: 1 }] }, { reference_number: 'RELEASE_7%' })).shipment);
    t.clock.advanceMinutes(1);
    made.push(
      (
        await quoteAndBook(
          t,
          account,
          { mode: 'parcel', items: [box], destination: { postal_code: '30303', country: 'US', site_type: 'business' } },
          { reference_number: 'PO-300', delivery: dallasPlace({ city: 'Atlanta', state: 'GA', postal_code: '30303' }) },
        )
      ).shipment,
    );
  });
  const list = async (query: string) => {
    const res = await account.get(`/api/shipments${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: ShipmentListItem[]; meta: { total: number; per_page: number; last_page: number; current_page: number } };
  };

  it('lists the account’s shipments newest first with meta', async () => {
    const page = await list('');
    expect(page.data.map((s) => s.id)).toEqual([...made].reverse().map((s) => s.id));
    expect(page.meta).toEqual({ current_page: 1, per_page: 25, total: 3, last_page: 1, total_capped: false });
    expect(page.data[2]).toMatchObject({
      bol_number: made[0]!.bol_number,
      origin: { company: 'Acme Chicago Dock', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' },
      destination: { company: 'Dallas Receiving LLC', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' },
      payment_state: 'awaiting',
    });
  });

  it('searches BOL, PRO, tracking and reference numbers and cities, any case, % and _ literal', async () => {
    const ids = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).data.map((s) => s.id);
    expect(await ids(made[0]!.bol_number)).toEqual([made[0]!.id]);
    expect(await ids(made[1]!.pro_number!)).toEqual([made[1]!.id]);
    expect(await ids(made[2]!.tracking_number!.toLowerCase())).toEqual([made[2]!.id]);
    expect(await ids('po-')).toEqual([made[2]!.id, made[0]!.id]);
    expect(await ids('ATLANTA')).toEqual([made[2]!.id]);
    expect(await ids('7%')).toEqual([made[1]!.id]);
    expect(await ids('e_7')).toEqual([made[1]!.id]);
    expect(await ids('%')).toEqual([made[1]!.id]);
    expect(await ids('nowhere')).toEqual([]);
  });

  it('filters by status, sorts and pages', async () => {
    const cancel = await account.post(`/api/shipments/${made[1]!.id}/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect((await list('?status=canceled')).data.map((s) => s.id)).toEqual([made[1]!.id]);
    expect((await list('?status=pending')).data.map((s) => s.id)).toEqual([made[2]!.id, made[0]!.id]);
    expect((await list('?status=delivered')).data).toEqual([]);

    const byBol = [...made].sort((a, b) => a.bol_number.localeCompare(b.bol_number)).map((s) => s.id);
    expect((await list('?sort=bol_number&dir=asc')).data.map((s) => s.id)).toEqual(byBol);
    expect((await list('?sort=bol_number&dir=desc')).data.map((s) => s.id)).toEqual([...byBol].reverse());
    const byCarrier = (await list('?sort=carrier&dir=asc')).data.map((s) => s.carrier_name);
    expect(byCarrier).toEqual([...byCarrier].sort());
    expect((await list('?sort=status&dir=asc')).data[0]!.status).toBe('canceled');

    const first = await list('?per_page=2&page=1&sort=bol_number&dir=asc');
    const second = await list('?per_page=2&page=2&sort=bol_number&dir=asc');
    expect(first.meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2, total_capped: false });
    expect([...first.data, ...second.data].map((s) => s.id)).toEqual(byBol);
    expect((await account.get('/api/shipments?sort=price')).statusCode).toBe(422);
  });

  it('counts a big account only so far past the page, and says so', async () => {
    // 1,200 more of the same shipment, straight into the table (booking each would take minutes).
    // Generated columns (the search text, the estimated delivery shown) compute themselves.
    const columns = Object.values(getTableColumns(shipments))
      .filter((c) => !c.generated)
      .map((c) => c.name)
      .filter((n) => !['id', 'bol_number', 'idempotency_key'].includes(n));
    const names = columns.map((c) => `"${c}"`).join(', ');
    await t.database.db.execute(
      sql.raw(`insert into shipments (${names}, bol_number, idempotency_key)
        select ${names}, 'BENCH' || g, 'bulk-' || g from shipments, generate_series(1, 1200) g where id = '${made[0]!.id}'`),
    );
    const page1 = await list('?per_page=25');
    expect(page1.meta).toEqual({ current_page: 1, per_page: 25, total: COUNT_AHEAD, last_page: COUNT_AHEAD / 25, total_capped: true });
    // Further on, the count reaches further: page 41 starts at 1,000 and counts up to 2,000 (all 1,203 here).
    const page41 = await list('?per_page=25&page=41');
    expect(page41.meta).toEqual({ current_page: 41, per_page: 25, total: 1203, last_page: 49, total_capped: false });
    expect(page41.data).toHaveLength(25);
    await t.database.db.delete(shipments).where(sql`${shipments.idempotencyKey} like 'bulk-%'`);
  });
});

describe('GET /api/shipments/:id', () => {
  it('lists the events oldest first with the local time of their place', async () => {
    const { shipment } = await quoteAndBook(t, shipper);
    const at = (iso: string) => new Date(iso);
    await db()
      .insert(shipmentEvents)
      .values([
        {
          shipmentId: shipment.id,
          source: 'carrier',
          dedupeKey: 'e2',
          statusCode: 'AF',
          status: 'in_transit',
          description: 'Departed pickup',
          city: 'Chicago',
          state: 'IL',
          occurredAt: at('2026-11-24T20:05:00Z'),
          utcOffsetMinutes: -360,
        },
        {
          shipmentId: shipment.id,
          source: 'carrier',
          dedupeKey: 'e1',
          statusCode: 'X3',
          reasonCode: 'NS',
          status: 'dispatched',
          description: 'Arrived at pickup',
          city: 'Chicago',
          state: 'IL',
          occurredAt: at('2026-11-24T15:30:00Z'),
          utcOffsetMinutes: -360,
        },
      ]);
    const s = (await shipper.get(`/api/shipments/${shipment.id}`)).json().data as ShipmentView;
    expect(s.events).toEqual([
      {
        status: 'dispatched',
        status_code: 'X3',
        reason_code: 'NS',
        description: 'Arrived at pickup',
        city: 'Chicago',
        state: 'IL',
        occurred_at: '2026-11-24T15:30:00.000Z',
        local_time: '2026-11-24T09:30',
      },
      expect.objectContaining({ status_code: 'AF', reason_code: null, local_time: '2026-11-24T14:05' }),
    ]);
  });

  it('is a 404 for an unknown or malformed id', async () => {
    expect((await shipper.get(`/api/shipments/${randomUUID()}`)).statusCode).toBe(404);
    expect((await shipper.get('/api/shipments/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('POST /api/shipments/:id/cancel', () => {
  it('cancels a pending shipment once, with a portal CA event', async () => {
    const { shipment } = await quoteAndBook(t, shipper);
    const res = await shipper.post(`/api/shipments/${shipment.id}/cancel`);
    expect(res.statusCode).toBe(200);
    const s = res.json().data as ShipmentView;
    expect(s.status).toBe('canceled');
    expect(s.canceled_at).toBe(t.clock.now.toISOString());
    expect(s.events).toEqual([expect.objectContaining({ status: 'canceled', status_code: 'CA' })]);
    // Recorded at the origin, with the origin's local time (not UTC).
    const chicagoNow = t.clock.now.toLocaleString('sv-SE', { timeZone: 'America/Chicago' }).slice(0, 16).replace(' ', 'T');
    expect(s.events[0]).toMatchObject({ city: 'Chicago', state: 'IL', local_time: chicagoNow });
    const again = await shipper.post(`/api/shipments/${shipment.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'conflict', message: text('errors.not_cancelable') });
  });

  it('refuses once the carrier has the freight', async () => {
    const { shipment } = await quoteAndBook(t, shipper);
    await db().update(shipments).set({ status: 'in_transit' }).where(eq(shipments.id, shipment.id));
    expect((await shipper.post(`/api/shipments/${shipment.id}/cancel`)).statusCode).toBe(409);
    await db().update(shipments).set({ status: 'dispatched' }).where(eq(shipments.id, shipment.id));
    expect((await shipper.post(`/api/shipments/${shipment.id}/cancel`)).statusCode).toBe(200);
  });
});

describe('POST /api/shipments/:id/reship', () => {
  let shipment: ShipmentView;
  let original: QuoteData;
  beforeAll(async () => {
    ({ shipment, quote: original } = await quoteAndBook(
      t,
      shipper,
      { accessorials: ['liftgate_delivery'] },
      { residential_or_liftgate: true },
    ));
  });

  it('makes a new rated quote for the first quotable pickup date, prefilled with the same places', async () => {
    const res = await shipper.post(`/api/shipments/${shipment.id}/reship`, {
      kind: 'reship',
      email: 'new.contact@acme.example',
      phone: '(312) 555-0199',
    });
    expect(res.statusCode, res.body).toBe(201);
    const q = res.json().data;
    expect(q.id).not.toBe(original.id);
    expect(q.inputs.origin.postal_code).toBe('60606');
    expect(q.inputs.destination.postal_code).toBe('75201');
    expect(q.inputs.accessorials).toEqual(['liftgate_delivery']);
    expect(q.inputs.pickup_date).toBe((await shipper.get('/api/pickup-dates/first?country=US&postal_code=60606')).json().data.date);
    expect(q.rates.length).toBeGreaterThan(0);
    expect(q.booking_prefill.pickup).toMatchObject({
      company: 'Acme Chicago Dock',
      email: 'new.contact@acme.example',
      phone: '(312) 555-0199',
    });
    expect(q.booking_prefill.delivery).toMatchObject({ company: 'Dallas Receiving LLC', email: 'raul@dallas-receiving.example' });
    // The quote reads back with its prefill, and a rerun (the Book Shipment page) keeps it.
    expect((await shipper.get(`/api/quotes/${q.id}`)).json().data.booking_prefill).toEqual(q.booking_prefill);
    const rerun = await shipper.post(`/api/quotes/${q.id}/rerun`);
    expect(rerun.statusCode).toBe(201);
    expect(rerun.json().data.booking_prefill).toEqual(q.booking_prefill);
    // The prefill books as is.
    const fresh = rerun.json().data as QuoteData;
    const booked = await book(
      shipper,
      bookingBody(fresh, {
        pickup: fresh.booking_prefill!.pickup,
        delivery: fresh.booking_prefill!.delivery,
        residential_or_liftgate: true,
      }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('a return swaps the places and the pickup/delivery accessorials', async () => {
    const res = await shipper.post(`/api/shipments/${shipment.id}/reship`, {
      kind: 'return',
      email: 'returns@dallas.example',
      phone: '(214) 555-0100',
    });
    expect(res.statusCode).toBe(201);
    const q = res.json().data;
    expect(q.inputs.origin.postal_code).toBe('75201');
    expect(q.inputs.destination.postal_code).toBe('60606');
    expect(q.inputs.accessorials).toEqual(['liftgate_pickup']);
    expect(q.booking_prefill.pickup).toMatchObject({
      company: 'Dallas Receiving LLC',
      email: 'returns@dallas.example',
      phone: '(214) 555-0100',
    });
    expect(q.booking_prefill.delivery).toMatchObject({ company: 'Acme Chicago Dock', street2: 'Dock 4' });
  });

  it('works from the shipment alone when its quote is gone', async () => {
    const { shipment: s } = await quoteAndBook(t, shipper, { items: [{ ...pallet, quantity: 3 }] });
    await db().delete(quotes).where(eq(quotes.id, s.quote_id!));
    const res = await shipper.post(`/api/shipments/${s.id}/reship`, { kind: 'return', email: 'a@b.example', phone: '(214) 555-0100' });
    expect(res.statusCode, res.body).toBe(201);
    const q = res.json().data;
    expect(q.inputs).toMatchObject({ mode: 'ltl', origin: { postal_code: '75201' }, destination: { postal_code: '60606' } });
    expect(q.inputs.items[0]).toMatchObject({ package_type: 'pallets', quantity: 3, length: 48, width: 40, height: 48, weight: 400 });
    expect(q.rates.length).toBeGreaterThan(0);
  });

  it('needs a valid email and phone', async () => {
    const res = await shipper.post(`/api/shipments/${shipment.id}/reship`, { kind: 'return', email: 'nope', phone: '12' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'phone']);
  });
});

describe('account isolation', () => {
  it('another account gets 404 for the shipment and never lists it', async () => {
    const { shipment } = await quoteAndBook(t, shipper);
    const unbooked = await createQuote(t, shipper);
    expect((await other.get(`/api/shipments/${shipment.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/shipments/${shipment.id}/cancel`)).statusCode).toBe(404);
    expect(
      (await other.post(`/api/shipments/${shipment.id}/reship`, { kind: 'reship', email: 'a@b.example', phone: '(214) 555-0100' }))
        .statusCode,
    ).toBe(404);
    const pay = await other.request({
      method: 'POST',
      url: `/api/shipments/${shipment.id}/payment`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { payment_method: await browserCard(t.stripeUrl) },
    });
    expect(pay.statusCode).toBe(404);
    for (const kind of ['bol', 'labels', 'pallet_labels']) {
      expect((await other.get(`/api/shipments/${shipment.id}/documents/${kind}`)).statusCode).toBe(404);
    }
    expect((await shipper.get(`/api/shipments/${shipment.id}/documents/bol`)).statusCode).toBe(200);
    // Booking the shipper's quote from the other account is a 404 too.
    expect((await book(other, bookingBody(unbooked))).statusCode).toBe(404);
    const listed = (await other.get(`/api/shipments?q=${shipment.bol_number}`)).json();
    expect(listed.data).toEqual([]);
    expect((await other.get('/api/shipments?per_page=100')).json().data.map((s: ShipmentListItem) => s.id)).not.toContain(shipment.id);
    // Still the shipper's, untouched.
    const [row] = await db()
      .select()
      .from(shipments)
      .where(and(eq(shipments.id, shipment.id), isNotNull(shipments.proNumber)));
    expect(row?.status).toBe('pending');
  });

  it('needs a signed-in customer', async () => {
    expect((await t.client().get('/api/shipments')).statusCode).toBe(401);
    const staff = await t.client().login('admin@demo.test');
    expect((await staff.get('/api/shipments')).statusCode).toBe(403);
  });
});
