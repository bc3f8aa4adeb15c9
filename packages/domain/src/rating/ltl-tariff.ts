/**
 * LTL tariff data for one carrier. Plain, JSON-serialisable data so staff can
 * edit it; all money in integer cents, percentages in basis points (1% = 100 bp).
 */
import { type AccessorialCode, type FreightClass, NMFC_CLASSES } from '../freight';
import type { LtlServiceLevel } from './calendar';
import type { BorderService } from './ports';
import type { Cents } from './types';

export const WEIGHT_BREAKS = [
  { code: 'L5C', min_lb: 0 },
  { code: 'M5C', min_lb: 500 },
  { code: 'M1M', min_lb: 1000 },
  { code: 'M2M', min_lb: 2000 },
  { code: 'M5M', min_lb: 5000 },
  { code: 'M10M', min_lb: 10000 },
  { code: 'M20M', min_lb: 20000 },
] as const;
export type WeightBreak = (typeof WEIGHT_BREAKS)[number]['code'];

/** Index into WEIGHT_BREAKS of the break a weight falls in. */
export function weightBreakIndex(weight_lb: number): number {
  let idx = 0;
  WEIGHT_BREAKS.forEach((b, i) => {
    if (weight_lb >= b.min_lb) idx = i;
  });
  return idx;
}

export function weightBreakFor(weight_lb: number): WeightBreak {
  return WEIGHT_BREAKS[weightBreakIndex(weight_lb)]?.code ?? 'L5C';
}

/** Base rate of one class: cents per cwt (100 lb) for every weight break. */
export interface ClassRates {
  freight_class: FreightClass;
  per_cwt_cents: Record<WeightBreak, Cents>;
}

/** Distance band: shipments up to `max_miles` (null = no upper limit) scale base rates by `factor`. */
export interface DistanceBand {
  max_miles: number | null;
  factor: number;
}

/** Fuel step: from diesel price `at_least_usd` (per gallon, weekly DOE average) up to the next step, `pct_bp` of net linehaul. */
export interface FuelStep {
  at_least_usd: number;
  pct_bp: number;
}

export interface FuelTable {
  /** Ascending by at_least_usd. Below the first step no surcharge applies; above the last, the last step holds. */
  steps: FuelStep[];
  /** Shipments heavier than this (actual weight, strictly over) use the heavy column. */
  heavy_over_lb: number;
  /** Heavy column = light column x this (carriers' over-20,000 lb column is double). */
  heavy_multiplier: number;
}

export { ACCESSORIAL_CODES, type AccessorialCode } from '../freight';

export type AccessorialPrice =
  | { kind: 'flat'; cents: Cents }
  | { kind: 'per_cwt'; cents_per_cwt: Cents; min_cents?: Cents; max_cents?: Cents }
  | { kind: 'per_piece'; cents_per_piece: Cents; min_cents?: Cents };

/** Overlength tier: longest handling-unit side from min_in to max_in inclusive. */
export interface OverlengthTier {
  min_in: number;
  max_in: number;
  cents: Cents;
}

export interface LtlTariff {
  /** Carrier id or SCAC. */
  carrier: string;
  name: string;
  rates: ClassRates[];
  distance_bands?: DistanceBand[];
  /** Percent off the base linehaul, in basis points (72.5% = 7250). */
  discount_bp: number;
  /** Absolute minimum charge for net linehaul (after discount). */
  amc_cents: Cents;
  fuel: FuelTable;
  accessorials: Partial<Record<AccessorialCode, AccessorialPrice>>;
  overlength_tiers: OverlengthTier[];
  /** ZIP3 prefixes that carry the NYC metro arbitrary (either end). */
  nyc_zip3: string[];
  /** The service sold ('standard' when absent, as tariffs stored before it were). */
  service_level?: LtlServiceLevel;
  /** The lanes it serves across a border (border.ts); none when absent. */
  border?: BorderService;
}

/** NYC ZIP3s carrying the NYC metro arbitrary: 100-104, 110-114, 116 (docs/freight-rules.md). */
export const NYC_METRO_ZIP3 = ['100', '101', '102', '103', '104', '110', '111', '112', '113', '114', '116'] as const;

export const DEFAULT_OVERLENGTH_TIERS: OverlengthTier[] = [
  { min_in: 96, max_in: 143, cents: 9000 },
  { min_in: 144, max_in: 239, cents: 12500 },
  { min_in: 240, max_in: 312, cents: 19500 },
];

/**
 * Default fuel step table, shaped on the R+L example (LTL < 20,000 lb): 5-cent steps from $1.00,
 * +0.40 points per step, $3.50-$3.549 -> 31.65%. Reproduces $3.476 -> 31.25%, $3.503 -> 31.65%,
 * $3.561 -> 32.05%, $3.602 -> 32.45%, $3.715 -> 33.25%.
 */
export const DEFAULT_FUEL_STEPS: FuelStep[] = Array.from({ length: 120 }, (_, k) => ({
  at_least_usd: (100 + 5 * k) / 100,
  pct_bp: 3165 + 40 * (k - 50),
}));

export const DEFAULT_FUEL_TABLE: FuelTable = { steps: DEFAULT_FUEL_STEPS, heavy_over_lb: 20000, heavy_multiplier: 2 };

