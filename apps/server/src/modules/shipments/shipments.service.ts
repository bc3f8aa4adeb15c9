import { randomUUID } from 'node:crypto';
import type { AddressBookEntryValues, BookingPlace, BookingRequest, PlaceView, ShipmentItemView, ShipmentView } from '@freight/contracts';
import {
  AWAITING_PAYMENT_MINUTES,
  CANCELABLE_STATUSES,
  CARD_AUTH_HOLD_CENTS,
  type Country,
  type Currency,
  type Language,
  type PaymentTerms,
  SUPPORT_PHONE,
  vicsBolNumber,
} from '@freight/domain';
import {
  type AccessorialCode,
  type ChargeLine,
  convertCents,
  estimatedDelivery,
  fromCents,
  type InsuranceOption,
  insurableOnline,
  insuranceChargeLines,
  isBusinessDay,
  nextBusinessDay,
  roundTo2,
  toCents,
  toInches,
  toPounds,
} from '@freight/domain/rating';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { sha256 } from '../../security/tokens';
import { addressesRepository } from '../addresses/addresses.repository';
import { dedupeKey } from '../addresses/addresses.service';
import { normalizePostalCode, postalDataVerifier } from '../addresses/addresses.verifier';
import { equipmentCatalog } from '../equipment-types/equipment-types.repository';
import type { BookingCarrierAdapter, RateItem } from '../quotes/carriers/adapter';
import { TariffCarrier } from '../quotes/carriers/tariff-carrier';
import type { CarrierRow, QuoteRow } from '../quotes/quotes.repository';
import {
  FALLBACK_RATES,
  type QuoteInput,
  type QuoteOwner,
  type QuoteResult,
  quotesService,
  siteAccessorials,
} from '../quotes/quotes.service';
import { placeOffsetMinutes } from '../tracking/zones';
import { webhookEvents } from '../webhooks/webhook-events';
import { type PaymentFacts, presentShipment, trackedShipment } from './shipments.presenter';
import { type ShipmentPageOptions, type ShipmentRow, shipmentsRepository } from './shipments.repository';
import { confirmationPath, presentTruckloadConfirmation, shipmentIdOfToken } from './truckload-confirmation';
import { bookedStops, checkedStops, deliveryPlaceOf, placeViewOf, quotedStops, stopsOf, storedDelivery } from './truckload-stops';

/** The durable job that cancels a prepaid booking left unpaid (payments module registers its handler). */
export const PAYMENT_EXPIRY_JOB = 'shipment.payment_expiry';
/** Releases the card authorization of a paid booking that was canceled (modules/payments). */
export const PAYMENT_VOID_JOB = 'shipment.payment_void';

/** Who books: the caller's account (every record is looked up through it), user and payment terms. */
export interface Shipper {
  accountId: string;
  userId: string;
  paymentTerms: PaymentTerms;
}

/** How a carrier row becomes something that books and cancels; tests pass a failing one. */
export type CarrierFactory = (row: CarrierRow) => BookingCarrierAdapter;
export const defaultCarrierFor: CarrierFactory = (row) => new TariffCarrier(row);

export interface ShipmentsServiceOptions {
  carrierFor?: CarrierFactory;
}

/** The rates of the currency_rates table over the fallbacks (units per 1 USD). */
export async function exchangeRatesOf(db: Db) {
  return { ...FALLBACK_RATES, ...(await shipmentsRepository(db).currencyRates()), USD: 1 } as Record<Currency, number>;
}

/** The card hold in the shipment's currency and the paying card, for the PaymentView. */
export async function paymentFacts(db: Db, row: ShipmentRow): Promise<PaymentFacts> {
  if (row.paymentState === 'not_required') return { holdCents: 0, cardLast4: null };
  const [rates, cardLast4] = await Promise.all([exchangeRatesOf(db), shipmentsRepository(db).cardLast4(row.id)]);
  return { holdCents: convertCents(CARD_AUTH_HOLD_CENTS, 'USD', row.currency as Currency, rates), cardLast4 };
}

