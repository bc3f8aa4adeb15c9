import { PRICING_MODES } from '@freight/domain/pricing';
import { z } from 'zod';
import { type TariffVersionView, tariffVersionView } from './carrierTariffs';
import { isoDate, optionalText, wholeNumber } from './fields';

/**
 * The staff's customer pricing programs (the broker's sell side): the default program and each
 * account's, versioned like carrier tariffs (draft, preview, publish for a day, restore). A
 * program is the pricing engine's own data (packages/domain/src/pricing): money in integer cents,
 * percentages in basis points (1% = 100), weights in pounds.
 */

const STATE = /^[A-Z]{2,3}$/;
const ZIP3 = /^\d{3}$/;
const SCAC = /^[A-Z]{2,4}$/;

const name = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(80, { error: 'validation.too_long' });

const list = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, { error: 'validation.required' }).max(200, { error: 'validation.too_many' });

/** One end of a lane: states (two letters, three for Mexico) or US ZIP3 zones, one kind or the other. */
const placeMatch = z
  .object({
    states: list(z.string().trim().toUpperCase().regex(STATE, { error: 'validation.state_code' })).optional(),
    zip3: list(z.string().trim().regex(ZIP3, { error: 'validation.zip3' })).optional(),
  })
  .superRefine((p, ctx) => {
    if ((p.states === undefined) === (p.zip3 === undefined)) ctx.addIssue({ code: 'custom', message: 'validation.place_match' });
  })
  .transform((p) => (p.states ? { states: [...new Set(p.states)] } : { zip3: [...new Set(p.zip3 ?? [])] }));

/** From `min_lb` (inclusive) up to `max_lb` (exclusive). */
const weightRange = z
  .object({ min_lb: wholeNumber(100_000).optional(), max_lb: wholeNumber(100_000, 1).optional() })
  .refine((w) => w.min_lb === undefined || w.max_lb === undefined || w.max_lb > w.min_lb, {
    path: ['max_lb'],
    error: 'validation.ascending',
  });

const mode = z.enum(PRICING_MODES, { error: 'validation.choice' });
const scac = z.string().trim().toUpperCase().regex(SCAC, { error: 'validation.scac' });

const adjustment = z.discriminatedUnion(
  'kind',
  [
    // Up to 200% on cost; a discount of up to 95% off an LTL base tariff (as carrier discounts go).
    z.object({ kind: z.literal('markup'), markup_bp: wholeNumber(20_000) }),
    z.object({ kind: z.literal('flat'), amount_cents: wholeNumber(1_000_000) }),
    z.object({ kind: z.literal('discount_off_base'), discount_bp: wholeNumber(9_500) }),
  ],
  { error: 'validation.choice' },
);

/** Least margin: up to $10,000 a shipment, and up to 50% of the price. */
const minimumCents = wholeNumber(1_000_000);
const minimumBp = wholeNumber(5_000);

const rule = z
  .object({
    name,
    match: z.object({
      mode: mode.optional(),
      carrier_scac: scac.optional(),
      origin: placeMatch.optional(),
      destination: placeMatch.optional(),
      weight: weightRange.optional(),
    }),
    adjustment,
    minimum_margin_cents: minimumCents.optional(),
    minimum_margin_bp: minimumBp.optional(),
  })
  .superRefine((r, ctx) => {
    // Only an LTL rate has a base tariff distinct from its cost (the gross before the carrier's discount).
    if (r.adjustment.kind === 'discount_off_base' && r.match.mode !== 'ltl')
      ctx.addIssue({ code: 'custom', path: ['match', 'mode'], message: 'validation.discount_ltl_only' });
  });

const contractLane = z
  .object({
    name,
    mode,
    carrier_scac: scac.optional(),
    origin: placeMatch,
    destination: placeMatch,
    weight: weightRange.optional(),
    price_cents: wholeNumber(10_000_000, 1),
    valid_from: isoDate,
    valid_to: isoDate,
  })
  .refine((l) => l.valid_to >= l.valid_from, { path: ['valid_to'], error: 'validation.date_range' });

export const pricingProgramSchema = z.object({
  rules: z.array(rule).max(200, { error: 'validation.too_many' }),
  contract_lanes: z.array(contractLane).max(500, { error: 'validation.too_many' }),
  minimum_margin_cents: minimumCents,
  minimum_margin_bp: minimumBp,
});
export type PricingProgramData = z.output<typeof pricingProgramSchema>;

/**
 * PUT /api/admin/pricing-programs/default/draft and .../accounts/:accountId/draft: the program's
 * draft, created or replaced (an account's program is created with its first draft).
 */
