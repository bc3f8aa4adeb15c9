import { COUNTRIES, CURRENCIES } from '@freight/domain';
import {
  compactHsCode,
  INCOTERMS,
  isCountryCode,
  isHsCode,
  isSatKeyForm,
  ORIGIN_CRITERIA,
  rfcKind,
  SAT_UNITS,
} from '@freight/domain/customs';
import { z } from 'zod';
import { emailOrNone, optionalText } from './fields';
import type { UsmcaCertificationSnapshot } from './usmca';

export { INCOTERMS, type Incoterm } from '@freight/domain/customs';

/** The largest declared value of one unit: USD 10 million in cents, a bound against typos. */
export const MAX_UNIT_VALUE_CENTS = 1_000_000_000;

/** An HS code as typed, kept without its dots and spaces (6, 8 or 10 digits). */
export const hsCode = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .transform(compactHsCode)
  .refine(isHsCode, { error: 'validation.hs_code' });

/** An HS code kept with a product or a part, when known: '' for none. */
export const optionalHsCode = z
  .string()
  .trim()
  .transform(compactHsCode)
  .refine((v) => v === '' || isHsCode(v), { error: 'validation.hs_code' })
  .optional()
  .default('');

/** A country of origin: an ISO 3166 alpha-2 code, any country. */
export const originCountry = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .transform((v) => v.toUpperCase())
  .refine(isCountryCode, { error: 'validation.country_code' });

/** A Mexican RFC in upper case; its form is checked (12 or 13 characters, or the generic foreign one). */
export const rfc = z
  .string({ error: 'validation.required' })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || rfcKind(v) !== null, { error: 'validation.rfc' });

/** What crosses a border qualifies under USMCA only when it comes from one of its three countries. */
const USMCA_ORIGINS: readonly string[] = COUNTRIES;

/** One unit's value in the declaration's currency, in cents. */
export const unitValueCents = z
  .number({ error: 'validation.required' })
  .int({ error: 'validation.invalid' })
  .min(1, { error: 'validation.positive' })
  .max(MAX_UNIT_VALUE_CENTS, { error: 'validation.too_large' });

/** The customs facts of one quoted item, in the quote's order: its description, count and weight are the quote's. */
export const customsItem = z
  .object(
    {
      hs_code: hsCode,
      origin_country: originCountry,
      /** One unit's value in the declaration's currency. */
      unit_value_cents: unitValueCents,
      /** The shipper claims the good qualifies under USMCA's rules of origin (duty free). */
      usmca: z.boolean().default(false),
      /** Why the good originates (A to D), on the certification of origin: required with a USMCA claim, kept only with one. */
      origin_criterion: z.enum(ORIGIN_CRITERIA, { error: 'validation.choice' }).nullable().optional(),
      /**
       * On a Mexican leg, what the Carta Porte says of the good: its SAT goods key (c_ClaveProdServCP,
       * 8 digits; the server checks the catalog) and the unit it is counted in (c_ClaveUnidad).
       */
      sat_key: z
        .string({ error: 'validation.sat' })
        .trim()
        .max(8, { error: 'validation.sat' })
        .optional()
        .default('')
        .refine((v) => v === '' || isSatKeyForm(v), { error: 'validation.sat' }),
      sat_unit: z.enum(SAT_UNITS, { error: 'validation.choice' }).nullable().optional(),
    },
    { error: 'validation.required' },
  )
  .superRefine((item, ctx) => {
    if (item.usmca && isCountryCode(item.origin_country) && !USMCA_ORIGINS.includes(item.origin_country)) {
      ctx.addIssue({ code: 'custom', path: ['usmca'], message: 'validation.usmca_origin' });
    }
  })
  .transform(({ origin_criterion, sat_unit, ...item }) => ({
    ...item,
    origin_criterion: item.usmca ? (origin_criterion ?? null) : null,
    sat_unit: sat_unit ?? null,
  }));
export type CustomsItem = z.output<typeof customsItem>;

/**
 * The customs broker on one side of the border: the provider's (`ours`, charged on the rate), or
 * the shipper's own, named with a way to reach it (it goes on the BOL).
 */
export const customsBroker = z
  .object(
    {
      country: z.enum(COUNTRIES, { error: 'validation.choice' }),
      ours: z.boolean({ error: 'validation.required' }),
      company: optionalText(160),
      contact_name: optionalText(120),
      phone: optionalText(32),
      email: emailOrNone.optional().default(''),
    },
    { error: 'validation.required' },
  )
  .superRefine((b, ctx) => {
    if (b.ours) return;
    for (const field of ['company', 'phone', 'email'] as const) {
      if (!b[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    }
  });
export type CustomsBroker = z.output<typeof customsBroker>;

/**
 * A cross-border booking's customs declaration: the incoterm, the currency of the values, each
 * quoted item's HS code, origin, value and USMCA claim, a broker for each side of the border and,
 * when one end is in Mexico, the Mexican party's RFC. Rules that need the quote are the server's:
 * one item per quoted item, one broker per side of the lane, the RFC on a Mexican lane (not the
 * generic foreign one).
 */
export const bookingCustoms = z.object(
  {
    incoterm: z.enum(INCOTERMS, { error: 'validation.choice' }),
    currency: z.enum(CURRENCIES, { error: 'validation.choice' }),
    items: z.array(customsItem, { error: 'validation.invalid' }).min(1, { error: 'validation.required' }).max(50, {
      error: 'validation.too_many',
    }),
    brokers: z.array(customsBroker, { error: 'validation.invalid' }).max(2, { error: 'validation.too_many' }),
    /** The Mexican party's RFC (the shipper's or the consignee's), required when one end is in Mexico. */
    tax_id: rfc.optional().default(''),
  },
  { error: 'validation.required' },
);
export type BookingCustoms = z.output<typeof bookingCustoms>;
export type BookingCustomsInput = z.input<typeof bookingCustoms>;

/**
 * A shipment's customs declaration as booked (GET /api/shipments/:id): the booking's, normalised,
 * with the USMCA certification it was signed under when a line claims USMCA (null otherwise, and
 * absent on declarations booked before certifications were kept).
 */
export type CustomsView = Omit<BookingCustoms, 'items'> & {
  /** Lines booked before the Carta Porte's SAT keys were asked have none. */
  items: (Omit<CustomsItem, 'sat_key' | 'sat_unit'> & Partial<Pick<CustomsItem, 'sat_key' | 'sat_unit'>>)[];
  certification?: UsmcaCertificationSnapshot | null;
};

/**
 * POST /api/customs/hs-suggestions: the HS code the catalogs give each of a booking's item
 * descriptions (exact, any case): the account's own product catalog first, then the staff's part
 * catalog. A description neither knows answers null.
 */
export const hsSuggestionsRequest = z.object({
  descriptions: z
    .array(z.string().trim().max(255, { error: 'validation.too_long' }), { error: 'validation.invalid' })
    .max(50, { error: 'validation.too_many' }),
});
export type HsSuggestionsRequest = z.input<typeof hsSuggestionsRequest>;
export const HS_SUGGESTION_SOURCES = ['product', 'part'] as const;
/** The HS code a description is known by in the catalogs, and which catalog knows it. */
export const hsSuggestion = z.strictObject({
  hs_code: z.string(),
  source: z.enum(HS_SUGGESTION_SOURCES),
  sat_key: z.string().optional().meta({ description: "The product's SAT goods key, when it keeps one (the part catalog keeps none)" }),
});
export type HsSuggestion = z.output<typeof hsSuggestion>;
export interface HsSuggestionsResponse {
  data: (HsSuggestion | null)[];
}