/** The shipment in full, with its events and payment facts. */
export async function shipmentView(db: Db, row: ShipmentRow, language: Language): Promise<ShipmentView> {
  const [events, facts, names] = await Promise.all([
    shipmentsRepository(db).events(row.id),
    paymentFacts(db, row),
    row.mode === 'truckload' ? equipmentCatalog(db).namesIn(language) : undefined,
  ]);
  return presentShipment(row, events, facts, language, names?.(row.service) ?? null);
}

/** JSON with sorted keys (undefined left out): the same request always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const bookingFailed = (cause?: unknown) =>
  Object.assign(new AppError(503, 'booking_failed', 'errors.booking_failed', { phone: SUPPORT_PHONE.display }), { cause });
const conflict = (key: string) => new AppError(409, 'conflict', key);

/** Postal codes compared in their usual form without spaces (US: the 5-digit ZIP). */
function samePostalCode(country: Country, a: string, b: string) {
  const compact = (v: string) => normalizePostalCode(country, v).replace(/[\s-]/g, '').toUpperCase();
  const [x, y] = [compact(a), compact(b)];
  return country === 'US' ? x.slice(0, 5) === y.slice(0, 5) : x === y;
}

const RESIDENTIAL_OR_LIFTGATE: AccessorialCode[] = ['residential_pickup', 'residential_delivery', 'liftgate_pickup', 'liftgate_delivery'];

/** The pickup-end accessorial's delivery-end twin and back (a return ships the other way). */
function swappedAccessorial(code: AccessorialCode): AccessorialCode {
  if (code.endsWith('_pickup')) return code.replace(/_pickup$/, '_delivery') as AccessorialCode;
  if (code.endsWith('_delivery')) return code.replace(/_delivery$/, '_pickup') as AccessorialCode;
  return code;
}

