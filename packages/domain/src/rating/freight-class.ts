/**
 * Density and NMFC freight class. Pure functions; inches, pounds, cubic feet.
 */

import { type FreightClass, NMFC_CLASSES } from '../freight';

/** The 18 NMFC classes, lowest (densest, cheapest) first (defined with the freight vocabulary). */
export { type FreightClass, NMFC_CLASSES };

export function isFreightClass(value: number): value is FreightClass {
  return (NMFC_CLASSES as readonly number[]).includes(value);
}

/** Date the 13-step density scale took effect (NMFC docket 2025-1). */
export const DENSITY_SCALE_EFFECTIVE_DATE = '2025-07-19';

/** One step of the density scale: density at or above `min_pcf` (and below the next step's) gives `freight_class`. */
export interface DensityStep {
  min_pcf: number;
  freight_class: FreightClass;
}

/** The 13-step NMFC density scale in force since 19 July 2025, densest step first. */
export const DENSITY_SCALE: readonly DensityStep[] = [
  { min_pcf: 50, freight_class: 50 },
  { min_pcf: 35, freight_class: 55 },
  { min_pcf: 30, freight_class: 60 },
  { min_pcf: 22.5, freight_class: 65 },
  { min_pcf: 15, freight_class: 70 },
  { min_pcf: 12, freight_class: 85 },
  { min_pcf: 10, freight_class: 92.5 },
  { min_pcf: 8, freight_class: 100 },
  { min_pcf: 6, freight_class: 125 },
  { min_pcf: 4, freight_class: 175 },
  { min_pcf: 2, freight_class: 250 },
  { min_pcf: 1, freight_class: 300 },
  { min_pcf: 0, freight_class: 400 },
];

/** Carrier measuring rules. */
export const NON_STACKABLE_MIN_HEIGHT_IN = 96;
export const WIDE_ARTICLE_THRESHOLD_IN = 70;
export const WIDE_ARTICLE_MEASURED_WIDTH_IN = 96;
export const CUBIC_INCHES_PER_CUBIC_FOOT = 1728;

/** A line of identical handling units (outermost dimensions including the pallet). */
export interface HandlingUnitDims {
  length_in: number;
  width_in: number;
  height_in: number;
  /** Number of identical handling units on this line. */
  quantity: number;
  /** False when nothing can be stacked on the unit; undefined counts as stackable. */
  stackable?: boolean;
}

/**
 * Dimensions as the carrier measures them: a non-stackable unit is at least 96 in high; an article
 * 70 in wide or more counts as 96 in wide. Length is never changed.
 */
export function measuredDimensions(unit: HandlingUnitDims): { length_in: number; width_in: number; height_in: number } {
  const height_in = unit.stackable === false ? Math.max(unit.height_in, NON_STACKABLE_MIN_HEIGHT_IN) : unit.height_in;
  const width_in = unit.width_in >= WIDE_ARTICLE_THRESHOLD_IN ? Math.max(unit.width_in, WIDE_ARTICLE_MEASURED_WIDTH_IN) : unit.width_in;
  return { length_in: unit.length_in, width_in, height_in };
}

function assertPositive(name: string, value: number): void {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number, got ${value}`);
}

/** Cubic feet of one line (measured L x W x H / 1728 per unit, times quantity). Unrounded. */
export function cubicFeet(unit: HandlingUnitDims): number {
  assertPositive('length_in', unit.length_in);
  assertPositive('width_in', unit.width_in);
  assertPositive('height_in', unit.height_in);
  assertPositive('quantity', unit.quantity);
  const m = measuredDimensions(unit);
  return ((m.length_in * m.width_in * m.height_in) / CUBIC_INCHES_PER_CUBIC_FOOT) * unit.quantity;
}

/** Cubic feet summed over handling-unit lines. Unrounded. */
export function totalCubicFeet(units: readonly HandlingUnitDims[]): number {
  return units.reduce((sum, u) => sum + cubicFeet(u), 0);
}

/** Density in pounds per cubic foot. Unrounded. */
export function densityPcf(weight_lb: number, cubic_ft: number): number {
  assertPositive('cubic_ft', cubic_ft);
  if (!Number.isFinite(weight_lb) || weight_lb < 0) throw new RangeError(`weight_lb must be >= 0, got ${weight_lb}`);
  return weight_lb / cubic_ft;
}

/** Round to 2 decimals (half up) for display: 4.6875 -> 4.69. */
export function roundTo2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Class from density on the 13-step scale. The unrounded density is compared with the steps. */
export function classFromDensity(pcf: number): FreightClass {
  if (!Number.isFinite(pcf) || pcf < 0) throw new RangeError(`density must be >= 0, got ${pcf}`);
  for (const step of DENSITY_SCALE) {
    if (pcf >= step.min_pcf) return step.freight_class;
  }
  return 400;
}

export type ClassSource = 'explicit' | 'nmfc' | 'density';

export interface ClassInput extends HandlingUnitDims {
  /** Weight of ONE handling unit, pounds (line weight = unit_weight_lb x quantity). */
  unit_weight_lb: number;
  /** Class the user chose (overrides everything). */
  freight_class?: FreightClass;
  /** Class from the NMFC item (commodity classification), looked up by the caller. */
  nmfc_class?: FreightClass;
}

export interface ClassResult {
  freight_class: FreightClass;
  source: ClassSource;
  /** Unrounded; round with roundTo2 for display. */
  cubic_ft: number;
  weight_lb: number;
  density_pcf: number;
  /** Class the density alone gives (for the "override recommended class" warning). */
  density_class: FreightClass;
}

/** Class of one line: explicit class wins, then the NMFC-derived class, then density. */
export function resolveClass(item: ClassInput): ClassResult {
  assertPositive('unit_weight_lb', item.unit_weight_lb);
  const cubic_ft = cubicFeet(item);
  const weight_lb = item.unit_weight_lb * item.quantity;
  const density_pcf = densityPcf(weight_lb, cubic_ft);
  const density_class = classFromDensity(density_pcf);
  if (item.freight_class !== undefined) {
    return { freight_class: item.freight_class, source: 'explicit', cubic_ft, weight_lb, density_pcf, density_class };
  }
  if (item.nmfc_class !== undefined) {
    return { freight_class: item.nmfc_class, source: 'nmfc', cubic_ft, weight_lb, density_pcf, density_class };
  }
  return { freight_class: density_class, source: 'density', cubic_ft, weight_lb, density_pcf, density_class };
}
