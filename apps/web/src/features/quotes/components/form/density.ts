import type { UnitSystem } from '@freight/domain';
import { type FreightClass, resolveClass } from '@freight/domain/rating/freight-class';
import { toInches, toPounds } from '@freight/domain/rating/units';
import type { RequestItem } from './combine';

/** 1 lb/ft³ in kg/m³ (0.45359237 kg / 0.028316846592 m³). */
export const KG_M3_PER_PCF = 0.45359237 / (0.3048 * 0.3048 * 0.3048);

/** An item line in inches and pounds, or null while a number is missing or not positive. */
export interface InchItem {
  package_type: string;
  quantity: number;
  length_in: number;
  width_in: number;
  height_in: number;
  /** One handling unit. */
  weight_lb: number;
  stackable: boolean;
}

const positive = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

export function toInchItem(item: Partial<RequestItem>, units: UnitSystem): InchItem | null {
  const { quantity, length, width, height, weight } = item;
  if (![quantity, length, width, height, weight].every(positive)) return null;
  return {
    package_type: item.package_type ?? '',
    quantity: quantity as number,
    length_in: toInches(length as number, units),
    width_in: toInches(width as number, units),
    height_in: toInches(height as number, units),
    weight_lb: toPounds(weight as number, units),
    stackable: item.stackable !== false,
  };
}

export interface LineDensity {
  cubic_ft: number;
  weight_lb: number;
  /** Unrounded pounds per cubic foot (the class is taken from it). */
  density_pcf: number;
  /** In the unit system: lb/ft³ or kg/m³, unrounded. */
  density: number;
  density_class: FreightClass;
}

/**
 * Density and class of a line as the carrier measures it (packages/domain freight-class: a unit
 * that cannot be stacked on counts at least 96 in high, 70 in wide or more counts as 96 in).
 */
export function lineDensity(item: Partial<RequestItem>, units: UnitSystem): LineDensity | null {
  const i = toInchItem(item, units);
  if (!i) return null;
  const r = resolveClass({ ...i, unit_weight_lb: i.weight_lb });
  return {
    cubic_ft: r.cubic_ft,
    weight_lb: r.weight_lb,
    density_pcf: r.density_pcf,
    density: units === 'metric' ? r.density_pcf * KG_M3_PER_PCF : r.density_pcf,
    density_class: r.density_class,
  };
}
