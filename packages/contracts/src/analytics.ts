import { ANALYTICS_PERIODS, CURRENCIES, DRILL_FIGURES } from '@freight/domain';
// The figures' shapes are the domain's rules' own results, sent as they are.
import type { Accuracy, OnTime, Service, Volume } from '@freight/domain/analytics';
import { z } from 'zod';
import { isoDate } from './fields';
import { SHIPMENT_SORTS } from './listSorts';
import { QUOTE_MODES } from './quoteChoices';
import { shipmentListQuery } from './shipments';
import { stateCode } from './staffShipments';

/**
 * The shipper's Analytics page (GET /api/analytics) and the shipments behind one of its figures
 * (GET /api/analytics/shipments, which My Shipments lists when its URL names a figure). Every
 * figure is of the caller's account, of the shipments picked up in the period (not canceled), in
 * one currency. Money is integer cents; shares are basis points (10,000 = 100%).
 */

/** The longest custom period: three years of days, as the margin report. */
export const ANALYTICS_MAX_DAYS = 1096;
const DAY_MS = 86_400_000;

/** A lane as its two states or provinces, origin first ('IL-TX'). */
const lane = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2,3}-[A-Z]{2,3}$/, { error: 'validation.invalid' })
  .optional();

const filterShape = {
  period: z.enum(ANALYTICS_PERIODS, { error: 'validation.choice' }).default('this_month'),
  /** The custom period's pickup days, both included. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  mode: z.enum(QUOTE_MODES, { error: 'validation.choice' }).optional(),
  carrier_id: z.uuid({ error: 'validation.invalid' }).optional(),
  lane,
  origin: stateCode,
  destination: stateCode,
  /** Who booked. */
  user_id: z.uuid({ error: 'validation.invalid' }).optional(),
  /** The amounts' currency; without it, the reader's own when the account shipped in it. */
  currency: z.enum(CURRENCIES, { error: 'validation.choice' }).optional(),
};

type PeriodFields = { period: string; from?: string; to?: string };

/** A custom period names both days, in order, at most ANALYTICS_MAX_DAYS apart. */
const periodChecked = <T extends z.ZodType<PeriodFields>>(schema: T) =>
  schema
    .refine((q) => q.period !== 'custom' || !!q.from, { path: ['from'], error: 'validation.required' })
    .refine((q) => q.period !== 'custom' || !!q.to, { path: ['to'], error: 'validation.required' })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: 'validation.date_range' })
    .refine((q) => !q.from || !q.to || Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) < ANALYTICS_MAX_DAYS * DAY_MS, {
      path: ['to'],
      error: 'validation.range_three_years',
    });

export const analyticsQuery = periodChecked(z.object(filterShape));
export type AnalyticsQuery = z.output<typeof analyticsQuery>;

/** The shipments behind a figure: the page's filters, the figure (an accessorial's `kind`) and My Shipments' own list options. */
export const analyticsShipmentsQuery = periodChecked(
  shipmentListQuery.extend({
    ...filterShape,
    figure: z.enum(DRILL_FIGURES, { error: 'validation.choice' }).default('shipments'),
    kind: z
      .string()
      .trim()
      .regex(/^[a-z_]{1,40}$/, { error: 'validation.invalid' })
      .optional(),
    sort: z.enum(SHIPMENT_SORTS, { error: 'validation.choice' }).default('pickup_date'),
  }),
).refine((q) => q.figure !== 'accessorial' || !!q.kind, { path: ['kind'], error: 'validation.required' });
export type AnalyticsShipmentsQuery = z.output<typeof analyticsShipmentsQuery>;

const share = z.int().nullable().meta({ description: 'In basis points (10,000 = 100%); null when none was measured' });
const centsOrNone = z.int().nullable();

/** On time out of those measured (picked up, or delivered); the share null when none was. */
const onTimeFigure = z.strictObject({ measured: z.int(), on_time: z.int(), share_bp: share }) satisfies z.ZodType<OnTime>;
export type OnTimeFigure = OnTime;

