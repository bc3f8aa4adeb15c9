import type { QuoteMode } from '@freight/contracts';
import type { UnitSystem } from '@freight/domain';
import { checkParcel, PARCEL_CARRIER_LIMITS, type ParcelCarrierLimits, type ParcelPackage } from '@freight/domain/rating/parcel';
import type { RequestItem } from './combine';
import { toInchItem } from './density';
import type { ModePick } from './model';

/**
 * Which modes the cargo can go by (spec section 4, mode choice), from the parcel carriers' limits
 * of packages/domain (domain.md section 3). Pallets always go LTL; envelopes only go parcel.
 */

/** Package types that never go parcel. */
export const LTL_ONLY_PACKAGE_TYPES: readonly string[] = ['pallets', 'non_standard_pallets'];
/** Package types that never go LTL. */
export const PARCEL_ONLY_PACKAGE_TYPES: readonly string[] = ['envelopes'];

/** Why a line cannot go parcel: its spec message is the i18n key `quotes.form.parcel_problem.<reason>`. */
export type ParcelProblemReason = 'pallets' | 'weight' | 'length' | 'dimensions';
export interface ParcelProblem {
  /** 0-based request item. */
  item: number;
  reason: ParcelProblemReason;
}

export interface Eligibility {
  ltl: boolean;
  parcel: boolean;
  /** Why parcel is out (empty when it is eligible). */
  problems: ParcelProblem[];
}

/** The most generous limits of any parcel service, to name the rule a package breaks. */
const WIDEST: ParcelCarrierLimits = {
  carrier: 'fedex_express',
  max_weight_lb: Math.max(...Object.values(PARCEL_CARRIER_LIMITS).map((l) => l.max_weight_lb)),
  max_length_in: Math.max(...Object.values(PARCEL_CARRIER_LIMITS).map((l) => l.max_length_in ?? 0)),
  max_length_plus_girth_in: Math.max(...Object.values(PARCEL_CARRIER_LIMITS).map((l) => l.max_length_plus_girth_in)),
  dim_divisor: 139,
};

const REASON_OF_KEY: Record<string, ParcelProblemReason> = {
  'quote.no_rate.parcel_exceeds_weight': 'weight',
  'quote.no_rate.parcel_exceeds_length': 'length',
  'quote.no_rate.parcel_exceeds_dimensions': 'dimensions',
};

/**
 * Eligibility of complete items (every number present; null while any is missing). Parcel needs
 * every package (one per handling unit) within one parcel service's limits.
 */
export function eligibility(items: readonly Partial<RequestItem>[], units: UnitSystem): Eligibility | null {
  const inch = items.map((i) => toInchItem(i, units));
  if (inch.length === 0 || inch.some((i) => i === null)) return null;
  const problems: ParcelProblem[] = [];
  const packages: ParcelPackage[] = [];
  items.forEach((item, index) => {
    const i = inch[index];
    if (!i) return;
    if (LTL_ONLY_PACKAGE_TYPES.includes(item.package_type ?? '')) {
      problems.push({ item: index, reason: 'pallets' });
      return;
    }
    const pkg = { length_in: i.length_in, width_in: i.width_in, height_in: i.height_in, weight_lb: i.weight_lb };
    for (const m of checkParcel(WIDEST, [pkg])) {
      const reason = REASON_OF_KEY[m.key];
      if (reason) problems.push({ item: index, reason });
    }
    for (let n = 0; n < i.quantity; n++) packages.push(pkg);
  });
  const fitsOneService =
    problems.length === 0 && Object.values(PARCEL_CARRIER_LIMITS).some((limits) => checkParcel(limits, packages).length === 0);
  return {
    ltl: !items.every((i) => PARCEL_ONLY_PACKAGE_TYPES.includes(i.package_type ?? '')),
    parcel: fitsOneService,
    problems: fitsOneService ? [] : problems,
  };
}

export type ModeDecision =
  | { kind: 'submit'; mode: QuoteMode }
  /** Both fit and nothing settles it: ask LTL or parcel. */
  | { kind: 'ask' }
  /** Parcel was picked but the cargo does not fit: offer LTL ('Cargo exceeds max dimensions! Use the LTL option'). */
  | { kind: 'offer_ltl'; problems: ParcelProblem[] };

/**
 * The mode to quote. A pick of LTL is always honoured; a pick of parcel (from the form or the
 * user's preferred mode) is honoured when the cargo fits, else LTL is offered; 'auto' asks only
 * when the cargo fits both.
 */
export function decideMode(e: Eligibility, pick: ModePick): ModeDecision {
  if (pick === 'ltl') return { kind: 'submit', mode: 'ltl' };
  if (pick === 'parcel') return e.parcel ? { kind: 'submit', mode: 'parcel' } : { kind: 'offer_ltl', problems: e.problems };
  if (e.parcel && e.ltl) return { kind: 'ask' };
  return { kind: 'submit', mode: e.parcel ? 'parcel' : 'ltl' };
}

/** The form's starting pick from the user's preferred mode setting. */
export function pickFromPreference(preferred: string | undefined): ModePick {
  return preferred === 'ltl' || preferred === 'parcel' ? preferred : 'auto';
}
