import { SHIPMENT_STATUSES } from '@freight/domain';
import { z } from 'zod';
import { isoDate } from './fields';
import { carrierPauseReason } from './incidents';
import { QUOTE_MODES } from './quoteChoices';

/** The admin dashboard: what the business did today and this month, in the business's days (its time zone). */
export const dashboardQuery = z.object({
  days: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(7)
    .max(90, { error: 'validation.too_large' })
    .default(30),
});

/** Quotes, bookings and new accounts from a day on, in the business's days. */
export const dashboardPeriod = z.strictObject({
  from: isoDate.meta({ description: "The first day of the period, YYYY-MM-DD, in the business's time zone" }),
  quotes: z.int(),
  bookings: z.int().meta({ description: 'Shipments booked in the period, of quotes from any day' }),
  quotes_booked: z.int().meta({ description: "The period's quotes booked since, on any day" }),
  rate: z.number().min(0).max(1).nullable().meta({
    description: "The quote-to-booking rate: the period's quotes booked since, per quote of the period, 0 to 1; null without quotes",
  }),
  new_accounts: z.int(),
});
export type DashboardPeriod = z.output<typeof dashboardPeriod>;

/** A shipment a dashboard figure lists. */
export const dashboardShipment = z.strictObject({
  id: z.uuid(),
  bol_number: z.string(),
  account: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  carrier_name: z.string(),
  pickup_date: isoDate,
});
export type DashboardShipment = z.output<typeof dashboardShipment>;

/** A carrier the circuit breaker keeps out of quoting: since when, and why. */
export const dashboardPausedCarrier = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  scac: z.string(),
  paused_at: z.iso.datetime(),
  reason: carrierPauseReason.nullable(),
});
export type DashboardPausedCarrier = z.output<typeof dashboardPausedCarrier>;

/** Bookings' price, cost and margin in one currency (integer cents; the percent in basis points of the price). */
export const dashboardMargin = z.strictObject({
  currency: z.string(),
  shipments: z.int(),
  price_cents: z.int(),
  cost_cents: z.int(),
  margin_cents: z.int(),
  margin_bp: z.int().nullable().meta({ description: 'null when the price is 0' }),
});
export type DashboardMargin = z.output<typeof dashboardMargin>;

const dashboardShipments = z.strictObject({ count: z.int(), latest: z.array(dashboardShipment) });

/** The admin dashboard: today's and this month's figures, the daily series, and what needs staff now. */
export const dashboardView = z.strictObject({
  time_zone: z
    .string()
    .meta({ description: "The business's IANA time zone: the days below are its days, and staff screens label days in it" }),
  today: dashboardPeriod,
  month: dashboardPeriod,
  series: z
    .array(z.strictObject({ date: isoDate, quotes: z.int(), bookings: z.int(), quotes_booked: z.int() }))
    .meta({ description: "One entry a day, oldest first, up to today: as a period's figures, for that day" }),
  revenue: z
    .array(z.strictObject({ mode: z.enum(QUOTE_MODES), currency: z.string(), total_cents: z.int(), shipments: z.int() }))
    .meta({ description: "This month's bookings (not canceled) by mode and currency" }),
  statuses: z
    .array(z.strictObject({ status: z.enum(SHIPMENT_STATUSES), count: z.int() }))
    .meta({ description: "This month's bookings by their status now" }),
  action_required: dashboardShipments,
  delayed: dashboardShipments.meta({ description: 'Shipments delayed now, with the latest' }),
  accounts: z.strictObject({ credit_hold: z.int(), suspended: z.int() }),
  credit_applications: z
    .strictObject({ pending: z.int() })
    .nullable()
    .meta({ description: 'Credit applications waiting for a decision; null for roles that do not decide them' }),
  incidents: z
    .strictObject({
      count: z.int(),
      latest: z.array(
        z.strictObject({
          id: z.uuid(),
          created_at: z.iso.datetime(),
          carrier: z.string().nullable(),
          operation: z.string(),
          error: z.string(),
          occurrences: z.int(),
        }),
      ),
    })
    .meta({ description: "Incident groups seen today (the business's day); `created_at` is when each was last seen" }),
  paused_carriers: z.array(dashboardPausedCarrier).meta({ description: 'Carriers paused from quoting now, the longest paused first' }),
  margin: z
    .strictObject({ today: z.array(dashboardMargin), month: z.array(dashboardMargin) })
    .optional()
    .meta({
      description:
        "The margin on today's and this month's bookings (not canceled), by currency; only for staff who may see margin (fpg_sales: the accounts it is the rep of)",
    }),
});
export type DashboardView = z.output<typeof dashboardView>;
