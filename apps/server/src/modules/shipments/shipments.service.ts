import { randomUUID } from 'node:crypto';
import {
  type AddressBookEntryValues,
  type BookingRequest,
  bookingReferences,
  parcelPickupNote,
  type ShipmentItemView,
  type ShipmentView,
} from '@freight/contracts';
import {
  AWAITING_PAYMENT_MINUTES,
  CANCELABLE_STATUSES,
  CARD_AUTH_HOLD_CENTS,
  type Currency,
  type Language,
  type PaymentTerms,
  SUPPORT_PHONE,
  vicsBolNumber,
} from '@freight/domain';
import {
  type ChargeLine,
  convertCents,
  estimatedDelivery,
  type InsuranceOption,
  insuranceChargeLines,
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
import { postalDataVerifier } from '../addresses/addresses.verifier';
import { equipmentCatalog } from '../equipment-types/equipment-types.repository';
import type { BookingCarrierAdapter, RateItem } from '../quotes/carriers/adapter';
import { TariffCarrier } from '../quotes/carriers/tariff-carrier';
import type { CarrierRow } from '../quotes/quotes.repository';
import { FALLBACK_RATES, type QuoteInput, type QuoteResult, quotesService } from '../quotes/quotes.service';
import { placeOffsetMinutes } from '../tracking/zones';
import { webhookEvents } from '../webhooks/webhook-events';
import { asAddressEntry, checkedBooking } from './booking-checks';
import { type PaymentFacts, presentShipment, trackedShipment } from './shipments.presenter';
import { type ShipmentPageOptions, type ShipmentRow, shipmentsRepository } from './shipments.repository';
import { confirmationPath, presentTruckloadConfirmation, shipmentIdOfToken } from './truckload-confirmation';
import { bookedStops, placeViewOf, storedDelivery } from './truckload-stops';

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

/**
 * Booking: book a quote's rate (checked first by booking-checks.ts), the shipments list and
 * detail, cancel. Shipping one again (reship, return-ship) is reship.service.ts.
 */
export function shipmentsService(ctx: AppContext, opts: ShipmentsServiceOptions = {}) {
  const repo = shipmentsRepository(ctx.db);
  const carrierFor = opts.carrierFor ?? defaultCarrierFor;
  const quotes = quotesService(ctx);
  const verifier = postalDataVerifier();

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
    // Rates hold until the cut-off for their pickup date: later, the web rates the quote again.
    if (quote.expiresAt && quote.expiresAt <= ctx.now()) throw new AppError(409, 'quote_expired', 'errors.quote_expired');
    const input = quote.input as QuoteInput;
    const result = quote.result as QuoteResult;
    const rate = result.rates.find((r) => r.id === body.rate_id);
    if (!rate) throw AppError.field('rate_id', 'validation.rate_unknown');
    const now = ctx.now();
    const { pickup, delivery, stops, quoted, insurance, temperatureControlled } = await checkedBooking(ctx, verifier, {
      quote,
      input,
      result,
      rate,
      body,
      now,
    });

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
    const references = bookingReferences(body);
    const parcel = quote.mode === 'parcel' ? body.parcel_options : undefined;

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
          // A parcel dropped off has no pickup window.
          readyTime: body.ready_time ?? '',
          closeTime: body.close_time ?? '',
          deliveryAppointment: body.delivery_appointment ?? false,
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
          referenceType: references[0]?.type ?? null,
          referenceNumber: references[0]?.value ?? '',
          references,
          referenceText: references.map((r) => r.value).join(' '),
          notes: body.notes,
          pickupNote: parcel ? parcelPickupNote(parcel.handoff, rate) : null,
          parcelOptions: parcel ?? null,
          temperature: temperatureControlled ? (body.temperature ?? null) : null,
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
        await r.insertReferences(id, references);
        if (!(await r.markQuoteBooked(quote.id, shipper.accountId, now))) throw conflict('errors.already_booked');
        const numbers = await carrier.book({
          shipment_id: id,
          bol_number: bolNumber,
          mode: quote.mode,
          service: rate.service,
          pickup_date: body.pickup_date,
          ready_time: body.ready_time ?? '',
          close_time: body.close_time ?? '',
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

  return {
    book,
    find,
    cancel,
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
