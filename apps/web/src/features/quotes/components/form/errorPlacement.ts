import { baseKeyOf } from './combine';
import type { FormKind, FormValues } from './model';

const SHIPMENT_FIELD = /^((origin|destination)\.(postal_code|country|site_type)|pickup_date|insured_value)$/;
const ITEM_FIELD = /^items\.(\d+)\.(\w+)$/;
/** TruckloadStops shows these: each stop's fields and the list's own error (too many). */
const STOP_FIELD = /^stops(\.\d+\.(kind|postal_code|country))?$/;
const LINE_FIELDS = ['package_type', 'quantity', 'weight', 'description', 'stackable', 'hazardous'];
const DIMENSION_FIELDS = ['length', 'width', 'height'];
const CLASS_FIELDS = ['freight_class', 'nmfc'];

/**
 * Whether the form shows an input for an error path as it stands: a line loaded on another has
 * no dimensions or class, truckload has no class and LTL & Small Package no equipment. An error
 * without a field is listed above the submit button rather than lost.
 */
export function hasField(path: string, values: FormValues, kind: FormKind): boolean {
  if (SHIPMENT_FIELD.test(path)) return true;
  if (path === 'equipment_type') return kind === 'truckload';
  if (STOP_FIELD.test(path)) return kind === 'truckload';
  const [, index, field = ''] = ITEM_FIELD.exec(path) ?? [];
  const line = index === undefined ? undefined : values.items[Number(index)];
  if (!line) return false;
  const loaded = kind === 'ltl_parcel' && baseKeyOf(values.items, line.key) !== line.key;
  if (LINE_FIELDS.includes(field)) return true;
  if (DIMENSION_FIELDS.includes(field)) return !loaded;
  return CLASS_FIELDS.includes(field) && kind === 'ltl_parcel' && !loaded;
}

/** Errors by form path split into those shown under their fields and the texts of the others (once each). */
export function splitErrors(
  errors: Record<string, string>,
  values: FormValues,
  kind: FormKind,
): { fields: Record<string, string>; general: string[] } {
  const fields: Record<string, string> = {};
  const general = new Set<string>();
  for (const [path, text] of Object.entries(errors)) {
    if (hasField(path, values, kind)) fields[path] = text;
    else general.add(text);
  }
  return { fields, general: [...general] };
}
