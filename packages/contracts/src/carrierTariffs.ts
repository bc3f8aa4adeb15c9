import { ACCESSORIAL_CODES, NMFC_CLASSES } from '@freight/domain';
import type { LtlServiceLevel } from '@freight/domain/rating/calendar';
import { WEIGHT_BREAKS } from '@freight/domain/rating/ltl-tariff';
import { BORDER_LANES, CROSSING_KINDS, PORT_CODES, type PortCode } from '@freight/domain/rating/ports';
import { z } from 'zod';
import { decimalNumber, isoDate, wholeNumber } from './fields';
import { carrierPauseReason } from './incidents';
import { QUOTE_MODES } from './quoteChoices';

/**
 * The staff's carrier tariff editor: a tariff in the rating engine's own terms
 * (packages/domain/src/rating), checked figure by figure. Money is integer cents, percentages
 * basis points (1% = 100). The bounds are wide enough for any real tariff and narrow enough that
 * a slip of the keyboard (a rate typed in cents where dollars were meant) is refused with the
 * field that holds it. Whether the whole tariff rates sensibly is checked by the server on top.
 */

const whole = wholeNumber;
const decimal = decimalNumber;

/** Cents up to $100,000 (an amount of one charge or one rate line). */
const cents = whole(10_000_000);

export const LTL_SERVICE_LEVEL_CHOICES = ['guaranteed', 'standard', 'economy'] as const satisfies readonly LtlServiceLevel[];
export const TRUCKLOAD_TARIFF_FIELDS = [
  'linehaul_cents_per_mile',
  'fuel_base_price_cents_per_gal',
  'mpg',
  'minimum_cents',
  'stop_off_cents',
  'team_cents_per_mile',
  'solo_miles_per_day',
  'team_miles_per_day',
] as const;

const perCwt = z.object(
  Object.fromEntries(WEIGHT_BREAKS.map((b) => [b.code, whole(1_000_000, 1)])) as Record<
    (typeof WEIGHT_BREAKS)[number]['code'],
    ReturnType<typeof whole>
  >,
);

const accessorialPrice = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('flat'), cents }),
    z.object({ kind: z.literal('per_cwt'), cents_per_cwt: cents, min_cents: cents.optional(), max_cents: cents.optional() }),
    z.object({ kind: z.literal('per_piece'), cents_per_piece: cents, min_cents: cents.optional() }),
  ],
  { error: 'validation.choice' },
);

/**
 * The lanes a carrier serves across a border and what crossing costs (rating/border.ts); a tariff
 * without it rates within one country only.
 */
const borderService = z.object({
  lanes: z
    .array(z.enum(BORDER_LANES, { error: 'validation.choice' }))
    .min(1, { error: 'validation.required' })
    .max(BORDER_LANES.length, { error: 'validation.too_many' }),
  crossing: z.enum(CROSSING_KINDS, { error: 'validation.choice' }),
  ports: z
    .array(z.enum(PORT_CODES as [PortCode, ...PortCode[]], { error: 'validation.choice' }))
    .min(1, { error: 'validation.required' })
    .max(PORT_CODES.length, { error: 'validation.too_many' }),
  crossing_cents: cents,
  manifest_cents: cents,
  broker_cents: cents,
  crossing_days: whole(10),
  domestic: z.boolean().optional(),
});

