/**
 * Load-shape rules for LTL: linear feet, capacity,
 * height and pallet-count limits for an online LTL rate.
 */
import type { HandlingUnitDims } from './freight-class';
import type { RateMessage } from './types';

/** Units no wider than this load two across (53 ft trailer, about 100 in inside). */
export const TWO_ACROSS_MAX_WIDTH_IN = 50;
/** Warning above this many linear feet. */
export const LINEAR_FEET_WARNING_FT = 12;
/** Cubic capacity rule: more than this many cubic feet ... */
export const CUBIC_CAPACITY_MIN_FT3 = 750;
/** ... and under this density -> no LTL rate. */
export const CUBIC_CAPACITY_MAX_PCF = 6;
/** Actual height above this needs a phone call. */
export const MAX_ONLINE_HEIGHT_IN = 96;
/** This many pallets or more: no online quote (spec reading 1). */
export const VOLUME_PALLETS_NO_RATE = 7;
/** The other reading the spec states: 13 or more pallets. */
export const VOLUME_PALLETS_NO_RATE_ALT = 13;
/** Package types counted as pallets for the pallet-count rule. */
export const PALLET_PACKAGE_TYPES: readonly string[] = ['pallets', 'non_standard_pallets'];

/**
 * Floor length of one line in inches. Units load two across when one horizontal side is at most
 * 50 in (that side across, the other along the trailer; width is tried first), else one across.
 */
export function linearInches(unit: HandlingUnitDims): number {
  const rows2 = Math.ceil(unit.quantity / 2);
  if (unit.width_in <= TWO_ACROSS_MAX_WIDTH_IN) return rows2 * unit.length_in;
  if (unit.length_in <= TWO_ACROSS_MAX_WIDTH_IN) return rows2 * unit.width_in;
  return unit.quantity * unit.length_in;
}

/** Linear feet of the load: sum of each line's floor length / 12 (lines are not interleaved). Unrounded. */
export function linearFeet(units: readonly HandlingUnitDims[]): number {
  return units.reduce((sum, u) => sum + linearInches(u), 0) / 12;
}

export interface LoadFacts {
  units: readonly (HandlingUnitDims & { package_type?: string })[];
  cubic_ft: number;
  weight_lb: number;
}

export interface LoadCheckOptions {
  /** Pallet count at which there is no online quote; default 7 (VOLUME_PALLETS_NO_RATE). */
  volume_pallet_threshold?: number;
}

export function palletCount(units: LoadFacts['units']): number {
  return units.reduce((n, u) => (u.package_type !== undefined && PALLET_PACKAGE_TYPES.includes(u.package_type) ? n + u.quantity : n), 0);
}

/** No-rate reasons and warnings from the load's shape. */
export function checkLoad(load: LoadFacts, options: LoadCheckOptions = {}): RateMessage[] {
  const messages: RateMessage[] = [];
  if (load.units.some((u) => u.height_in > MAX_ONLINE_HEIGHT_IN)) {
    messages.push({ level: 'no_rate', key: 'quote.no_rate.height_call' });
  }
  const density = load.cubic_ft > 0 ? load.weight_lb / load.cubic_ft : Number.POSITIVE_INFINITY;
  if (load.cubic_ft > CUBIC_CAPACITY_MIN_FT3 && density < CUBIC_CAPACITY_MAX_PCF) {
    messages.push({ level: 'no_rate', key: 'quote.no_rate.cubic_capacity' });
  }
  // The spec states both limits, each with its own message: 7 or more pallets is a partial or full
  // truckload, 13 or more a full one.
  const pallets = palletCount(load.units);
  if (pallets >= VOLUME_PALLETS_NO_RATE_ALT) {
    messages.push({ level: 'no_rate', key: 'quote.no_rate.truckload_pallets', params: { count: pallets } });
  } else if (pallets >= (options.volume_pallet_threshold ?? VOLUME_PALLETS_NO_RATE)) {
    messages.push({ level: 'no_rate', key: 'quote.no_rate.volume_pallets', params: { count: pallets } });
  }
  const lf = linearFeet(load.units);
  if (lf > LINEAR_FEET_WARNING_FT) {
    messages.push({
      level: 'warning',
      key: 'quote.warnings.overlength_linear_feet',
      params: { linear_ft: Math.round(lf * 100) / 100 },
    });
  }
  return messages;
}
