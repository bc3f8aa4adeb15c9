import { checkParcel, PARCEL_CARRIER_LIMITS, type ParcelCarrierLimits, type ParcelPackage } from './parcel';

/**
 * Which modes cargo can go by, from the parcel carriers' limits
 * (parcel carriers take boxes, not pallets). Pallets always go LTL; envelopes only go parcel. The quote form and an
 * eBay order's quote both decide with it.
 */

/** Package types that never go parcel. */
export const LTL_ONLY_PACKAGE_TYPES: readonly string[] = ['pallets', 'non_standard_pallets'];
/** Package types that never go LTL. */
export const PARCEL_ONLY_PACKAGE_TYPES: readonly string[] = ['envelopes'];

/** Why a line cannot go parcel. */
export type ParcelProblemReason = 'pallets' | 'weight' | 'length' | 'dimensions';
export interface ParcelProblem {
  /** 0-based item. */
  item: number;
  reason: ParcelProblemReason;
}

export interface Eligibility {
  ltl: boolean;
  parcel: boolean;
  /** Why parcel is out (empty when it is eligible). */
  problems: ParcelProblem[];
}

/** One line of cargo in inches and pounds per handling unit. */
export interface InchLine {
  package_type: string;
  quantity: number;
  length_in: number;
  width_in: number;
  height_in: number;
  weight_lb: number;
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
 * The modes `lines` can go by. Parcel needs every package (one per handling unit) within one
 * parcel service's limits; LTL takes anything but envelopes alone. No lines: no mode.
 */
export function modeEligibility(lines: readonly InchLine[]): Eligibility {
  if (lines.length === 0) return { ltl: false, parcel: false, problems: [] };
  const problems: ParcelProblem[] = [];
  const packages: ParcelPackage[] = [];
  lines.forEach((line, index) => {
    if (LTL_ONLY_PACKAGE_TYPES.includes(line.package_type)) {
      problems.push({ item: index, reason: 'pallets' });
      return;
    }
    const pkg = { length_in: line.length_in, width_in: line.width_in, height_in: line.height_in, weight_lb: line.weight_lb };
    for (const m of checkParcel(WIDEST, [pkg])) {
      const reason = REASON_OF_KEY[m.key];
      if (reason) problems.push({ item: index, reason });
    }
    for (let n = 0; n < line.quantity; n++) packages.push(pkg);
  });
  const fitsOneService =
    problems.length === 0 && Object.values(PARCEL_CARRIER_LIMITS).some((limits) => checkParcel(limits, packages).length === 0);
  return {
    ltl: !lines.every((l) => PARCEL_ONLY_PACKAGE_TYPES.includes(l.package_type)),
    parcel: fitsOneService,
    problems: fitsOneService ? [] : problems,
  };
}
