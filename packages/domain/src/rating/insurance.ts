/**
 * Cargo insurance options offered with a rate (spec section 9, domain.md section 9). Pure data and
 * functions; integer cents.
 */
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
  /** Premium rate in percent of the covered value (0.3-0.5 for general goods). */
  rate_percent: number;
  /** Minimum premium ($35-75). */
  minimum_premium_cents: Cents;
  /** Largest insured value quoted online (INSURANCE_MAX_ONLINE_CENTS or the _HIGH variant). */
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
  rate_percent: 0.4,
  minimum_premium_cents: 5_000,
  max_insured_cents: INSURANCE_MAX_ONLINE_CENTS,
  deductible_cents: 50_000,
  deductible_above_cents: INSURANCE_DEDUCTIBLE_ABOVE_CENTS,
  first_tier_cents: INSURANCE_FIRST_TIER_CENTS,
};

export type InsuranceKind = 'none' | 'first_tier' | 'full';

export interface InsuranceOption {
  kind: InsuranceKind;
  premium_cents: Cents;
  coverage_cents: Cents;
  deductible_cents: Cents;
}

export interface InsuranceOptions {
  options: InsuranceOption[];
  messages: RateMessage[];
}

/** Carrier liability for uninsured freight: weight x cents/lb by condition, capped at the value. */
export function carrierLiabilityCents(valueCents: Cents, weightLb: number, condition: ItemCondition): Cents {
  return Math.min(valueCents, Math.round(weightLb * CARRIER_LIABILITY_CENTS_PER_LB[condition]));
}

/** Premium: `rate_percent` of the covered value, rounded to the cent, at least the minimum premium. */
export function insurancePremiumCents(coverageCents: Cents, params: InsuranceParams): Cents {
  return Math.max(params.minimum_premium_cents, Math.round((coverageCents * params.rate_percent) / 100));
}

/**
 * Options that go with one rate, always starting with 'none' (coverage = carrier liability when
 * weight and condition are given, else 0). For a value above 0 and up to the online maximum:
 * 'first_tier' covers up to $5,000 (alone when the value is within it); above $5,000 'first_tier'
 * (partial, up to $5,000) and 'full' (the whole value) are both offered. The deductible is on an
 * option whose coverage is above `deductible_above_cents` ($10,000), so only in the $250,000
 * variant. Above the maximum: only 'none' and the no_rate message `quote.no_rate.insured_value_call`.
 */
export function insuranceOptions(insuredValueCents: Cents, params: InsuranceParams = DEFAULT_INSURANCE_PARAMS): InsuranceOptions {
  if (!Number.isFinite(insuredValueCents) || insuredValueCents < 0) throw new RangeError('insured value must be >= 0');
  const { weight_lb, condition } = params;
  const liability = weight_lb !== undefined && condition !== undefined ? carrierLiabilityCents(insuredValueCents, weight_lb, condition) : 0;
  const options: InsuranceOption[] = [{ kind: 'none', premium_cents: 0, coverage_cents: liability, deductible_cents: 0 }];
  if (insuredValueCents > params.max_insured_cents) {
    const message: RateMessage = {
      level: 'no_rate',
      key: 'quote.no_rate.insured_value_call',
      params: { max_insured_cents: params.max_insured_cents },
    };
    return { options, messages: [message] };
  }
  if (insuredValueCents <= 0) return { options, messages: [] };
  const option = (kind: InsuranceKind, coverage: Cents): InsuranceOption => ({
    kind,
    premium_cents: insurancePremiumCents(coverage, params),
    coverage_cents: coverage,
    deductible_cents: coverage > params.deductible_above_cents ? params.deductible_cents : 0,
  });
  options.push(option('first_tier', Math.min(insuredValueCents, params.first_tier_cents)));
  if (insuredValueCents > params.first_tier_cents) options.push(option('full', insuredValueCents));
  return { options, messages: [] };
}

/** The charge line of a chosen option (none for 'none'). */
export function insuranceChargeLines(option: InsuranceOption): ChargeLine[] {
  return option.kind === 'none' || option.premium_cents <= 0
    ? []
    : [{ code: 'insurance', label: 'quote.charge.insurance', detail: option.kind, amount_cents: option.premium_cents }];
}