export const ltlTariffSchema = z
  .object({
    carrier: z.string().max(60, { error: 'validation.too_long' }),
    name: z.string().max(120, { error: 'validation.too_long' }),
    rates: z
      .array(
        z.object({
          freight_class: z.number().refine((c) => (NMFC_CLASSES as readonly number[]).includes(c), { error: 'validation.freight_class' }),
          per_cwt_cents: perCwt,
        }),
      )
      .min(1, { error: 'validation.required' })
      .max(NMFC_CLASSES.length, { error: 'validation.too_many' }),
    distance_bands: z
      .array(z.object({ max_miles: whole(10_000, 1).nullable(), factor: decimal(10, 0.1) }))
      .max(20, { error: 'validation.too_many' })
      .optional(),
    discount_bp: whole(9_500),
    amc_cents: whole(100_000, 1),
    fuel: z.object({
      steps: z
        .array(z.object({ at_least_usd: decimal(20, 0), pct_bp: whole(10_000) }))
        .min(1, { error: 'validation.required' })
        .max(400, { error: 'validation.too_many' }),
      heavy_over_lb: whole(100_000, 1),
      heavy_multiplier: decimal(5, 1),
    }),
    accessorials: z.partialRecord(z.enum(ACCESSORIAL_CODES, { error: 'validation.choice' }), accessorialPrice),
    overlength_tiers: z
      .array(z.object({ min_in: whole(1_000, 1), max_in: whole(1_000, 1), cents }))
      .max(20, { error: 'validation.too_many' }),
    nyc_zip3: z.array(z.string().regex(/^\d{3}$/, { error: 'validation.zip3' })).max(100, { error: 'validation.too_many' }),
    service_level: z.enum(LTL_SERVICE_LEVEL_CHOICES, { error: 'validation.choice' }).optional(),
    border: borderService.optional(),
  })
  .superRefine((t, ctx) => {
    const seen = new Set<number>();
    t.rates.forEach((r, i) => {
      if (seen.has(r.freight_class)) ctx.addIssue({ code: 'custom', path: ['rates', i, 'freight_class'], message: 'validation.duplicate' });
      seen.add(r.freight_class);
    });
    const bands = t.distance_bands ?? [];
    bands.forEach((b, i) => {
      const last = i === bands.length - 1;
      if (last !== (b.max_miles === null))
        ctx.addIssue({ code: 'custom', path: ['distance_bands', i, 'max_miles'], message: 'validation.band_order' });
      const before = bands[i - 1]?.max_miles;
      if (i > 0 && b.max_miles !== null && (before === null || before === undefined || b.max_miles <= before))
        ctx.addIssue({ code: 'custom', path: ['distance_bands', i, 'max_miles'], message: 'validation.ascending' });
    });
    t.fuel.steps.forEach((s, i) => {
      const before = t.fuel.steps[i - 1];
      if (before && s.at_least_usd <= before.at_least_usd)
        ctx.addIssue({ code: 'custom', path: ['fuel', 'steps', i, 'at_least_usd'], message: 'validation.ascending' });
    });
    t.overlength_tiers.forEach((tier, i) => {
      if (tier.max_in < tier.min_in)
        ctx.addIssue({ code: 'custom', path: ['overlength_tiers', i, 'max_in'], message: 'validation.ascending' });
    });
    for (const [code, price] of Object.entries(t.accessorials)) {
      if (
        price &&
        'max_cents' in price &&
        price.max_cents !== undefined &&
        price.min_cents !== undefined &&
        price.max_cents < price.min_cents
      )
        ctx.addIssue({ code: 'custom', path: ['accessorials', code, 'max_cents'], message: 'validation.ascending' });
    }
  });

const zoneRate = z.object({ first_lb_cents: whole(100_000, 1), per_lb_cents: whole(10_000) });

export const parcelTariffSchema = z.object({
  service: z
    .string()
    .regex(/^[a-z_]{1,40}$/, { error: 'validation.choice' })
    .optional(),
  limits: z.object({
    carrier: z.string().max(40, { error: 'validation.too_long' }),
    max_weight_lb: whole(500, 1),
    max_length_in: whole(300, 1).nullable(),
    max_length_plus_girth_in: whole(500, 1),
    dim_divisor: whole(400, 50),
  }),
  zones: z.object(Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8].map((zone) => [String(zone), zoneRate])) as Record<string, typeof zoneRate>),
  residential_cents: whole(100_000),
  additional_handling_cents: whole(100_000),
  large_package_cents: whole(100_000),
  fuel_applies: z.boolean({ error: 'validation.required' }),
  declared_value: z.object({ included_per_package_cents: whole(1_000_000), per_100_cents: whole(10_000) }),
  signature: z.object({ signature: whole(100_000).nullable(), adult_signature: whole(100_000).nullable() }),
  border: borderService.optional(),
});

