import type { PACKAGE_TYPES } from '@freight/contracts';
import type { NumberValue } from './parse';

/** One item line of the quote form as the form keeps it (model.ts maps it to and from the request). */

export type PackageType = (typeof PACKAGE_TYPES)[number];

export interface ItemValues {
  /** Stable id of the line in the form (React key, combine target); never sent. */
  key: string;
  package_type: PackageType | '';
  quantity: NumberValue;
  length: NumberValue;
  width: NumberValue;
  height: NumberValue;
  /** Weight of one handling unit. */
  weight: NumberValue;
  stackable: boolean;
  hazardous: boolean;
  /** '' = the class the density gives. */
  freight_class: string;
  nmfc: string;
  description: string;
  /** Key of the line this one is loaded on (boxes on the same pallet); see combine.ts. */
  combine_with: string | null;
}