/** Published example prices, low ends where a range is given. */
export const DEFAULT_ACCESSORIALS: Record<AccessorialCode, AccessorialPrice> = {
  appointment: { kind: 'flat', cents: 6500 },
  notify_prior_to_arrival: { kind: 'flat', cents: 5600 },
  freeze_protection: { kind: 'per_cwt', cents_per_cwt: 309, min_cents: 2900 },
  inside_delivery: { kind: 'per_cwt', cents_per_cwt: 1196, min_cents: 12600, max_cents: 126400 },
  inside_pickup: { kind: 'per_cwt', cents_per_cwt: 1196, min_cents: 12600, max_cents: 126400 },
  liftgate_pickup: { kind: 'flat', cents: 7500 },
  liftgate_delivery: { kind: 'flat', cents: 7500 },
  sort_and_segregate: { kind: 'per_cwt', cents_per_cwt: 300, min_cents: 12100 },
  trade_show_delivery: { kind: 'per_cwt', cents_per_cwt: 650, min_cents: 5000, max_cents: 30000 },
  trade_show_pickup: { kind: 'per_cwt', cents_per_cwt: 650, min_cents: 5000, max_cents: 30000 },
  residential_delivery: { kind: 'flat', cents: 9800 },
  residential_pickup: { kind: 'flat', cents: 9800 },
  // No published figure for the NYC arbitrary was found; demo default, staff-editable.
  nyc_metro: { kind: 'flat', cents: 9500 },
  limited_access_pickup: { kind: 'flat', cents: 13000 },
  limited_access_delivery: { kind: 'flat', cents: 13000 },
  hazmat: { kind: 'flat', cents: 6500 },
};

/** Demo class-100 base rates (cents/cwt); M1M/M2M are the 58.21 / 49.39 break-point example (docs/freight-rules.md). */
const DEMO_CLASS_100: Record<WeightBreak, Cents> = {
  L5C: 8735,
  M5C: 6980,
  M1M: 5821,
  M2M: 4939,
  M5M: 3512,
  M10M: 2623,
  M20M: 1905,
};

/** Demo class relativities to class 100 (classic NMFC-style ratios). */
const DEMO_CLASS_FACTORS: Record<string, number> = {
  '50': 0.55,
  '55': 0.6,
  '60': 0.65,
  '65': 0.7,
  '70': 0.75,
  '77.5': 0.81,
  '85': 0.87,
  '92.5': 0.93,
  '100': 1,
  '110': 1.08,
  '125': 1.2,
  '150': 1.4,
  '175': 1.6,
  '200': 1.8,
  '250': 2.2,
  '300': 2.6,
  '400': 3.3,
  '500': 4,
};

function demoRates(): ClassRates[] {
  return NMFC_CLASSES.map((freight_class) => {
    const f = DEMO_CLASS_FACTORS[String(freight_class)] ?? 1;
    const per_cwt_cents = {} as Record<WeightBreak, Cents>;
    for (const b of WEIGHT_BREAKS) per_cwt_cents[b.code] = Math.round(DEMO_CLASS_100[b.code] * f);
    return { freight_class, per_cwt_cents };
  });
}

/** A demo tariff built from published examples (docs/freight-rules.md; never "live" prices). */
export const DEMO_LTL_TARIFF: LtlTariff = {
  carrier: 'DEMO',
  name: 'Demo LTL base tariff',
  rates: demoRates(),
  distance_bands: [
    { max_miles: 250, factor: 0.75 },
    { max_miles: 500, factor: 0.9 },
    { max_miles: 1000, factor: 1 },
    { max_miles: 1500, factor: 1.15 },
    { max_miles: null, factor: 1.3 },
  ],
  discount_bp: 7000,
  amc_cents: 12500,
  fuel: DEFAULT_FUEL_TABLE,
  accessorials: DEFAULT_ACCESSORIALS,
  overlength_tiers: DEFAULT_OVERLENGTH_TIERS,
  nyc_zip3: [...NYC_METRO_ZIP3],
};

/** Factor of the distance band the miles fall in (1 when the tariff has no bands). */
export function distanceBandFactor(tariff: LtlTariff, miles: number): number {
  for (const band of tariff.distance_bands ?? []) {
    if (band.max_miles === null || miles <= band.max_miles) return band.factor;
  }
  return 1;
}

/** Fuel surcharge in basis points for a diesel price and actual weight (0 below the table). */
export function fuelSurchargeBp(table: FuelTable, diesel_usd_per_gal: number, weight_lb: number): number {
  let bp = 0;
  for (const step of table.steps) {
    if (diesel_usd_per_gal >= step.at_least_usd) bp = step.pct_bp;
  }
  return weight_lb > table.heavy_over_lb ? Math.round(bp * table.heavy_multiplier) : bp;
}

/**
 * Deficit-weight break point: above this weight, billing at the next break's minimum is cheaper
 * (next-break weight x next-break rate / current rate). Unrounded; the published example truncates it.
 */
export function deficitBreakPointLb(current_rate: number, next_break_min_lb: number, next_rate: number): number {
  return (next_break_min_lb * next_rate) / current_rate;
}

/** Freeze-protection season, Nov 1 - Apr 30 inclusive. `date` is ISO 'YYYY-MM-DD'. */
export function inFreezeSeason(date: string): boolean {
  const md = date.slice(5, 10);
  return md >= '11-01' || md <= '04-30';
}
