import { randomUUID } from 'node:crypto';
import { type BookingCustoms, type BookingRequest, isEbayOrderPrefill, type PlaceView, parcelPickupNote } from '@freight/contracts';
import { AWAITING_PAYMENT_MINUTES, approvalReasons, vicsBolNumber } from '@freight/domain';
import { localDateTime, toCents, zoneOf } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { sha256 } from '../../security/tokens';
import { heldUnderKey, holdForApproval } from '../approvals/approval-holds.service';
import { automationRulesService, ruleShipmentOf } from '../automation-rules/automation-rules.service';
import { shipEbayOrdersOfQuote } from '../ebay/ebay.service';
import { usmcaService } from '../usmca/usmca.service';
import { type WebhookSubscriberReader, webhookEvents, webhookSubscribersOf } from '../webhooks/webhooks.service';
import { saveBookedPlaces } from './booked-places';
import { bookingPricer, type Priced, type Shipper } from './booking-price';
import type { BolSerialDrawer, CarrierRowReader } from './booking-readers';
import { laneColumns } from './lane-columns';
import { type ShipmentRow, shipmentsRepository } from './shipments.repository';
import { bookingFailed, canonicalJson, defaultCarrierFor, PAYMENT_EXPIRY_JOB, type ShipmentsServiceOptions } from './shipments.service';
import { bookedStops, placeViewOf, storedDelivery } from './truckload-stops';

export type { Shipper } from './booking-price';
export { bolSerialsDrawnAhead, carrierRowsReadOnce } from './booking-readers';

/** How a booking reads what many bookings share: a batch's booking hands over readers that read each once. */
export interface BookingReaders {
  readCarrier?: CarrierRowReader;
  readSubscribers?: WebhookSubscriberReader;
  drawBolSerial?: BolSerialDrawer;
}

type HeldBooking = Awaited<ReturnType<typeof holdForApproval>>;

/**
 * The declaration as stored: with a USMCA claim, the certification of origin it is signed under on
 * the day of booking where the freight is picked up (the exporter's day).
 */
function signedCustoms(tx: Db, shipper: Shipper, customs: BookingCustoms, exporter: PlaceView, pickupDate: string, now: Date) {
  const signedOn = localDateTime(now, zoneOf(exporter.state, exporter.country)).date;
  return usmcaService(tx).certified(customs, { accountId: shipper.accountId, userId: shipper.userId, exporter, pickupDate, signedOn });
}

/** A booking is either made, or held for an account admin's approval (nothing sent to the carrier). */
export type BookingOutcome = { shipment: ShipmentRow; approval?: undefined } | { approval: HeldBooking; shipment?: undefined };

const conflict = (key: string) => new AppError(409, 'conflict', key);

const firstOf = async (serials: Promise<number[]>) => {
  const [serial] = await serials;
  if (serial === undefined) throw new Error('no BOL serial');
  return serial;
};

/** Thrown inside a booking's transaction to roll it back when its idempotency key turns out taken. */
class KeyTaken extends Error {}

/**
 * Booking a quote's rate: priced and checked first (booking-checks.ts), then held for approval
 * when it goes beyond the booker's rights, else made in one transaction. The idempotency key makes
 * a repeat of the same request answer the first outcome, even when the repeats run concurrently.
 */
