/**
 * Cargo insurance options offered with a rate. Pure data and
 * functions; integer cents.
 */
import { SUPPORT_PHONE } from '../support';
import type { Cents, ChargeLine, RateMessage } from './types';

/** First-tier coverage: up to $5,000. */
export const INSURANCE_FIRST_TIER_CENTS: Cents = 500_000;
/** Maximum insured value quoted online: $10,000. */
export const INSURANCE_MAX_ONLINE_CENTS: Cents = 1_000_000;
/** The other variant's online maximum: $250,000. */
export const INSURANCE_MAX_ONLINE_CENTS_HIGH: Cents = 25_000_000;
/** A deductible applies to insured values above $10,000. */
export const INSURANCE_DEDUCTIBLE_ABOVE_CENTS: Cents = 1_000_000;
/** Carrier liability without insurance (example): $2.00/lb new goods, $0.10/lb used goods. */
export const CARRIER_LIABILITY_CENTS_PER_LB = { new: 200, used: 10 } as const;

export type ItemCondition = keyof typeof CARRIER_LIABILITY_CENTS_PER_LB;

export interface InsuranceParams {
  /** Premium in percent of the coverage within the first tier (small policies cost more per dollar). */
  first_tier_rate_percent: number;
  /** Premium in percent of the coverage above the first tier (0.3-0.5 for general goods). */
  rate_percent: number;
  /** Minimum premium ($35-75). */
  minimum_premium_cents: Cents;
  /** Largest insured value bought online; above it the shipper calls (maxInsuredOnlineCents). */
  max_insured_cents: Cents;
  /** Deductible ($250-1,000), applied when the insured value is above `deductible_above_cents`. */
  deductible_cents: Cents;
  deductible_above_cents: Cents;
  first_tier_cents: Cents;
  /** For the uninsured option's coverage (carrier liability); both needed to show it, else 0. */
  weight_lb?: number;
  condition?: ItemCondition;
}

export const DEFAULT_INSURANCE_PARAMS: InsuranceParams = {
  first_tier_rate_percent: 0.75,
  rate_percent: 0.4,
  minimum_premium_cents: 3_500,
  max_insured_cents: INSURANCE_MAX_ONLINE_CENTS,
  deductible_cents: 50_000,
  deductible_above_cents: INSURANCE_DEDUCTIBLE_ABOVE_CENTS,
  first_tier_cents: INSURANCE_FIRST_TIER_CENTS,
};

/**
 * The spec's two online maximums read by mode: LTL and parcel insure up to $10,000 online, a
 * truckload (whose loads are worth more) up to $250,000, with the deductible above $10,000.
 */
export function maxInsuredOnlineCents(mode: 'ltl' | 'parcel' | 'truckload'): Cents {
  return mode === 'truckload' ? INSURANCE_MAX_ONLINE_CENTS_HIGH : INSURANCE_MAX_ONLINE_CENTS;
}

export type InsuranceKind = 'none' | 'first_tier' | 'full';

export interface InsuranceOption {
  kind: InsuranceKind;
  premium_cents: Cents;
  coverage_cents: Cents;
  deductible_cents: Cents;
  /**
   * False for cover above the online maximum: shown with its premium, bought by calling. Options
   * stored before this field existed were all within the maximum.
   */
  online?: boolean;
}

export interface InsuranceOptions {
  options: InsuranceOption[];
  messages: RateMessage[];
}

/** Carrier liability for uninsured freight: weight x cents/lb by condition, capped at the value. */
export function carrierLiabilityCents(valueCents: Cents, weightLb: number, condition: ItemCondition): Cents {
  return Math.min(valueCents, Math.round(weightLb * CARRIER_LIABILITY_CENTS_PER_LB[condition]));
}

/**
 * Premium in tiers: `first_tier_rate_percent` of the coverage up to the first tier, `rate_percent`
 * of the rest, rounded to the cent, at least the minimum premium. It grows with the coverage.
 */
export function insurancePremiumCents(coverageCents: Cents, params: InsuranceParams): Cents {
  const inFirst = Math.min(coverageCents, params.first_tier_cents);
  const above = Math.max(0, coverageCents - params.first_tier_cents);
  const premium = (inFirst * params.first_tier_rate_percent + above * params.rate_percent) / 100;
  return Math.max(params.minimum_premium_cents, Math.round(premium));
}

/** One option of `coverage` (a module function: a closure per quote costs a defineProperty under tsx). */
function insuranceOption(kind: InsuranceKind, coverage: Cents, params: InsuranceParams): InsuranceOption {
  return {
    kind,
    premium_cents: insurancePremiumCents(coverage, params),
    coverage_cents: coverage,
    deductible_cents: coverage > params.deductible_above_cents ? params.deductible_cents : 0,
    online: coverage <= params.max_insured_cents,
  };
}

/**
 * Options that go with one rate for a shipment of `valueCents` (the value of the goods), always
 * starting with 'none' (coverage = carrier liability when weight and condition are given, else 0).
 * 'first_tier' covers up to $5,000 (alone when the value is within it); above $5,000 'full' covers
 * the whole value. The value itself never stops a rate: only cover above the online maximum is
 * not bought online (`online: false`, with the warning `quote.warning.insured_value_call`). The
 * deductible is on cover above `deductible_above_cents` ($10,000).
 */