export const pricingProgramDraftRequest = z.object({ program: pricingProgramSchema, note: optionalText(500) });
export type PricingProgramDraftRequest = z.output<typeof pricingProgramDraftRequest>;

/** POST .../draft/publish: from which pickup day the draft prices (today or later). */
export const pricingProgramPublishRequest = z.object({ effective_date: isoDate });
export type PricingProgramPublishRequest = z.output<typeof pricingProgramPublishRequest>;

/** POST .../draft/preview?quotes=N: how many of the newest quotes to price again (20 by default). */
export const pricingPreviewQuery = z.object({
  quotes: z.coerce.number({ error: 'validation.integer' }).pipe(wholeNumber(200, 1)).optional().default(20),
});

export type PricingProgramScope = 'default' | 'account';

/** One program in the staff's list. */
export const pricingProgramRow = z.strictObject({
  id: z
    .uuid()
    .nullable()
    .meta({ description: "Null until the program's first draft makes it (an account priced by the default program alone)" }),
  scope: z.enum(['default', 'account'] satisfies PricingProgramScope[]),
  account_id: z.uuid().nullable().meta({ description: 'The account priced (null for the default program)' }),
  account_name: z.string().nullable(),
  version_in_force: z.number().int().nullable(),
  has_draft: z.boolean(),
  next_effective_date: z.string().nullable(),
});
export type PricingProgramRow = z.output<typeof pricingProgramRow>;

/** A program version as listed: the same shape as a carrier tariff's. */
export const pricingProgramVersionView = tariffVersionView;
export type PricingProgramVersionView = TariffVersionView;

/** A preview's totals, kept with the draft it saw and repeated when that draft is published. */
export const pricingImpact = z.strictObject({
  quotes: z.number().int(),
  rates: z.number().int(),
  skipped: z.number().int().meta({
    description: "Quotes left out: not in US dollars (the program's amounts are dollars), or places no longer known",
  }),
  cost_cents: z.number().int(),
  current_price_cents: z.number().int(),
  new_price_cents: z.number().int(),
  new_margin_cents: z.number().int(),
  new_margin_bp: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Over all previewed rates, margin / price in basis points (null without a price)' }),
  below_cost: z.number().int().meta({ description: 'Rates the draft sells below cost (contract lanes only)' }),
  previewed_at: z.string(),
});
export type PricingImpact = z.output<typeof pricingImpact>;

export const pricingProgramDetail = pricingProgramRow.extend({
  today: z.string().meta({ description: "The server's day (YYYY-MM-DD) that decides the version in force and the earliest publish date" }),
  versions: z.array(pricingProgramVersionView),
  draft_impact: pricingImpact.nullable().meta({
    description: "The draft's last preview while the draft is still what was previewed; publishing needs it",
  }),
});
export type PricingProgramDetail = z.output<typeof pricingProgramDetail>;

export const pricingProgramVersionDetail = pricingProgramVersionView.extend({ program: pricingProgramSchema });
export type PricingProgramVersionDetail = z.output<typeof pricingProgramVersionDetail>;

/** What a new draft starts from (GET .../draft/new): the version in force today (null before any), or an empty program. */
export const pricingProgramStartingPoint = z.strictObject({
  program: pricingProgramSchema,
  based_on: z.number().int().nullable(),
});
export type PricingProgramStartingPoint = z.output<typeof pricingProgramStartingPoint>;

/** One carrier rate of a recent quote priced again: its cost, the price in force and the draft's. */
export const pricingPreviewLine = z.strictObject({
  quote_id: z.uuid(),
  quote_number: z.string(),
  created_at: z.string(),
  account_name: z.string(),
  mode: z.string(),
  carrier_scac: z.string(),
  lane: z.string(),
  weight_lb: z.number(),
  cost_cents: z.number().int().meta({ description: "The carrier's rate (what the shipper was quoted until programs price quotes)" }),
  current_price_cents: z.number().int().meta({
    description: "By the program in force (and the default behind an account's); cost when nothing prices it",
  }),
  new_price_cents: z.number().int(),
  new_margin_cents: z.number().int(),
  new_margin_bp: z.number().int().nullable(),
  applied: z.string().meta({ description: "What priced it under the draft: 'contract', 'rule' or 'none'" }),
  applied_name: z.string().nullable().meta({ description: "The lane's or rule's name" }),
  below_cost: z.boolean(),
  below_minimum: z.boolean(),
});
export type PricingPreviewLine = z.output<typeof pricingPreviewLine>;

export const pricingPreview = z.strictObject({ lines: z.array(pricingPreviewLine), impact: pricingImpact });
export type PricingPreview = z.output<typeof pricingPreview>;
