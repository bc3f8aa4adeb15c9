import { type Product, type ProductInput, productInput } from '@freight/contracts';
import type { UnitSystem } from '@freight/domain';
import { printedHsCode } from '@freight/domain/customs';
import { fromInches, fromPounds, toInches, toPounds } from '@freight/domain/rating/units';

/**
 * The product form's values and their mapping to and from the API (inches and pounds). The
 * measures are kept in the user's unit system under the API's names, so the server's 422 paths
 * (length_in, weight_lb) land on their fields.
 */
export type NumberValue = number | string;

export interface ProductFormValues {
  description: string;
  product_number: string;
  nmfc: string;
  sat: string;
  hs_code: string;
  package_type: string;
  /** '' = not set. */
  freight_class: string;
  length_in: NumberValue;
  width_in: NumberValue;
  height_in: NumberValue;
  weight_lb: NumberValue;
  hazardous: boolean;
}

export const MEASURES = ['length_in', 'width_in', 'height_in', 'weight_lb'] as const;
type Measure = (typeof MEASURES)[number];

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

function toNumber(v: NumberValue): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  const s = v.trim();
  if (s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** A stored measure (inches or pounds) in the user's unit system, to 0.01. */
export function displayMeasure(field: Measure, stored: number, units: UnitSystem): number {
  return round2(field === 'weight_lb' ? fromPounds(stored, units) : fromInches(stored, units));
}

export function emptyProductValues(): ProductFormValues {
  return {
    description: '',
    product_number: '',
    nmfc: '',
    sat: '',
    hs_code: '',
    package_type: '',
    freight_class: '',
    length_in: '',
    width_in: '',
    height_in: '',
    weight_lb: '',
    hazardous: false,
  };
}

export function productValues(p: Product, units: UnitSystem): ProductFormValues {
  return {
    description: p.description,
    product_number: p.product_number ?? '',
    nmfc: p.nmfc ?? '',
    sat: p.sat ?? '',
    hs_code: p.hs_code ? printedHsCode(p.hs_code) : '',
    package_type: p.package_type,
    freight_class: p.freight_class === null ? '' : String(p.freight_class),
    length_in: displayMeasure('length_in', p.length_in, units),
    width_in: displayMeasure('width_in', p.width_in, units),
    height_in: displayMeasure('height_in', p.height_in, units),
    weight_lb: displayMeasure('weight_lb', p.weight_lb, units),
    hazardous: p.hazardous,
  };
}

/**
 * The request body: measures converted to inches and pounds (to 0.01). A measure the user left
 * as it was shown keeps the stored number, so opening and saving a product in metric does not
 * move it (500 lb -> 226.8 kg -> 500 lb, not 500.0016).
 */
export function toProductInput(v: ProductFormValues, units: UnitSystem, original?: Product | null): ProductInput {
  const measure = (field: Measure): number => {
    const n = toNumber(v[field]);
    if (n === undefined) return undefined as unknown as number; // the contract says 'Field is required'
    if (original && displayMeasure(field, original[field], units) === n) return original[field];
    return round2(field === 'weight_lb' ? toPounds(n, units) : toInches(n, units));
  };
  return {
    description: v.description,
    product_number: v.product_number,
    nmfc: v.nmfc,
    sat: v.sat,
    hs_code: v.hs_code,
    package_type: (v.package_type || undefined) as ProductInput['package_type'],
    freight_class: v.freight_class === '' ? null : Number(v.freight_class),
    length_in: measure('length_in'),
    width_in: measure('width_in'),
    height_in: measure('height_in'),
    weight_lb: measure('weight_lb'),
    hazardous: v.hazardous,
  };
}

/** The body as the contract reads it (trimmed, defaults filled), once it is valid. */
export const productBody = (v: ProductFormValues, units: UnitSystem, original?: Product | null): ProductInput =>
  productInput.parse(toProductInput(v, units, original));