export function insuranceOptions(valueCents: Cents, params: InsuranceParams = DEFAULT_INSURANCE_PARAMS): InsuranceOptions {
  if (!Number.isFinite(valueCents) || valueCents < 0) throw new RangeError('shipment value must be >= 0');
  const { weight_lb, condition } = params;
  const liability = weight_lb !== undefined && condition !== undefined ? carrierLiabilityCents(valueCents, weight_lb, condition) : 0;
  const options: InsuranceOption[] = [{ kind: 'none', premium_cents: 0, coverage_cents: liability, deductible_cents: 0, online: true }];
  if (valueCents <= 0) return { options, messages: [] };
  options.push(insuranceOption('first_tier', Math.min(valueCents, params.first_tier_cents), params));
  if (valueCents > params.first_tier_cents) options.push(insuranceOption('full', valueCents, params));
  return offered(options, params.max_insured_cents);
}

/** The parcel carriers' declared value: the first $100 of each package is their liability, free. */
export const PARCEL_INCLUDED_CENTS_PER_PACKAGE: Cents = 10_000;
/** Declared value above what is included costs this per $100 or part of $100 (a published parcel example). */
export const PARCEL_DECLARED_VALUE_CENTS_PER_100: Cents = 115;

/**
 * A parcel's options follow the parcel carriers' declared-value rule rather than cargo insurance:
 * 'none' is the liability each package carries free ($100 a package, never above the goods' value);
 * 'full' declares the goods' whole value, the part above what is included priced per $100 or part.
 * Nothing is declared above the value of the goods, and a value the free liability covers has only
 * 'none'.
 */
export function parcelDeclaredValueOptions(valueCents: Cents, packages: number, maxInsuredCents: Cents): InsuranceOptions {
  if (!Number.isFinite(valueCents) || valueCents < 0) throw new RangeError('shipment value must be >= 0');
  const included = Math.min(valueCents, Math.max(1, packages) * PARCEL_INCLUDED_CENTS_PER_PACKAGE);
  const options: InsuranceOption[] = [{ kind: 'none', premium_cents: 0, coverage_cents: included, deductible_cents: 0, online: true }];
  if (valueCents > included) {
    options.push({
      kind: 'full',
      premium_cents: Math.ceil((valueCents - included) / 10_000) * PARCEL_DECLARED_VALUE_CENTS_PER_100,
      coverage_cents: valueCents,
      deductible_cents: 0,
      online: valueCents <= maxInsuredCents,
    });
  }
  return offered(options, maxInsuredCents);
}

/** The options of a rate by mode: a parcel's declared value by its packages, freight's cargo insurance. */
export function insuranceOptionsFor(mode: 'ltl' | 'parcel' | 'truckload', valueCents: Cents, packages: number): InsuranceOptions {
  const max = maxInsuredOnlineCents(mode);
  return mode === 'parcel'
    ? parcelDeclaredValueOptions(valueCents, packages, max)
    : insuranceOptions(valueCents, { ...DEFAULT_INSURANCE_PARAMS, max_insured_cents: max });
}

/**
 * What is offered of `options`: cover whose premium is not below what it covers is no insurance
 * ($35 to cover goods worth $18.99), so it is left out; cover above the online maximum stays, by phone, with the warning.
 */
function offered(options: InsuranceOption[], maxInsuredCents: Cents): InsuranceOptions {
  const kept = options.filter((o) => o.kind === 'none' || o.premium_cents < o.coverage_cents);
  const messages: RateMessage[] = kept.some((o) => !o.online)
    ? [
        {
          level: 'warning',
          key: 'quote.warning.insured_value_call',
          params: { max: `$${(maxInsuredCents / 100).toLocaleString('en-US')}`, phone: SUPPORT_PHONE.display },
        },
      ]
    : [];
  return { options: kept, messages };
}

/** Whether an option can be bought with the booking (cover above the online maximum is by phone). */
export const insurableOnline = (option: Pick<InsuranceOption, 'online'>) => option.online !== false;

type CoverOption = { kind: string; premium_cents: Cents; coverage_cents: Cents; online?: boolean };

/**
 * What "insured" takes of a quote's options, when a preference, a rule or a batch row asks for
 * insurance without naming the cover: of the cover bought online whose premium is below what it
 * covers, the one covering the most. Null when there is none (no value declared, or cover only by
 * phone).
 */
export function widestOnlineCover<O extends CoverOption>(options: readonly O[]): O | null {
  return options
    .filter((o) => o.kind !== 'none' && o.premium_cents < o.coverage_cents && insurableOnline(o))
    .reduce<O | null>((best, o) => (!best || o.coverage_cents > best.coverage_cents ? o : best), null);
}

/** The charge line of a chosen option (none for 'none'). */
export function insuranceChargeLines(option: InsuranceOption): ChargeLine[] {
  return option.kind === 'none' || option.premium_cents <= 0
    ? []
    : [{ code: 'insurance', label: 'quote.charge.insurance', detail: option.kind, amount_cents: option.premium_cents }];
}