/** Spend and volume of some shipments, and what they cost per shipment, hundredweight (100 lb), 100 kg and pallet. */
const volumeShape = {
  shipments: z.int(),
  spend_cents: z.int(),
  weight_lb: z.int(),
  pallets: z.int(),
  cost_per_shipment_cents: centsOrNone,
  cost_per_cwt_cents: centsOrNone,
  cost_per_100kg_cents: centsOrNone,
  cost_per_pallet_cents: centsOrNone,
};
export type VolumeFigures = Volume;

/** On-time pickup and delivery, and the transit taken against the quoted (tenths of a business day). */
const serviceShape = {
  on_time_pickup: onTimeFigure,
  on_time_delivery: onTimeFigure,
  transit_measured: z.int().meta({ description: "Delivered shipments whose pickup and delivery are both known: the averages' base" }),
  avg_transit_tenths: z.int().nullable(),
  avg_quoted_transit_tenths: z.int().nullable(),
};
export type ServiceFigures = Service;

/** Shipments the carrier reweighed or reclassed (adjustment invoices) and the dollars those moved. */
const accuracyFigures = z.strictObject({
  shipments: z.int(),
  corrected: z.int(),
  reweighed: z.int(),
  reclassed: z.int(),
  share_bp: share,
  amount_cents: z.int(),
}) satisfies z.ZodType<Accuracy>;
export type AccuracyFigures = Accuracy;

/** A group's figures: `key` is a mode, a carrier id ('none' when gone) or a lane ('IL-TX'); `label` it in words. */
const analyticsGroup = z.strictObject({
  key: z.string(),
  label: z.string(),
  ...volumeShape,
  ...serviceShape,
  accuracy: accuracyFigures,
});
export type AnalyticsGroup = z.output<typeof analyticsGroup>;

const dayRange = { from: z.iso.date(), to: z.iso.date() };
const named = z.strictObject({ id: z.string(), name: z.string() });

/** GET /api/analytics: the figures of the caller's account for the period and filters asked. */
export const analyticsReport = z.strictObject({
  period: z.strictObject(dayRange),
  previous: z
    .strictObject({ ...dayRange, shipments: z.int(), spend_cents: z.int() })
    .meta({ description: "As many days just before, for the spend's change" }),
  currency: z.string(),
  currencies: z
    .array(z.strictObject({ currency: z.string(), shipments: z.int() }))
    .meta({ description: "Every currency the account's shipments of the period (the filters aside) were booked in, with their count" }),
  totals: z.strictObject({
    ...volumeShape,
    ...serviceShape,
    accuracy: accuracyFigures,
    savings_measured: z.int(),
    savings_cents: z.int(),
  }),
  trend: z
    .strictObject({
      step: z.enum(['day', 'month']),
      points: z.array(z.strictObject({ bucket: z.string(), shipments: z.int(), spend_cents: z.int() })),
    })
    .meta({ description: 'Spend per pickup day (a period of up to two months) or month' }),
  by_mode: z.array(analyticsGroup),
  by_carrier: z.array(analyticsGroup),
  top_lanes: z.array(analyticsGroup).meta({ description: 'The lanes of most spend, at most ten' }),
  accessorials: z.array(z.strictObject({ kind: z.string(), label: z.string(), amount_cents: z.int(), shipments: z.int() })),
  options: z
    .strictObject({ carriers: z.array(named), users: z.array(named), origins: z.array(z.string()), destinations: z.array(z.string()) })
    .meta({ description: "What the filters offer: the account's carriers, bookers and states of the period" }),
});
export type AnalyticsReport = z.output<typeof analyticsReport>;

export const ANALYTICS_TOP_LANES = 10;

/** GET/PUT /api/account/analytics-access: whether the account's viewers read Analytics. */
export const analyticsAccessRequest = z.object({ viewers: z.boolean({ error: 'validation.choice' }) });
/** GET/PUT /api/account/analytics-access: whether the account's viewers see its analytics. */
export const analyticsAccessView = z.strictObject({
  viewers: z.boolean().meta({ description: "The account's viewers see its analytics" }),
});
export type AnalyticsAccess = z.output<typeof analyticsAccessView>;
