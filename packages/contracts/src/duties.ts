import { COUNTRIES, CURRENCIES } from '@freight/domain';
import {
  compactHsCode,
  type DutyLineReason,
  type DutyRateCaveat,
  type EstimateNote,
  INCOTERMS,
  isHsCode,
  type TaxKind,
} from '@freight/domain/customs';
import { z } from 'zod';
import { MAX_UNIT_VALUE_CENTS } from './customs';
import { choice, isoDate } from './fields';

/**
 * The duties and taxes estimate of a declaration across the border (POST /api/customs/duty-estimate)
 * and the duty-rate tables staff keep (/api/admin/duty-rates). An estimate is never charged: it
 * says who pays by the incoterm, and what it could not estimate.
 */

const ESTIMATE_MODES = ['ltl', 'truckload', 'parcel'] as const;

/** One item as the booking form holds it: the HS code as typed (a line whose code is not 6, 8 or 10 digits is not estimated). */
export const dutyEstimateItem = z.object({
  hs_code: z.string().trim().max(20).default(''),
  origin_country: z.string().trim().max(2).default(''),
  quantity: z.number().int().min(1).max(100_000),
  unit_value_cents: z.number().int().min(0).max(MAX_UNIT_VALUE_CENTS),
  usmca: z.boolean().default(false),
});

export const dutyEstimateRequest = z.object({
  origin_country: choice(COUNTRIES),
  destination_country: choice(COUNTRIES),
  /** The destination's state or province: Canada's sales tax depends on it. */
  destination_state: z.string().trim().max(8).default(''),
  mode: choice(ESTIMATE_MODES),
  incoterm: choice(INCOTERMS),
  currency: choice(CURRENCIES),
  items: z.array(dutyEstimateItem).min(1).max(50),
});
export type DutyEstimateRequest = z.input<typeof dutyEstimateRequest>;

/** How far a shipped table's figures were checked (domain/customs DutyRateCaveat). */
const dutyRateCaveat = z
  .strictObject({ kind: z.enum(['demo', 'unchecked']), codes: z.array(z.string()).readonly() })
  .readonly() satisfies z.ZodType<DutyRateCaveat>;

/** One line of a duties estimate: its customs value, and its duty or why it has none. */
export const dutyEstimateLineView = z.strictObject({
  hs_code: z.string(),
  description: z.string().nullable().meta({ description: "The schedule's words for the line the rate came from; null when not estimated" }),
  customs_value_cents: z.number().int(),
  duty_rate_basis_points: z.number().int().nullable(),
  duty_cents: z.number().int().nullable(),
  reason: z.enum(['usmca', 'low_value', 'unknown_hs_code', 'invalid_hs_code']).nullable() satisfies z.ZodType<DutyLineReason | null>,
});
export type DutyEstimateLineView = z.output<typeof dutyEstimateLineView>;

/** One tax or fee of a duties estimate. */
export const dutyEstimateTaxView = z.strictObject({
  kind: z.enum(['gst', 'hst', 'iva', 'dta', 'mpf']) satisfies z.ZodType<TaxKind>,
  rate_basis_points: z.number().int(),
  cents: z.number().int(),
  complete: z.boolean(),
});
export type DutyEstimateTaxView = z.output<typeof dutyEstimateTaxView>;

/** A declaration's duties and taxes estimate: by line, by tax, who pays them, and what it could not estimate. */
export const dutyEstimateView = z.strictObject({
  destination: z.enum(COUNTRIES),
  currency: z.enum(CURRENCIES),
  payer: z.enum(['shipper', 'consignee']).meta({ description: 'Who pays the duties and taxes, by the incoterm' }),
  lines: z.array(dutyEstimateLineView),
  taxes: z.array(dutyEstimateTaxView),
  total_duty_cents: z.number().int(),
  total_tax_cents: z.number().int(),
  total_cents: z.number().int(),
  complete: z.boolean().meta({ description: "False when any line's duty or tax, or the sales tax itself, is not estimated" }),
  notes: z.array(z.enum(['mpf_not_included', 'low_value_threshold_not_applied', 'unknown_province']) satisfies z.ZodType<EstimateNote>),
  source: z.string(),
  source_caveat: dutyRateCaveat
    .nullable()
    .meta({ description: "How far the shipped table's figures were checked, for the reader's language; null otherwise" }),
  as_of: z.string(),
});
export type DutyEstimateView = z.output<typeof dutyEstimateView>;

/** The three destinations' tables. */
export const DUTY_COUNTRIES = ['US', 'CA', 'MX'] as const;

/** PUT /api/admin/duty-rates/:country/rates/:hs_code */
export const dutyRateRequest = z.object({
  rate_basis_points: z.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).min(0).max(100_000, {
    error: 'validation.too_large',
  }),
  description: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(200, {
    error: 'validation.too_long',
  }),
});
export type DutyRateRequest = z.input<typeof dutyRateRequest>;

/** An HS code in a path or a form: typed with dots or spaces, kept as 6, 8 or 10 digits. */
export const dutyHsCode = z
  .string({ error: 'validation.required' })
  .trim()
  .transform(compactHsCode)
  .refine(isHsCode, { error: 'validation.hs_code' });

/** PUT /api/admin/duty-rates/:country: where the table's figures come from. */
export const dutyRateSourceRequest = z.object({
  source: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(300, {
    error: 'validation.too_long',
  }),
  as_of: isoDate,
});
export type DutyRateSourceRequest = z.input<typeof dutyRateSourceRequest>;

export const dutyRateView = z.strictObject({
  hs_code: z.string(),
  rate_basis_points: z.number().int(),
  description: z.string(),
  updated_at: z.string().nullable().meta({ description: 'Null for a figure as shipped with the product' }),
});
export type DutyRateView = z.output<typeof dutyRateView>;

/** GET /api/admin/duty-rates/:country */
export const dutyRateTableView = z.strictObject({
  country: z.enum(COUNTRIES),
  source: z.string(),
  source_caveat: dutyRateCaveat.nullable(),
  as_of: z.string(),
  edited: z.boolean().meta({ description: 'Whether staff have edited this table (otherwise it is the one shipped with the product)' }),
  rates: z.array(dutyRateView),
});
export type DutyRateTableView = z.output<typeof dutyRateTableView>;
