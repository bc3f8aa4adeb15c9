import { ANALYTICS_PERIODS, CURRENCIES, DRILL_FIGURES } from '@freight/domain';
// The figures' shapes are the domain's rules' own results, sent as they are.
import type { Accuracy, OnTime, Service, Volume } from '@freight/domain/analytics';
import { z } from 'zod';
import { isoDate } from './fields';
import { QUOTE_MODES } from './quotes';
import { SHIPMENT_SORTS, shipmentListQuery } from './shipments';
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

/** On time out of those measured (picked up, or delivered); the share null when none was. */
export type OnTimeFigure = OnTime;

/** Spend and volume of some shipments, and what they cost per shipment, hundredweight (100 lb), 100 kg and pallet. */
export type VolumeFigures = Volume;

/** On-time pickup and delivery, and the transit taken against the quoted (tenths of a business day). */
export type ServiceFigures = Service;

/** Shipments the carrier reweighed or reclassed (adjustment invoices) and the dollars those moved. */
export type AccuracyFigures = Accuracy;

/** A group's figures: `key` is a mode, a carrier id ('none' when gone) or a lane ('IL-TX'); `label` it in words. */
export interface AnalyticsGroup extends VolumeFigures, ServiceFigures {
  key: string;
  label: string;
  accuracy: AccuracyFigures;
}

/** GET /api/analytics. */
export interface AnalyticsReport {
  period: { from: string; to: string };
  /** As many days just before, for the spend's change. */
  previous: { from: string; to: string; shipments: number; spend_cents: number };
  currency: string;
  /** Every currency the account's shipments of the period (the filters aside) were booked in, with their count. */
  currencies: { currency: string; shipments: number }[];
  totals: VolumeFigures &
    ServiceFigures & {
      accuracy: AccuracyFigures;
      savings_measured: number;
      savings_cents: number;
    };
  /** Spend per pickup day (a period of up to two months) or month. */
  trend: { step: 'day' | 'month'; points: { bucket: string; shipments: number; spend_cents: number }[] };
  by_mode: AnalyticsGroup[];
  by_carrier: AnalyticsGroup[];
  /** The lanes of most spend, at most ANALYTICS_TOP_LANES. */
  top_lanes: AnalyticsGroup[];
  accessorials: { kind: string; label: string; amount_cents: number; shipments: number }[];
  /** What the filters offer: the account's carriers, bookers and states of the period. */
  options: {
    carriers: { id: string; name: string }[];
    users: { id: string; name: string }[];
    origins: string[];
    destinations: string[];
  };
}

export const ANALYTICS_TOP_LANES = 10;

/** GET/PUT /api/account/analytics-access: whether the account's viewers read Analytics. */
export const analyticsAccessRequest = z.object({ viewers: z.boolean({ error: 'validation.choice' }) });
export type AnalyticsAccess = z.output<typeof analyticsAccessRequest>;
