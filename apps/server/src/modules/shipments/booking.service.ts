import { randomUUID } from 'node:crypto';
import {
  type BookingCustoms,
  type BookingRequest,
  bookingReferences,
  isEbayOrderPrefill,
  type PlaceView,
  parcelPickupNote,
  type ShipmentItemView,
} from '@freight/contracts';
import { AWAITING_PAYMENT_MINUTES, approvalReasons, type BookingRights, type PaymentTerms, vicsBolNumber } from '@freight/domain';
import {
  type ChargeLine,
  CROSSING_CHARGE_DETAILS,
  deliveryFrom,
  type InsuranceOption,
  insuranceChargeLines,
  localDateTime,
  roundTo2,
  toCents,
  toInches,
  toPounds,
  zoneOf,
} from '@freight/domain/rating';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { sha256 } from '../../security/tokens';
import { postalDataVerifier } from '../addresses/addresses.verifier';
import { heldUnderKey, holdForApproval } from '../approvals/approval-holds.service';
import { automationRulesService, ruleShipmentOf } from '../automation-rules/automation-rules.service';
import { withoutOwnBrokers } from '../customs/customs.service';
import { shipEbayOrdersOfQuote } from '../ebay/ebay.service';
import type { RateItem } from '../quotes/carriers/adapter';
import { costOfRate, type QuoteInput, type QuoteResult, quotesService } from '../quotes/quotes.service';
import { usmcaService } from '../usmca/usmca.service';
import { webhookEvents } from '../webhooks/webhook-events';
import { saveBookedPlaces } from './booked-places';
import { checkedBooking } from './booking-checks';
import { laneColumns } from './lane-columns';
import { type ShipmentRow, shipmentsRepository } from './shipments.repository';
import { bookingFailed, canonicalJson, defaultCarrierFor, PAYMENT_EXPIRY_JOB, type ShipmentsServiceOptions } from './shipments.service';
import { bookedStops, placeViewOf, storedDelivery } from './truckload-stops';