/** Booking (issue 4): book a quote's rate, the shipments list and detail, cancel, reship and return. */
export function shipmentsService(ctx: AppContext, opts: ShipmentsServiceOptions = {}) {
  const repo = shipmentsRepository(ctx.db);
  const carrierFor = opts.carrierFor ?? defaultCarrierFor;
  const quotes = quotesService(ctx);
  const verifier = postalDataVerifier();

  /** The place checked against the postal data (as the address book does): 422 on `field.*`, else the normalised place. */
  async function checkedPlace(field: string, place: BookingPlace, errors: Record<string, string[]>) {
    const { entry, errors: found } = await verifier.verify(asAddressEntry(place, 'commercial', false, false));
    for (const [name, keys] of Object.entries(found)) errors[`${field}.${name}`] = keys;
    return { ...place, postal_code: entry.postal_code, state: entry.state };
  }

  function asAddressEntry(
    place: PlaceView,
    locationType: 'commercial' | 'residential',
    limited: boolean,
    liftgate: boolean,
  ): AddressBookEntryValues {
    return {
      company: place.company,
      first_name: place.first_name,
      last_name: place.last_name,
      email: place.email,
      phone: place.phone,
      street1: place.street1,
      street2: place.street2,
      street3: '',
      street4: '',
      street5: '',
      city: place.city,
      state: place.state,
      postal_code: place.postal_code,
      country: place.country,
      interior_number: place.interior_number,
      exterior_number: place.exterior_number,
      neighborhood: place.neighborhood,
      location_type: locationType,
      limited_access: limited,
      liftgate_recommended: liftgate,
      opens_at: place.opens_at,
      closes_at: place.closes_at,
    };
  }

  /** Saves a booking place to the account's address book unless an entry with its duplicate key exists. */
  async function saveToAddressBook(tx: Db, shipper: Shipper, entry: AddressBookEntryValues, at: Date) {
    const book = addressesRepository(tx);
    const checked = await verifier.verify(entry);
    const values = checked.entry;
    const key = dedupeKey(values);
    if ((await book.idsByDedupeKey(shipper.accountId, [key])).size > 0) return;
    await book.insert(shipper.accountId, shipper.userId, { values, verified: checked.verified, dedupeKey: key }, at);
  }

  /**
   * Books `body.rate_id` of the account's quote. One transaction: the shipment with its BOL
   * number, the carrier's numbers, the quote marked booked, places saved to the address book and
   * (prepaid accounts) the payment expiry job. The idempotency key makes a repeat of the same
   * request answer the first booking, even when the repeats run concurrently.
   */
  async function book(shipper: Shipper, body: BookingRequest, idempotencyKey: string): Promise<ShipmentRow> {
    const requestHash = sha256(canonicalJson(body));
    const replay = (existing: ShipmentRow) => {
      if (existing.requestHash !== requestHash) throw conflict('errors.idempotency_conflict');
      return existing;
    };
    const earlier = await repo.byIdempotencyKey(shipper.accountId, idempotencyKey);
    if (earlier) return replay(earlier);

    const quote = await quotes.find(shipper.accountId, body.quote_id);
    if (quote.bookedAt) throw conflict('errors.already_booked');
    const input = quote.input as QuoteInput;
    const result = quote.result as QuoteResult;
    const rate = result.rates.find((r) => r.id === body.rate_id);
    if (!rate) throw AppError.field('rate_id', 'validation.rate_unknown');

    const errors: Record<string, string[]> = {};
    const add = (field: string, key: string) => {
      errors[field] = [...(errors[field] ?? []), key];
    };
    const pickup = await checkedPlace('pickup', body.pickup, errors);
    const delivery = await checkedPlace('delivery', body.delivery, errors);
    const stops = await checkedStops(body.stops, input, (field, place) => checkedPlace(field, place, errors), samePostalCode, errors);
    if (pickup.country !== input.origin.country || !samePostalCode(pickup.country, pickup.postal_code, input.origin.postal_code)) {
      errors['pickup.postal_code'] = ['validation.postal_code_not_quoted'];
    }
    if (
      delivery.country !== input.destination.country ||
      !samePostalCode(delivery.country, delivery.postal_code, input.destination.postal_code)
    ) {
      errors['delivery.postal_code'] = ['validation.postal_code_not_quoted'];
    }
    const now = ctx.now();
    const today = now.toISOString().slice(0, 10);
    if (body.pickup_date < today) add('pickup_date', 'validation.date_today_or_after');
    else if (!isBusinessDay(body.pickup_date, input.origin.country)) add('pickup_date', 'validation.business_day');
    const quoted = new Set<AccessorialCode>([...input.accessorials, ...siteAccessorials(input)]);
    if (body.delivery_appointment && !quoted.has('appointment')) add('delivery_appointment', 'validation.requote_appointment');
    if (body.residential_or_liftgate && !RESIDENTIAL_OR_LIFTGATE.some((a) => quoted.has(a))) {
      add('residential_or_liftgate', 'validation.requote_accessorials');
    }
    const insurance = result.insurance_options.find((o) => o.kind === body.insurance);
    if (!insurance) add('insurance', 'validation.choice');
    else if (!insurableOnline(insurance as InsuranceOption)) add('insurance', 'validation.insured_value_call');
    if (Object.keys(errors).length) throw AppError.validation(errors);

    const carrierRow = await repo.carrier(rate.carrier_id);
    if (!carrierRow?.active) throw AppError.field('rate_id', 'validation.rate_unknown');
    const carrier = carrierFor(carrierRow);

    const unit = input.unit_system;
    const items: ShipmentItemView[] = input.items.map((i, n) => ({
      description: i.description ?? '',
      package_type: i.package_type,
      quantity: i.quantity,
      length_in: roundTo2(toInches(i.length, unit)),
      width_in: roundTo2(toInches(i.width, unit)),
      height_in: roundTo2(toInches(i.height, unit)),
      weight_lb: roundTo2(toPounds(i.weight, unit)),
      freight_class: input.mode === 'ltl' ? (result.items[n]?.freight_class ?? null) : null,
      nmfc: i.nmfc ?? '',
      stackable: i.stackable,
      hazardous: i.hazardous,
    }));
    const rateItems: RateItem[] = items.map((i) => ({
      package_type: i.package_type,
      quantity: i.quantity,
      length_in: i.length_in,
      width_in: i.width_in,
      height_in: i.height_in,
      unit_weight_lb: i.weight_lb,
      stackable: i.stackable,
      hazardous: i.hazardous,
    }));
    const charges: ChargeLine[] = [...rate.charges, ...(insurance ? insuranceChargeLines(insurance as InsuranceOption) : [])];
    const totalCents = charges.reduce((s, c) => s + c.amount_cents, 0);
    const estimated =
      body.pickup_date === input.pickup_date
        ? rate.estimated_delivery
        : estimatedDelivery(body.pickup_date, rate.transit_days, input.destination.country);
    const prepaid = shipper.paymentTerms === 'prepaid';
    const id = randomUUID();
    const accessorials = [
      ...new Set([...quoted, ...rate.charges.filter((c) => c.code === 'accessorial' && c.detail).map((c) => c.detail as string)]),
    ];

    let booked: ShipmentRow | undefined;
    try {
      booked = await ctx.db.transaction(async (tx) => {
        const r = shipmentsRepository(tx);
        const bolNumber = vicsBolNumber(await r.nextBolSerial());
        const inserted = await r.insertOnce({
          id,
          accountId: shipper.accountId,
          userId: shipper.userId,
          quoteId: quote.id,
          rateId: rate.id,
          idempotencyKey,
          requestHash,
          carrierId: carrierRow.id,
          carrierName: rate.carrier_name,
          scac: rate.scac,
          mode: quote.mode,
          service: rate.service,
          status: 'pending',
          bolNumber,
          pickupDate: body.pickup_date,
          readyTime: body.ready_time,
          closeTime: body.close_time,
          deliveryAppointment: body.delivery_appointment,
          deliveryDate: body.delivery_date ?? null,
          estimatedDelivery: estimated,
          transitDays: rate.transit_days,
          pickup: placeViewOf(pickup),
          delivery: storedDelivery(placeViewOf(delivery), stops),
          originCity: pickup.city,
          originState: pickup.state,
          originPostalCode: pickup.postal_code,
          originCountry: pickup.country,
          destinationCity: delivery.city,
          destinationState: delivery.state,
          destinationPostalCode: delivery.postal_code,
          destinationCountry: delivery.country,
          referenceType: body.reference_type ?? null,
          referenceNumber: body.reference_number,
          notes: body.notes,
          pickupNote: quote.mode === 'parcel' ? (body.pickup_note ?? null) : null,
          hazardous: body.hazardous,
          hazmat: body.hazardous ? (body.hazmat ?? null) : null,
          items,
          accessorials,
          currency: quote.currency,
          totalCents,
          charges,
          declaredValueCents: toCents(input.insured_value),
          insurance: insurance && insurance.kind !== 'none' ? insurance : null,
          notifyConsignee: body.notify_consignee,
          paymentState: prepaid ? 'awaiting' : 'not_required',
          paymentDueAt: prepaid ? new Date(now.getTime() + AWAITING_PAYMENT_MINUTES * 60_000) : null,
          createdAt: now,
          updatedAt: now,
        });
        // Another request with this key got there first: answer its booking (below).
        if (!inserted) return undefined;
        if (!(await r.markQuoteBooked(quote.id, shipper.accountId, now))) throw conflict('errors.already_booked');
        const numbers = await carrier.book({
          shipment_id: id,
          bol_number: bolNumber,
          mode: quote.mode,
          service: rate.service,
          pickup_date: body.pickup_date,
          ready_time: body.ready_time,
          close_time: body.close_time,
          origin: {
            postal_code: pickup.postal_code,
            country: pickup.country,
            site_type: input.origin.site_type,
            city: pickup.city,
            state: pickup.state,
          },
          destination: {
            postal_code: delivery.postal_code,
            country: delivery.country,
            site_type: input.destination.site_type,
            city: delivery.city,
            state: delivery.state,
          },
          items: rateItems,
          hazardous: body.hazardous,
          stops: bookedStops(stops),
        });
        const row = await r.update(id, {
          proNumber: numbers.pro_number,
          pickupNumber: numbers.pickup_number,
          trackingNumber: numbers.tracking_number,
        });
        if (body.pickup.save_to_address_book) {
          await saveToAddressBook(
            tx,
            shipper,
            asAddressEntry(
              pickup,
              input.origin.site_type === 'residential' ? 'residential' : 'commercial',
              input.origin.site_type === 'limited_access',
              quoted.has('liftgate_pickup'),
            ),
            now,
          );
        }
        if (body.delivery.save_to_address_book) {
          await saveToAddressBook(
            tx,
            shipper,
            asAddressEntry(
              delivery,
              input.destination.site_type === 'residential' ? 'residential' : 'commercial',
              input.destination.site_type === 'limited_access',
              quoted.has('liftgate_delivery'),
            ),
            now,
          );
        }
        for (const [n, stop] of body.stops.entries()) {
          const place = stops[n]?.place;
          if (stop.place.save_to_address_book && place)
            await saveToAddressBook(tx, shipper, asAddressEntry(place, 'commercial', false, false), now);
        }
        if (prepaid && row.paymentDueAt) await ctx.jobs.schedule(PAYMENT_EXPIRY_JOB, id, row.paymentDueAt, { shipment_id: id }, tx);
        await webhookEvents(ctx).booked(tx, id);
        return row;
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw bookingFailed(err);
    }
    if (booked) return booked;
    const winner = await repo.byIdempotencyKey(shipper.accountId, idempotencyKey);
    if (!winner) throw bookingFailed(new Error('idempotency key taken but no shipment found'));
    return replay(winner);
  }

  async function find(accountId: string, id: string) {
    const row = await repo.find(accountId, id);
    if (!row) throw AppError.notFound();
    return row;
  }

  /**
   * Cancels a shipment the carrier does not have yet; an unpaid booking no longer needs paying.
   * Staff cancel on the shipper's behalf with `by`: their event says so, and `record` (the audit
   * entry) is written in the cancel's transaction.
   */
  async function cancel(
    accountId: string,
    id: string,
    by?: { description: string; record: (tx: Db, before: ShipmentRow, after: ShipmentRow) => Promise<void> },
  ): Promise<ShipmentRow> {
    await find(accountId, id);
    try {
      return await ctx.db.transaction(async (tx) => {
        const r = shipmentsRepository(tx);
        const row = await r.lock(id);
        if (!row || row.status === 'canceled' || !CANCELABLE_STATUSES.includes(row.status)) throw conflict('errors.not_cancelable');
        const carrierRow = await r.carrier(row.carrierId);
        if (carrierRow) await carrierFor(carrierRow).cancel(trackedShipment(row));
        const at = ctx.now();
        const updated = await r.update(id, {
          status: 'canceled',
          actionRequired: false,
          canceledAt: at,
          updatedAt: at,
          ...(row.paymentState === 'awaiting' ? { paymentState: 'not_required' as const } : {}),
        });
        // A paid booking's card authorization is released by a durable job: the cancel does not
        // wait on the processor, and an outage is tried again.
        if (row.paymentState === 'paid') await ctx.jobs.schedule(PAYMENT_VOID_JOB, id, at, { shipment_id: id }, tx);
        await r.addEvent({
          shipmentId: id,
          source: by ? 'staff' : 'portal',
          dedupeKey: 'portal-cancel',
          statusCode: 'CA',
          reasonCode: null,
          status: 'canceled',
          description: by?.description ?? 'Canceled by the shipper',
          city: row.originCity,
          state: row.originState,
          occurredAt: at,
          utcOffsetMinutes: placeOffsetMinutes(row.originState, row.originCountry, at),
          receivedAt: at,
        });
        await by?.record(tx, row, updated);
        await webhookEvents(ctx).statusChanged(tx, id, row.status);
        return updated;
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw bookingFailed(err);
    }
  }

  /** The quote input a reship or return starts from: the original quote's, else the shipment's own facts. */
  function inputOf(row: ShipmentRow, quote: QuoteRow | undefined): QuoteInput {
    if (quote) return quote.input as QuoteInput;
    const accessorials = row.accessorials as AccessorialCode[];
    const siteType = (end: 'pickup' | 'delivery') =>
      accessorials.includes(`residential_${end}`)
        ? 'residential'
        : accessorials.includes(`limited_access_${end}`)
          ? 'limited_access'
          : 'business';
    const siteCodes = new Set([
      'residential_pickup',
      'residential_delivery',
      'limited_access_pickup',
      'limited_access_delivery',
      'nyc_metro',
      'hazmat',
    ]);
    return {
      mode: row.mode,
      pickup_date: row.pickupDate,
      origin: { postal_code: row.originPostalCode, country: row.originCountry as Country, site_type: siteType('pickup') },
      destination: { postal_code: row.destinationPostalCode, country: row.destinationCountry as Country, site_type: siteType('delivery') },
      items: (row.items as ShipmentItemView[]).map((i) => ({
        description: i.description || undefined,
        package_type: i.package_type as QuoteInput['items'][number]['package_type'],
        quantity: i.quantity,
        length: i.length_in,
        width: i.width_in,
        height: i.height_in,
        weight: i.weight_lb,
        freight_class: (i.freight_class ?? undefined) as QuoteInput['items'][number]['freight_class'],
        nmfc: i.nmfc || undefined,
        stackable: i.stackable,
        hazardous: i.hazardous,
      })),
      accessorials: accessorials.filter((a) => !siteCodes.has(a)) as QuoteInput['accessorials'],
      insured_value: fromCents(row.declaredValueCents),
      currency: row.currency as Currency,
      unit_system: 'imperial',
      equipment_type: row.mode === 'truckload' ? (row.service as QuoteInput['equipment_type']) : undefined,
      signature: 'none',
      stops: stopsOf(row).map((s) => ({ kind: s.kind, postal_code: s.place.postal_code, country: s.place.country })),
    };
  }

  /**
   * Reship (same way) or return (swapped): a new quote of the account rated by the quote engine
   * for the next business day, prefilled with the shipment's places; the given email and phone go
   * on the pickup contact.
   */
  async function reship(owner: QuoteOwner, id: string, request: { kind: 'reship' | 'return'; email: string; phone: string }) {
    const row = await find(owner.accountId, id);
    const original = row.quoteId ? await quotes.find(owner.accountId, row.quoteId).catch(() => undefined) : undefined;
    const base = inputOf(row, original);
    const swap = request.kind === 'return';
    const origin = swap ? base.destination : base.origin;
    const destination = swap ? base.origin : base.destination;
    const today = ctx.now().toISOString().slice(0, 10);
    // A return drives the route backwards: the stops in reverse, an extra pickup becoming a drop.
    const stops = swap
      ? [...quotedStops(base)].reverse().map((s) => ({ ...s, kind: s.kind === 'pickup' ? ('drop' as const) : ('pickup' as const) }))
      : quotedStops(base);
    const input: QuoteInput = {
      ...base,
      origin,
      destination,
      stops,
      accessorials: swap ? (base.accessorials.map((a) => swappedAccessorial(a)) as QuoteInput['accessorials']) : base.accessorials,
      pickup_date: nextBusinessDay(today, origin.country),
    };
    const fresh = await quotes.create(owner, input);
    const [from, to] = swap ? [deliveryPlaceOf(row), row.pickup as PlaceView] : [row.pickup as PlaceView, deliveryPlaceOf(row)];
    const place = (p: PlaceView): BookingPlace => ({ ...p, save_to_address_book: false });
    const bookedStopPlaces = stopsOf(row).map((s) => place(s.place));
    const prefill = {
      pickup: { ...place(from), email: request.email, phone: request.phone },
      delivery: place(to),
      stops: swap ? bookedStopPlaces.reverse() : bookedStopPlaces,
    };
    await quotes.setBookingPrefill(owner.accountId, fresh.id, prefill);
    return { ...fresh, bookingPrefill: prefill };
  }

  return {
    book,
    find,
    cancel,
    reship,
    page: (accountId: string, options: ShipmentPageOptions) => repo.page(accountId, options),
    /** The shipment in full for its shipper, with a truckload's public confirmation link. */
    async view(row: ShipmentRow, language: Language): Promise<ShipmentView> {
      const view = await shipmentView(ctx.db, row, language);
      return row.mode === 'truckload' ? { ...view, confirmation_path: confirmationPath(ctx.appKey, row.id) } : view;
    },
    /** The public truckload confirmation of a signed link; 404 for a bad link or another mode. */
    async truckloadConfirmation(token: string, language: Language) {
      const id = shipmentIdOfToken(ctx.appKey, token);
      const row = id && isUuid(id) ? await repo.findSigned(id) : undefined;
      if (!row || row.mode !== 'truckload') throw AppError.notFound();
      const names = await equipmentCatalog(ctx.db, ctx.now).namesIn(language);
      return presentTruckloadConfirmation(row, names(row.service));
    },
  };
}
