import { z } from 'zod';
import { chargeView } from './shipmentViews';
import { pricingAppliedView } from './staffShipments';

/**
 * A stored quote as staff read it (GET /api/admin/quotes/:id): what was asked, each carrier's rate
 * as the shipper saw it (the price) and, for staff who may see the account's margin, each rate's
 * cost, margin and what priced it (docs/brokerage.md). Strict objects: the answer holds these keys
 * and no others, so a parse proves that a viewer without margin gets no cost key at all.
 */
export const staffQuoteParams = z.object({ id: z.string().max(64) });

/** One rate's broker side, in the quote's currency (integer cents; the percent in basis points of the price). */
export const staffQuoteRateMargin = z.strictObject({
  /** What the carrier is paid. */
  cost_lines: z.array(chargeView),
  cost_cents: z.int(),
  margin_cents: z.int(),
  /** margin / price in basis points; null when the price is 0. */
  margin_bp: z.int().nullable(),
  applied: pricingAppliedView,
  /** A contract price under its cost. */
  below_cost: z.boolean(),
  /** A contract price under the program's minimum margin, as the pricing found when the quote was rated. */
  below_minimum: z.boolean(),
  /**
   * False for a quote rated before pricing went live: no cost was kept, its rate was the carrier's
   * tariff, so the cost shown is the price and the margin is 0.
   */
  cost_recorded: z.boolean(),
});
export type StaffQuoteRateMargin = z.infer<typeof staffQuoteRateMargin>;

export const staffQuoteRate = z.strictObject({
  id: z.string(),
  carrier_name: z.string(),
  scac: z.string(),
  /** A truckload's equipment code, else the carrier's service. */
  service: z.string(),
  /** A truckload's equipment in the reader's language; null for other modes. */
  service_name: z.string().nullable(),
  transit_days: z.int(),
  estimated_delivery: z.string(),
  /** What the shipper was quoted. */
  price_lines: z.array(chargeView),
  price_cents: z.int(),
  /** The quote's lowest price: the rate whose margin the account's recent quotes list. */
  lowest: z.boolean(),
  /** Only for staff who may see this account's margin; absent (not emptied) for the others. */
  margin: staffQuoteRateMargin.optional(),
});
export type StaffQuoteRate = z.infer<typeof staffQuoteRate>;

/**
 * The lowest price's cost and margin, on the account's recent quotes and the quote's page; only
 * for staff who may see the account's margin, and only when the quote has a rate.
 */
export const staffQuoteLowestMargin = z.strictObject({
  lowest_cost_cents: z.int().optional(),
  lowest_margin_cents: z.int().optional(),
  lowest_margin_bp: z.int().nullable().optional(),
});
export type StaffQuoteLowestMargin = z.infer<typeof staffQuoteLowestMargin>;

const quotedPlace = z.strictObject({ postal_code: z.string(), country: z.string(), city: z.string(), state: z.string() });

export const staffQuoteDetail = z.strictObject({
  id: z.string(),
  /** 'Q' and eight digits: what the shipper quotes by. */
  number: z.string(),
  mode: z.string(),
  currency: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  booked_at: z.string().nullable(),
  account: z.strictObject({ id: z.string(), name: z.string() }),
  /** Who ran it; null once that user is gone. */
  created_by: z.string().nullable(),
  /** What was asked, in brief. */
  request: z.strictObject({
    pickup_date: z.string(),
    origin: quotedPlace,
    destination: quotedPlace,
    load: z.strictObject({ pieces: z.int(), weight_lb: z.int(), classes: z.array(z.number()) }),
  }),
  /** Cheapest first. */
  rates: z.array(staffQuoteRate),
  lowest_total_cents: z.int().nullable(),
  ...staffQuoteLowestMargin.shape,
});
export type StaffQuoteDetail = z.infer<typeof staffQuoteDetail>;