export function bookingService(ctx: AppContext, opts: ShipmentsServiceOptions = {}) {
  const repo = shipmentsRepository(ctx.db);
  const price = bookingPricer(ctx, opts.carrierFor ?? defaultCarrierFor);

  /**
   * Makes a priced booking in one transaction: the quote marked booked, the carrier's numbers, the
   * shipment with its BOL number, places saved to the address book, (prepaid accounts) the payment
   * expiry job, and the eBay orders of the quote shipped with it. Undefined when another request
   * booked the quote first, or took this key for another quote (nothing is then kept).
   */
  async function commit(
    shipper: Shipper,
    body: BookingRequest,
    key: { idempotencyKey: string; requestHash: string },
    priced: Priced,
    approvedBy: string | null,
    readers: BookingReaders,
  ): Promise<ShipmentRow | undefined> {
    const { idempotencyKey, requestHash } = key;
    const { quote, input, rate, pickup, delivery, stops, quoted, insurance, temperatureControlled, customs, carrierRow, carrier } = priced;
    const { items, rateItems, charges, totalCents, costLines, applied, estimated, accessorials, references, parcel } = priced;
    const prepaid = shipper.paymentTerms === 'prepaid';
    const id = randomUUID();
    const now = ctx.now();
    try {
      // A sequence is outside transactions (a rolled-back booking uses its number up either way), so
      // the BOL number is drawn before the transaction: one statement less while it holds the quote.
      const bolNumber = vicsBolNumber(await (readers.drawBolSerial?.() ?? firstOf(repo.nextBolSerials(1))));
      // Who hears of the booking is read before too: a subscription's change races the booking either way.
      const subscribers = await (readers.readSubscribers?.(shipper.accountId) ?? webhookSubscribersOf(ctx.db, shipper.accountId));
      return await ctx.db.transaction(async (tx) => {
        const r = shipmentsRepository(tx);
        // The quote is booked once: marking it first locks it, so a concurrent repeat of this
        // request waits here and then answers the first booking (below) without calling the carrier.
        if (!(await r.markQuoteBooked(quote.id, shipper.accountId, now))) return undefined;
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
        // Written once with the carrier's numbers: a second write of the row would cost as much
        // again (it is wide and well indexed), and a batch books a thousand.
        const row = await r.insertOnce({
          id,
          accountId: shipper.accountId,
          userId: shipper.userId,
          quoteId: quote.id,
          approvedBy,
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
          crossing: rate.crossing ?? null,
          customs: customs && (await signedCustoms(tx, shipper, customs, placeViewOf(pickup), body.pickup_date, now)),
          pickup: placeViewOf(pickup),
          delivery: storedDelivery(placeViewOf(delivery), stops),
          ...laneColumns(pickup, delivery),
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
          costCents: costLines.reduce((s, c) => s + c.amount_cents, 0),
          costLines,
          pricingApplied: applied,
          declaredValueCents: toCents(input.insured_value),
          insurance: insurance && insurance.kind !== 'none' ? insurance : null,
          notifyConsignee: body.notify_consignee,
          paymentState: prepaid ? 'awaiting' : 'not_required',
          paymentDueAt: prepaid ? new Date(now.getTime() + AWAITING_PAYMENT_MINUTES * 60_000) : null,
          proNumber: numbers.pro_number,
          pickupNumber: numbers.pickup_number,
          trackingNumber: numbers.tracking_number,
          createdAt: now,
          updatedAt: now,
        });
        // A request for another quote took this key meanwhile (a client reusing keys): roll back.
        // The carrier's numbers just issued go unused; the tariff carriers hold nothing for them.
        if (!row) throw new KeyTaken();
        await r.insertReferences(id, references);
        await saveBookedPlaces(
          tx,
          { accountId: shipper.accountId, userId: shipper.userId, body, input, pickup, delivery, stops, quoted },
          now,
        );
        if (prepaid && row.paymentDueAt) await ctx.jobs.schedule(PAYMENT_EXPIRY_JOB, id, row.paymentDueAt, { shipment_id: id }, tx);
        await webhookEvents(ctx).booked(tx, row, subscribers);
        await shipEbayOrdersOfQuote(ctx, tx, shipper.accountId, quote.id, id);
        return row;
      });
    } catch (err) {
      if (err instanceof KeyTaken) return undefined;
      if (err instanceof AppError) throw err;
      throw bookingFailed(err);
    }
  }

  /** Whether one of the account's automation rules matching the shipment as quoted holds it for review. */
  async function heldByRule(accountId: string, priced: Priced) {
    const shipment = ruleShipmentOf(priced.input, {
      order_value_cents: Math.round(priced.input.insured_value * 100),
      marketplace: isEbayOrderPrefill(priced.quote.bookingPrefill) ? 'ebay' : 'none',
    });
    return (await automationRulesService(ctx).outcomeFor(accountId, shipment)).actions.hold_for_review === true;
  }

  /** Why this booking needs an account admin, from the booker's rights and the account's rules (empty: book it). */
  async function reasonsToHold(shipper: Shipper, body: BookingRequest, priced: Priced) {
    if (!shipper.rights) return [];
    const { rights } = shipper;
    const insured = priced.insurance && priced.insurance.kind !== 'none';
    const asksNewCarrier = rights.role !== 'account_admin' && rights.approvalRequiredFor.includes('new_carrier');
    return approvalReasons(rights, {
      totalCents: priced.totalCents,
      hazardous: body.hazardous,
      mode: priced.quote.mode,
      insuredValueCents: insured ? toCents(priced.input.insured_value) : 0,
      newCarrier: asksNewCarrier && !(await repo.hasBookedWith(shipper.accountId, priced.carrierRow.id)),
      heldByRule: rights.role !== 'account_admin' && (await heldByRule(shipper.accountId, priced)),
    });
  }

  /**
   * Books `body.rate_id` of the account's quote, or holds it for approval. `approvedBy`: the
   * account admin who approved a held booking, which is then made as its booker.
   */
  async function book(
    shipper: Shipper,
    body: BookingRequest,
    idempotencyKey: string,
    options: { approvedBy?: string; booker?: { firstName: string; lastName: string } } & BookingReaders = {},
  ): Promise<BookingOutcome> {
    const requestHash = sha256(canonicalJson(body));
    const replay = (existing: { requestHash: string }) => {
      if (existing.requestHash !== requestHash) throw conflict('errors.idempotency_conflict');
    };
    /** The booking made under this key (by this request's repeat), if any. */
    const bookedUnderKey = async (): Promise<BookingOutcome | undefined> => {
      const holder = await repo.keyHolder(shipper.accountId, idempotencyKey);
      if (!holder) return undefined;
      replay(holder);
      return { shipment: await repo.findById(holder.id) };
    };
    const earlier = await bookedUnderKey();
    if (earlier) return earlier;
    if (!options.approvedBy) {
      const held = await heldUnderKey(ctx, shipper.accountId, idempotencyKey);
      if (held) {
        replay({ requestHash: sha256(canonicalJson(held.request)) });
        return { approval: held };
      }
    }

    let priced: Priced;
    try {
      priced = await price(shipper, body, options.readCarrier);
    } catch (err) {
      // A repeat of this request may have booked the quote since the key was looked up: its booking is the answer.
      const won = err instanceof AppError && err.message === 'errors.already_booked' ? await bookedUnderKey() : undefined;
      if (won) return won;
      throw err;
    }
    const reasons = options.approvedBy ? [] : await reasonsToHold(shipper, body, priced);
    if (reasons.length) {
      const approval = await holdForApproval(ctx, {
        accountId: shipper.accountId,
        requestedBy: { id: shipper.userId, firstName: options.booker?.firstName ?? '', lastName: options.booker?.lastName ?? '' },
        body,
        idempotencyKey,
        quoteId: priced.quote.id,
        rateExpiresAt: priced.quote.expiresAt,
        carrierName: priced.rate.carrier_name,
        mode: priced.quote.mode,
        currency: priced.quote.currency,
        totalCents: priced.totalCents,
        reasons,
      });
      return { approval };
    }
    const booked = await commit(shipper, body, { idempotencyKey, requestHash }, priced, options.approvedBy ?? null, options);
    if (booked) return { shipment: booked };
    // Another request got there first: with this key, its booking is the answer; else the quote is booked.
    const winner = await bookedUnderKey();
    if (!winner) throw conflict('errors.already_booked');
    return winner;
  }

  return { book, price };
}