/** Who books: the caller's account (every record is looked up through it), user and payment terms. */
export interface Shipper {
  accountId: string;
  userId: string;
  paymentTerms: PaymentTerms;
  /**
   * The booker's rights in the account's team: a booking beyond them waits for an account admin.
   * Absent when an approved booking is made on the booker's behalf.
   */
  rights?: BookingRights;
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

/**
 * Booking a quote's rate: priced and checked first (booking-checks.ts), then held for approval
 * when it goes beyond the booker's rights, else made in one transaction. The idempotency key makes
 * a repeat of the same request answer the first outcome, even when the repeats run concurrently.
 */
export function bookingService(ctx: AppContext, opts: ShipmentsServiceOptions = {}) {
  const repo = shipmentsRepository(ctx.db);
  const carrierFor = opts.carrierFor ?? defaultCarrierFor;
  const quotes = quotesService(ctx);
  const verifier = postalDataVerifier();

  /**
   * Everything a booking is before it is made: the account's quote and rate (the quote not yet
   * booked, its rates still holding), the places and insurance checked (booking-checks.ts), the
   * carrier, the items as booked and the total. No write.
   */
  async function price(shipper: Shipper, body: BookingRequest) {
    const quote = await quotes.find(shipper.accountId, body.quote_id);
    if (quote.bookedAt) throw conflict('errors.already_booked');
    // Rates hold until the cut-off for their pickup date: later, the web rates the quote again.
    if (quote.expiresAt && quote.expiresAt <= ctx.now()) throw new AppError(409, 'quote_expired', 'errors.quote_expired');
    const input = quote.input as QuoteInput;
    const result = quote.result as QuoteResult;
    const rate = result.rates.find((r) => r.id === body.rate_id);
    if (!rate) throw AppError.field('rate_id', 'validation.rate_unknown');
    const now = ctx.now();
    const { pickup, delivery, stops, quoted, insurance, customs, temperatureControlled } = await checkedBooking(ctx, verifier, {
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
    // Insurance is sold at its own premium: the same lines on the price and on the cost.
    const insured = insurance ? insuranceChargeLines(insurance as InsuranceOption) : [];
    const charges: ChargeLine[] = [...withoutOwnBrokers(rate.charges, customs), ...insured];
    const totalCents = charges.reduce((s, c) => s + c.amount_cents, 0);
    const cost = costOfRate(quote.costs, rate);
    const costLines: ChargeLine[] = [...withoutOwnBrokers(cost.charges, customs), ...insured];
    const estimated =
      body.pickup_date === input.pickup_date
        ? rate.estimated_delivery
        : deliveryFrom(body.pickup_date, rate, input.origin.country, input.destination.country);
    // The services its rate charges for, not what crossing a border costs (the shipment's crossing says that).
    const charged = rate.charges.filter((c) => c.code === 'accessorial' && c.detail && !CROSSING_CHARGE_DETAILS.includes(c.detail));
    const accessorials = [...new Set([...quoted, ...charged.map((c) => c.detail as string)])];
    const references = bookingReferences(body);
    const parcel = quote.mode === 'parcel' ? body.parcel_options : undefined;
    return {
      quote,
      input,
      rate,
      pickup,
      delivery,
      stops,
      quoted,
      insurance,
      temperatureControlled,
      customs,
      carrierRow,
      carrier,
      items,
      rateItems,
      charges,
      totalCents,
      costLines,
      applied: cost.applied,
      estimated,
      accessorials,
      references,
      parcel,
    };
  }

  /**
   * Makes a priced booking in one transaction: the shipment with its BOL number, the carrier's
   * numbers, the quote marked booked, places saved to the address book, (prepaid accounts) the
   * payment expiry job, and the eBay orders of the quote shipped with it. Undefined when another
   * request with this key got there first.
   */
  async function commit(
    shipper: Shipper,
    body: BookingRequest,
    key: { idempotencyKey: string; requestHash: string },
    priced: Priced,
    approvedBy: string | null,
  ): Promise<ShipmentRow | undefined> {
    const { idempotencyKey, requestHash } = key;
    const { quote, input, rate, pickup, delivery, stops, quoted, insurance, temperatureControlled, customs, carrierRow, carrier } = priced;
    const { items, rateItems, charges, totalCents, costLines, applied, estimated, accessorials, references, parcel } = priced;
    const prepaid = shipper.paymentTerms === 'prepaid';
    const id = randomUUID();
    const now = ctx.now();
    try {
      return await ctx.db.transaction(async (tx) => {
        const r = shipmentsRepository(tx);
        const bolNumber = vicsBolNumber(await r.nextBolSerial());
        const inserted = await r.insertOnce({
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
        await saveBookedPlaces(
          tx,
          { accountId: shipper.accountId, userId: shipper.userId, body, input, pickup, delivery, stops, quoted },
          now,
        );
        if (prepaid && row.paymentDueAt) await ctx.jobs.schedule(PAYMENT_EXPIRY_JOB, id, row.paymentDueAt, { shipment_id: id }, tx);
        await webhookEvents(ctx).booked(tx, row);
        await shipEbayOrdersOfQuote(ctx, tx, shipper.accountId, quote.id, id);
        return row;
      });
    } catch (err) {
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
    options: { approvedBy?: string; booker?: { firstName: string; lastName: string } } = {},
  ): Promise<BookingOutcome> {
    const requestHash = sha256(canonicalJson(body));
    const replay = (existing: { requestHash: string }) => {
      if (existing.requestHash !== requestHash) throw conflict('errors.idempotency_conflict');
    };
    const earlier = await repo.byIdempotencyKey(shipper.accountId, idempotencyKey);
    if (earlier) {
      replay(earlier);
      return { shipment: earlier };
    }
    if (!options.approvedBy) {
      const held = await heldUnderKey(ctx, shipper.accountId, idempotencyKey);
      if (held) {
        replay({ requestHash: sha256(canonicalJson(held.request)) });
        return { approval: held };
      }
    }

    const priced = await price(shipper, body);
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
    const booked = await commit(shipper, body, { idempotencyKey, requestHash }, priced, options.approvedBy ?? null);
    if (booked) return { shipment: booked };
    const winner = await repo.byIdempotencyKey(shipper.accountId, idempotencyKey);
    if (!winner) throw bookingFailed(new Error('idempotency key taken but no shipment found'));
    replay(winner);
    return { shipment: winner };
  }

  return { book, price };
}

type Priced = Awaited<ReturnType<ReturnType<typeof bookingService>['price']>>;