export const truckloadTariffSchema = z
  .object({
    linehaul_cents_per_mile: whole(2_000, 1),
    fuel_base_price_cents_per_gal: whole(2_000),
    mpg: decimal(20, 1),
    minimum_cents: whole(1_000_000),
    stop_off_cents: whole(100_000),
    team_cents_per_mile: whole(1_000),
    solo_miles_per_day: whole(1_500, 100),
    team_miles_per_day: whole(2_500, 100),
    border: borderService.optional(),
  })
  .refine((t) => t.team_miles_per_day >= t.solo_miles_per_day, { path: ['team_miles_per_day'], error: 'validation.team_miles' });

const note = z.string().trim().max(500, { error: 'validation.too_long' }).optional().default('');

/**
 * PUT /api/admin/carriers/:id/draft: the carrier's draft tariff, created or replaced. `mode` must
 * be the carrier's; `fuel_bp` is the parcel fuel surcharge (LTL and truckload fuel come from the
 * weekly diesel price and the tariff's own table).
 */
export const tariffDraftRequest = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('ltl'), tariff: ltlTariffSchema, fuel_bp: whole(10_000).optional().default(0), note }),
    z.object({ mode: z.literal('parcel'), tariff: parcelTariffSchema, fuel_bp: whole(10_000), note }),
    z.object({ mode: z.literal('truckload'), tariff: truckloadTariffSchema, fuel_bp: whole(10_000).optional().default(0), note }),
  ],
  { error: 'validation.choice' },
);
export type TariffDraftRequest = z.output<typeof tariffDraftRequest>;

/** POST /api/admin/carriers/:id/draft/publish: from which day the draft rates (today or later). */
export const tariffPublishRequest = z.object({ effective_date: isoDate });
export type TariffPublishRequest = z.output<typeof tariffPublishRequest>;

/** PATCH /api/admin/carriers/:id: switch a carrier on or off. */
export const carrierStateRequest = z.object({ active: z.boolean({ error: 'validation.required' }) });

export const dieselPriceRequest = z.object({
  week_of: isoDate,
  usd_per_gallon: decimal(20, 0.5),
});
export type DieselPriceRequest = z.output<typeof dieselPriceRequest>;

export type CarrierModeName = 'ltl' | 'parcel' | 'truckload';
export type TrackingLinkState = 'signed_events' | 'polled' | 'none';
const carrierMode = z.enum(QUOTE_MODES);

/** One line of the staff's carrier list. */
export const staffCarrierRow = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  scac: z.string(),
  mode: carrierMode,
  active: z.boolean(),
  quotes_last_week: z.number().int().meta({ description: "Last 7 days: quotes of the carrier's mode with rates" }),
  quotes_won_last_week: z.number().int().meta({ description: 'Last 7 days: those of them where the carrier was the lowest' }),
  open_incidents: z.number().int().meta({ description: 'Open incident groups of the carrier' }),
  tracking: z
    .enum(['signed_events', 'polled', 'none'] satisfies TrackingLinkState[])
    .meta({ description: 'How its tracking comes: signed events it posts, polled (demo), or none' }),
  version_in_force: z.number().int().nullable().meta({ description: 'The published version in force today' }),
  has_draft: z.boolean(),
  next_effective_date: z.string().nullable().meta({ description: 'The first day a published version waits for (YYYY-MM-DD)' }),
  quoting_paused_at: z
    .string()
    .nullable()
    .meta({ description: 'Since when the circuit breaker keeps it out of quoting; null while it quotes' }),
  quoting_pause_reason: carrierPauseReason.nullable(),
});
export type StaffCarrierRow = z.output<typeof staffCarrierRow>;

