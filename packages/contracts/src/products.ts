import { z } from 'zod';
import { optionalHsCode } from './customs';
import { optionalText, requiredChoice, requiredText } from './fields';
import { PACKAGE_TYPES } from './quoteChoices';
import { FREIGHT_CLASSES } from './quotes';

/**
 * The product catalog: a product fills a quote item in one pick, so it
 * carries the item's package type, dimensions (inches), weight (pounds, per unit) and class.
 */
const measure = z.number({ error: 'validation.required' }).positive({ error: 'validation.positive' }).max(100_000, {
  error: 'validation.too_large',
});

export const productInput = z.object({
  description: requiredText('validation.required', 255),
  product_number: optionalText(64),
  nmfc: optionalText(32),
  /** Mexico's SAT product/service key (8 digits) for cross-border paperwork. */
  sat: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{8}$/.test(v), { error: 'validation.sat' })
    .optional()
    .default(''),
  /** The goods' HS code, suggested for a customs declaration of a line with this product's description. */
  hs_code: optionalHsCode,
  package_type: requiredChoice(PACKAGE_TYPES, 'validation.package_type_required'),
  freight_class: z
    .number({ error: 'validation.freight_class' })
    .refine((n) => (FREIGHT_CLASSES as readonly number[]).includes(n), { error: 'validation.freight_class' })
    .nullable()
    .default(null),
  length_in: measure,
  width_in: measure,
  height_in: measure,
  weight_lb: measure,
  hazardous: z.boolean({ error: 'validation.choice' }).default(false),
});
export type ProductInput = z.input<typeof productInput>;
export type ProductValues = z.output<typeof productInput>;

/** A product as the API answers it: texts trimmed and '' when not given; dimensions in inches, weight in pounds per unit. */
export const productView = z.strictObject({
  id: z.uuid(),
  description: z.string(),
  product_number: z.string().meta({ description: "The account's own number for it, unique in the account (any case), or ''" }),
  nmfc: z.string().meta({ description: "The NMFC item number, or ''" }),
  sat: z.string().meta({ description: "Mexico's SAT product/service key (8 digits), or ''" }),
  hs_code: z.string().meta({ description: "The goods' HS code (digits only), or ''" }),
  package_type: z.enum(PACKAGE_TYPES),
  freight_class: z.number().nullable().meta({ description: 'The NMFC freight class (50 to 500, 77.5 and 92.5 included), or null' }),
  length_in: z.number().meta({ description: 'Length of one unit, inches' }),
  width_in: z.number().meta({ description: 'Width of one unit, inches' }),
  height_in: z.number().meta({ description: 'Height of one unit, inches' }),
  weight_lb: z.number().meta({ description: 'Weight of one unit, pounds' }),
  hazardous: z.boolean().meta({ description: 'Hazardous materials (hazmat)' }),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Product = z.output<typeof productView>;

export const PRODUCT_CSV_COLUMNS = [
  'description',
  'product_number',
  'nmfc',
  'sat',
  'hs_code',
  'package_type',
  'freight_class',
  'length_in',
  'width_in',
  'height_in',
  'weight_lb',
  'hazardous',
] as const;
