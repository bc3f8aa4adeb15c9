import { NMFC_CLASSES } from '@freight/domain';
import { z } from 'zod';
import { listQuery } from './addressBook';
import { optionalHsCode } from './customs';
import { requiredText } from './fields';
import { PART_SORTS } from './listSorts';

/**
 * The staff's part catalog: commodities with their NMFC item and sub, their class (or
 * `density_based`: the class follows the shipment's density), a hazardous flag and a description
 * in English and Spanish. Customers' product catalog and the quote's item line suggest from it.
 */

/** An NMFC item number: 1 to 6 digits (e.g. 156600). */
const NMFC_ITEM = /^\d{1,6}$/;
/** An NMFC sub: 1 or 2 digits (e.g. 03), or none. */
const NMFC_SUB = /^\d{1,2}$/;

export const partInput = z
  .object({
    description_en: requiredText('validation.required', 255),
    description_es: requiredText('validation.required', 255),
    nmfc_item: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .refine((v) => NMFC_ITEM.test(v), { error: 'part.nmfc_item' }),
    nmfc_sub: z
      .string()
      .trim()
      .refine((v) => v === '' || NMFC_SUB.test(v), { error: 'part.nmfc_sub' })
      .optional()
      .default(''),
    freight_class: z
      .number({ error: 'validation.freight_class' })
      .refine((n) => (NMFC_CLASSES as readonly number[]).includes(n), { error: 'validation.freight_class' })
      .nullable()
      .default(null),
    density_based: z.boolean({ error: 'validation.choice' }).default(false),
    hazardous: z.boolean({ error: 'validation.choice' }).default(false),
    /** The commodity's HS code when known: a customs declaration of a line so described is offered it. */
    hs_code: optionalHsCode,
  })
  .superRefine((p, ctx) => {
    // One or the other: a fixed class from the NMFC item, or the density's class (no class kept).
    if (p.density_based && p.freight_class !== null)
      ctx.addIssue({ code: 'custom', path: ['freight_class'], message: 'part.class_with_density' });
    if (!p.density_based && p.freight_class === null)
      ctx.addIssue({ code: 'custom', path: ['freight_class'], message: 'part.class_required' });
  });
export type PartInput = z.input<typeof partInput>;
export type PartValues = z.output<typeof partInput>;

/** A part as staff edit it (GET /api/admin/part-catalog). */
export const partView = z.strictObject({
  id: z.uuid(),
  description_en: z.string(),
  description_es: z.string(),
  nmfc_item: z.string(),
  nmfc_sub: z.string().meta({ description: "'' when the item has no sub" }),
  freight_class: z.number().nullable().meta({ description: 'null when `density_based`' }),
  density_based: z.boolean(),
  hazardous: z.boolean(),
  hs_code: z.string().meta({ description: "'' when not known" }),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Part = z.output<typeof partView>;

const yesNo = z.enum(['yes', 'no'], { error: 'validation.choice' }).optional();

/** The staff list: `q` (either description or the NMFC), the two flags, sort and paging. */
export const partListQuery = listQuery(PART_SORTS).extend({ hazardous: yesNo, density_based: yesNo });
export type PartListQuery = z.input<typeof partListQuery>;

export const PART_CSV_COLUMNS = [
  'description_en',
  'description_es',
  'nmfc_item',
  'nmfc_sub',
  'freight_class',
  'density_based',
  'hazardous',
  'hs_code',
] as const;

export const partSuggestionQuery = z.object({
  q: z.string().trim().max(100, { error: 'validation.too_long' }),
  /** The language of the description to show (the user's setting when not given). */
  language: z.enum(['en', 'es'], { error: 'validation.choice' }).optional(),
});

/** A suggestion of the part catalog (GET /api/part-catalog/suggestions), in the reader's language. */
export const partSuggestion = z.strictObject({
  id: z.uuid(),
  description: z.string().meta({ description: 'In the language asked for' }),
  nmfc_item: z.string(),
  nmfc_sub: z.string(),
  nmfc: z.string().meta({ description: "'item-sub', or the item alone: as an item line's NMFC field holds it" }),
  freight_class: z.number().nullable(),
  density_based: z.boolean(),
  hazardous: z.boolean(),
  hs_code: z.string(),
});
export type PartSuggestion = z.output<typeof partSuggestion>;

/** The NMFC as one text: '156600-03', or '156600' without a sub. */
export const formatNmfc = (item: string, sub: string) => (sub ? `${item}-${sub}` : item);