/** A tariff (or pricing program) version as listed. */
export const tariffVersionView = z.strictObject({
  id: z.uuid(),
  number: z.number().int(),
  state: z.enum(['draft', 'published']),
  effective_date: z.string().nullable(),
  in_force: z.boolean().meta({ description: 'Published and the latest effective not after today' }),
  note: z.string(),
  restored_from_number: z.number().int().nullable(),
  created_by: z.string().nullable().meta({ description: "Its writer's email" }),
  created_at: z.string(),
  published_by: z.string().nullable().meta({ description: "Its publisher's email" }),
  published_at: z.string().nullable(),
});
export type TariffVersionView = z.output<typeof tariffVersionView>;

/** What a preview found, kept with the draft it previewed and repeated when that draft is published. */
export const tariffImpact = z.strictObject({
  quotes: z.number().int().meta({ description: 'Quotes re-rated' }),
  compared: z.number().int().meta({ description: 'Those both tariffs rate (the changes are over these)' }),
  average_change_cents: z.number().int().meta({ description: 'Per quote, USD cents, signed' }),
  largest_change_cents: z.number().int().meta({ description: 'The largest change of one quote (by size), USD cents, signed' }),
  total_change_bp: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The total's change in basis points; null when the tariff in force rated none" }),
  no_longer_rated: z.number().int(),
  newly_rated: z.number().int(),
  previewed_at: z.string(),
});
export type TariffImpact = z.output<typeof tariffImpact>;

export const staffCarrierDetail = staffCarrierRow.extend({
  versions: z.array(tariffVersionView),
  draft_impact: tariffImpact.nullable().meta({
    description:
      "The draft's last preview, while the draft is still what was previewed; null when there is no draft, it was never previewed or it changed since. Publishing needs it.",
  }),
});
export type StaffCarrierDetail = z.output<typeof staffCarrierDetail>;

/** A tariff as stored: in the rating engine's terms of the carrier's mode (the draft editor's `tariff`). */
const storedTariff = z
  .unknown()
  .meta({ description: "The tariff in the rating engine's terms of the carrier's mode, as the draft editor takes it" });

/** One version's whole tariff (GET .../versions/:number). */
export const tariffVersionDetail = tariffVersionView.extend({
  mode: carrierMode,
  tariff: storedTariff,
  fuel_bp: z.number().int(),
});
export type TariffVersionDetail = z.output<typeof tariffVersionDetail>;

/** What a new draft starts from (GET .../draft/new): the tariff in force today, and its version (null before any). */
export const tariffStartingPoint = tariffVersionDetail.pick({ mode: true, tariff: true, fuel_bp: true }).extend({
  based_on: z.number().int().nullable(),
});
export type TariffStartingPoint = z.output<typeof tariffStartingPoint>;

/** One re-rated quote of a preview: the in-force tariff's total beside the draft's (USD cents). */
export const tariffPreviewLine = z.strictObject({
  quote_id: z.uuid(),
  created_at: z.string(),
  lane: z.string(),
  load: z.string(),
  old_cents: z.number().int().nullable(),
  new_cents: z.number().int().nullable(),
  difference_cents: z.number().int().nullable(),
});
export type TariffPreviewLine = z.output<typeof tariffPreviewLine>;

export const tariffPreview = z.strictObject({
  quotes: z.number().int().meta({ description: 'Quotes of this carrier re-rated (at most 100, newest first)' }),
  old_total_cents: z.number().int(),
  new_total_cents: z.number().int(),
  difference_cents: z.number().int(),
  no_longer_rated: z.number().int().meta({ description: 'Quotes the draft no longer rates' }),
  newly_rated: z.number().int().meta({ description: 'Quotes the draft newly rates' }),
  lines: z.array(tariffPreviewLine),
  impact: tariffImpact,
});
export type TariffPreview = z.output<typeof tariffPreview>;

export const dieselPriceView = z.strictObject({
  week_of: z.string(),
  usd_per_gallon: z.number(),
  in_force: z.boolean().meta({ description: 'In force today (the latest week not after today)' }),
  created_at: z.string(),
});
export type DieselPriceView = z.output<typeof dieselPriceView>;
