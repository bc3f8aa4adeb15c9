/**
 * Customer pricing (the broker's sell side): what a shipper pays for a carrier's rate. The rating
 * engine's lines are the carrier's charges, our cost; a pricing program turns them into the price.
 * Money is integer cents of the engine's currency (USD), percentages basis points (1% = 100 bp),
 * weights pounds, dates ISO 'YYYY-MM-DD'.
 */

import type { Cents, ChargeLine } from '../rating/types';
import type { Country } from '../settings';

export const PRICING_MODES = ['ltl', 'parcel', 'truckload'] as const;
export type PricingMode = (typeof PRICING_MODES)[number];

/**
 * One end of a lane: a list of states (US states and Canadian provinces by their two letters,
 * Mexican states by their three, as the postal data names them) or of US ZIP3 zones (the first
 * three digits of the ZIP). The place matches when it is in the list.
 */
export type PlaceMatch = { states: string[] } | { zip3: string[] };

/** Weights from `min_lb` (inclusive) up to `max_lb` (exclusive), so adjacent breaks neither overlap nor leave a gap. */
export interface WeightRange {
  min_lb?: number;
  max_lb?: number;
}

/** What a rule or contract lane applies to; every field left out matches anything. */
export interface PricingMatch {
  mode?: PricingMode;
  /** The carrier's SCAC, upper case. */
  carrier_scac?: string;
  origin?: PlaceMatch;
  destination?: PlaceMatch;
  weight?: WeightRange;
}

/**
 * How a rule turns cost into price:
 * - `markup`: the marked-up lines (pricing.ts: linehaul, fuel, accessorials, surcharges) cost
 *   plus `markup_bp` of that cost;
 * - `flat`: the cost plus a fixed amount per shipment;
 * - `discount_off_base` (LTL only): the linehaul sold at the carrier's base tariff (the rate's
 *   gross `freight` lines) less `discount_bp`, the fuel surcharge following the linehaul (it is a
 *   percentage of it), accessorials and surcharges at cost. Parcel and truckload rates have no
 *   base distinct from their cost, so such a rule never matches them.
 */
export type PricingAdjustment =
  | { kind: 'markup'; markup_bp: number }
  | { kind: 'flat'; amount_cents: Cents }
  | { kind: 'discount_off_base'; discount_bp: number };

export interface PricingRule {
  /** Staff's label for the rule ('LTL into Texas'); shown in previews and audit entries. */
  name: string;
  match: PricingMatch;
  adjustment: PricingAdjustment;
  /** Overrides of the program's minimum margin for the rates this rule prices. */
  minimum_margin_cents?: Cents;
  minimum_margin_bp?: number;
}

/**
 * A fixed price for a named lane. `price_cents` is the whole transportation (linehaul, fuel,
 * minimum); accessorials, surcharges and insurance come on top at cost. Valid from `valid_from`
 * to `valid_to`, both inclusive (the pickup date). A weight range keeps a lane priced for pallets
 * from pricing a full truck the same.
 */
export interface ContractLane {
  name: string;
  mode: PricingMode;
  carrier_scac?: string;
  origin: PlaceMatch;
  destination: PlaceMatch;
  weight?: WeightRange;
  price_cents: Cents;
  valid_from: string;
  valid_to: string;
}

/** One version of a pricing program (the default one or an account's). */
export interface PricingProgram {
  rules: PricingRule[];
  contract_lanes: ContractLane[];
  /** Least margin per shipment, in cents and in basis points of the price; the higher of the two holds. */
  minimum_margin_cents: Cents;
  minimum_margin_bp: number;
}

/** A program version as the pricing reads it: the program and which one it is. */
export interface ProgramInForce {
  scope: 'account' | 'default';
  /** The server's program id and version number, repeated in the result. */
  program_id: string;
  version: number;
  program: PricingProgram;
}

export interface PricingPlace {
  postal_code: string;
  country: Country;
  /** The place's state or province code (lookupPlace's `state`); without it, state lists never match. */
  state?: string;
}

/** The shipment a rate is for. */
export interface PricingContext {
  mode: PricingMode;
  carrier_scac: string;
  origin: PricingPlace;
  destination: PricingPlace;
  /** The shipment's actual weight (not the deficit weight an LTL rate may bill). */
  weight_lb: number;
  /** The pickup date: contract lanes are valid by it. */
  date: string;
}

/** What priced a rate: a contract lane or rule of a program (index into its list), or nothing. */
export type AppliedPricing =
  | { source: 'contract'; scope: 'account' | 'default'; program_id: string; version: number; index: number; name: string }
  | { source: 'rule'; scope: 'account' | 'default'; program_id: string; version: number; index: number; name: string }
  | { source: 'none' };

export interface PricedRate {
  /** The price's lines, summing exactly to `price_cents`. */
  lines: ChargeLine[];
  cost_cents: Cents;
  price_cents: Cents;
  margin_cents: Cents;
  /** margin / price in basis points, rounded half away from zero; null when there is no price (0). */
  margin_bp: number | null;
  applied: AppliedPricing;
  /** The price was raised to meet the minimum margin. */
  minimum_applied: boolean;
  /** A contract lane's fixed price gives less than the minimum margin, or less than cost. */
  below_minimum: boolean;
  below_cost: boolean;
}
