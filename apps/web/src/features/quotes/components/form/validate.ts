import { toInches, toPounds } from '@freight/domain/rating/units';
import { baseKeyOf } from './combine';
import type { FormKind, FormValues } from './model';
import { toNumber } from './parse';

/**
 * Client checks before sending, in the spec's words. Errors are i18n keys by form
 * path (`items.<form line>.<field>`); the page translates them.
 */

/** LTL height over 96 in / 243 cm is not quoted online. */
export const MAX_ONLINE_HEIGHT_IN = 96;
/**
 * Heaviest handling unit the LTL & Small Package pages take: 20,000 lb and more is truckload
 * territory. Over it: 'Weight exceeds maximum weight per item'.
 */
export const MAX_UNIT_WEIGHT_LB = 20_000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `equipmentMaxLb`: the chosen truckload equipment type's maximum payload (null: none to check). */
export function validateValues(values: FormValues, kind: FormKind, equipmentMaxLb: number | null = null): Record<string, string> {
  const errors: Record<string, string> = {};
  const set = (path: string, key: string) => {
    errors[path] ??= key;
  };
  for (const end of ['origin', 'destination'] as const) {
    if (!values[end].postal_code.trim()) set(`${end}.postal_code`, 'validation.required');
  }
  if (!values.pickup_date) set('pickup_date', 'validation.required');
  else if (!ISO_DATE.test(values.pickup_date)) set('pickup_date', 'validation.date');

  const insured = toNumber(values.insured_value);
  if (insured === undefined) set('insured_value', 'validation.required');
  else if (insured < 0) set('insured_value', 'validation.invalid');

  if (kind === 'truckload' && !values.equipment_type) set('equipment_type', 'validation.required');
  if (kind === 'truckload') {
    values.stops.forEach((stop, i) => {
      if (!stop.kind) set(`stops.${i}.kind`, 'validation.required');
      if (!stop.postal_code.trim()) set(`stops.${i}.postal_code`, 'validation.required');
    });
  }

  const units = values.unit_system;
  values.items.forEach((item, i) => {
    const p = (f: string) => `items.${i}.${f}`;
    const loaded = kind === 'ltl_parcel' && baseKeyOf(values.items, item.key) !== item.key;
    if (!item.package_type) set(p('package_type'), 'validation.package_type_required');
    const quantity = toNumber(item.quantity);
    if (quantity === undefined) set(p('quantity'), 'validation.required');
    else if (!Number.isInteger(quantity)) set(p('quantity'), 'validation.integer');
    else if (quantity < 1) set(p('quantity'), 'validation.positive');
    const dims = loaded ? (['weight'] as const) : (['length', 'width', 'height', 'weight'] as const);
    for (const f of dims) {
      const n = toNumber(item[f]);
      if (n === undefined) set(p(f), f === 'height' ? 'validation.height_required' : 'validation.required');
      else if (n <= 0) set(p(f), 'validation.positive');
    }
    const height = toNumber(item.height);
    if (!loaded && kind === 'ltl_parcel' && height !== undefined && toInches(height, units) > MAX_ONLINE_HEIGHT_IN) {
      set(p('height'), 'quote.no_rate.height_call');
    }
    const weight = toNumber(item.weight);
    if (weight !== undefined && weight > 0) {
      const unitLb = toPounds(weight, units);
      const max = kind === 'truckload' ? equipmentMaxLb : MAX_UNIT_WEIGHT_LB;
      const checked = kind === 'truckload' ? unitLb * (quantity ?? 1) : unitLb;
      if (max !== null && checked > max) set(p('weight'), 'quotes.form.errors.weight_max');
    }
  });
  return errors;
}

/** A request path ('items.1.height') as a form path (the form line of request item 1). */
export function formPath(path: readonly string[], lineKeys: readonly string[], values: FormValues): string {
  if (path[0] === 'items' && path[1] !== undefined && /^\d+$/.test(path[1])) {
    const key = lineKeys[Number(path[1])];
    const index = values.items.findIndex((l) => l.key === key);
    if (index >= 0) return ['items', String(index), ...path.slice(2)].join('.');
  }
  return path.join('.');
}
