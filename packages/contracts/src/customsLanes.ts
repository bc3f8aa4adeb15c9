import type { Country } from '@freight/domain';
import { rfcKind } from '@freight/domain/customs';

/**
 * The rules of a declaration that need its quote, by field: an entry per quoted item (with the
 * origin criterion of a good claimed under USMCA, asked here so a form says it beside the item's
 * other errors), one broker
 * for each side of the lane (`sides`, the origin's country first) and none of another country,
 * and on a Mexican lane the Mexican party's own RFC (the generic foreign one is the party abroad's)
 * and each item's SAT goods key and unit for the Carta Porte.
 * Shared by the server and the booking form, which says them before sending.
 */
export function customsLaneErrors(
  sides: readonly [Country, Country],
  itemCount: number,
  customs: {
    items: readonly { usmca?: boolean; origin_criterion?: string | null; sat_key?: string; sat_unit?: string | null }[];
    brokers: readonly { country: string }[];
    tax_id: string;
  },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (customs.items.length !== itemCount) errors['customs.items'] = 'validation.customs_items';
  // The certification of origin states why each claimed good originates.
  customs.items.forEach((item, n) => {
    if (item.usmca && !item.origin_criterion) errors[`customs.items.${n}.origin_criterion`] = 'validation.required';
  });
  const named = customs.brokers.map((b) => b.country);
  const eachSideOnce =
    sides.every((side) => named.filter((c) => c === side).length === 1) && named.every((c) => sides.includes(c as Country));
  if (!eachSideOnce) errors['customs.brokers'] = 'validation.customs_broker_sides';
  if (sides.includes('MX')) {
    // The Carta Porte of the Mexican leg names each good by its SAT key and unit.
    customs.items.forEach((item, n) => {
      if (!item.sat_key) errors[`customs.items.${n}.sat_key`] = 'validation.required';
      if (!item.sat_unit) errors[`customs.items.${n}.sat_unit`] = 'validation.required';
    });
    if (!customs.tax_id) errors['customs.tax_id'] = 'validation.required';
    else if (rfcKind(customs.tax_id) === 'foreign') errors['customs.tax_id'] = 'validation.rfc_generic';
  }
  return errors;
}
