import { type BookingRequest, bookingReferences, type ShipmentItemView } from '@freight/contracts';
import type { BookingRights, PaymentTerms } from '@freight/domain';
import {
  type ChargeLine,
  CROSSING_CHARGE_DETAILS,
  deliveryFrom,
  type InsuranceOption,
  insuranceChargeLines,
  roundTo2,
  toInches,
  toPounds,
} from '@freight/domain/rating';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { postalDataVerifier } from '../addresses/addresses.service';
import { withoutOwnBrokers } from '../customs/customs.service';
import { costOfRate, type QuoteInput, type QuoteResult, quotesService, type RateItem } from '../quotes/quotes.service';
import { checkedBooking } from './booking-checks';
import type { CarrierRowReader } from './booking-readers';
import { shipmentsRepository } from './shipments.repository';
import type { CarrierFactory } from './shipments.service';

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

const conflict = (key: string) => new AppError(409, 'conflict', key);

/** Pricing a booking (its first step, before anything is held or written), with `carrierFor` making the carrier that books. */
export function bookingPricer(ctx: AppContext, carrierFor: CarrierFactory) {
  const repo = shipmentsRepository(ctx.db);
  const quotes = quotesService(ctx);
  const verifier = postalDataVerifier();

  /**
   * Everything a booking is before it is made: the account's quote and rate (the quote not yet
   * booked, its rates still holding), the places and insurance checked (booking-checks.ts), the
   * carrier, the items as booked and the total. No write.
   */
  async function price(shipper: Shipper, body: BookingRequest, readCarrier: CarrierRowReader = (id) => repo.carrier(id)) {
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

    const carrierRow = await readCarrier(rate.carrier_id);
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

  return price;
}

/** A booking priced: everything it is before it is made. */
export type Priced = Awaited<ReturnType<ReturnType<typeof bookingPricer>>>;
