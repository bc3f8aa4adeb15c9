import { z } from 'zod';
import { type DashboardMargin, dashboardMargin } from './dashboard';
import { isoDate } from './fields';
import { MARGIN_SORTS } from './listSorts';
import { QUOTE_MODES } from './quoteChoices';
import { stateCode } from './staffShipments';

/**
 * The staff's margin report (GET /api/admin/margin and its CSV): booked shipments (not canceled)
 * by pickup date, grouped, each group's price, cost and margin per currency.
 */
export const MARGIN_GROUPS = ['customer', 'lane', 'carrier', 'mode', 'rep', 'month'] as const;
export type MarginGroup = (typeof MARGIN_GROUPS)[number];

/** The longest pickup range a report reads: three years of days. */
export const MARGIN_MAX_DAYS = 1096;
const DAY_MS = 86_400_000;

export const marginQuery = z
  .object({
    group_by: z.enum(MARGIN_GROUPS, { error: 'validation.choice' }).default('customer'),
    /** Pickup dates, both included; without them, the current month to date (the business's days). */
    pickup_from: isoDate.optional(),
    pickup_to: isoDate.optional(),
    account_id: z.uuid({ error: 'validation.invalid' }).optional(),
    carrier_id: z.uuid({ error: 'validation.invalid' }).optional(),
    mode: z.enum(QUOTE_MODES, { error: 'validation.choice' }).optional(),
    /** Accounts whose sales rep is this user, or 'none' for accounts without a rep. */
    sales_rep_id: z.union([z.uuid(), z.literal('none')], { error: 'validation.invalid' }).optional(),
    origin_state: stateCode,
    destination_state: stateCode,
    /** Margin, largest first, unless told otherwise. */
    sort: z.enum(MARGIN_SORTS, { error: 'validation.choice' }).default('margin'),
    dir: z.enum(['asc', 'desc'], { error: 'validation.choice' }).default('desc'),
    /** Groups answered (the CSV has them all); the rest are counted. */
    limit: z.coerce.number({ error: 'validation.integer' }).int({ error: 'validation.integer' }).min(1).max(500).default(100),
  })
  .refine((q) => !q.pickup_from || !q.pickup_to || q.pickup_from <= q.pickup_to, { path: ['pickup_to'], error: 'validation.date_range' })
  .refine(
    (q) =>
      !q.pickup_from ||
      !q.pickup_to ||
      Date.parse(`${q.pickup_to}T00:00:00Z`) - Date.parse(`${q.pickup_from}T00:00:00Z`) < MARGIN_MAX_DAYS * DAY_MS,
    { path: ['pickup_to'], error: 'validation.range_three_years' },
  );
export type MarginQuery = z.output<typeof marginQuery>;

/** Price, cost and margin of some shipments in one currency (integer cents; the percent in basis points of the price, null when the price is 0). */
export const marginFigures = dashboardMargin;
export type MarginFigures = DashboardMargin;

/**
 * A group in one currency (a customer booking in USD and CAD is two rows). `key` is what the
 * group is (an account, carrier or rep id, 'none' for no rep or no carrier, 'IL-TX' for a lane,
 * a mode, 'YYYY-MM'); `label` is it in words.
 */
export const marginRow = marginFigures.extend({ key: z.string(), label: z.string() });
export type MarginRow = z.output<typeof marginRow>;

/** GET /api/admin/margin: the groups asked for, the totals, and the monthly series. */
export const marginReport = z.strictObject({
  group_by: z.enum(MARGIN_GROUPS),
  pickup_from: isoDate,
  pickup_to: isoDate,
  rows: z.array(marginRow).meta({ description: 'The groups in the order asked for, at most `limit`' }),
  rest: z.int().meta({ description: 'Groups past the limit (rows of the CSV not answered here)' }),
  totals: z.array(marginFigures.extend({ without_cost: z.int() })).meta({
    description:
      'Every matching shipment, one entry per currency; `without_cost`: those booked before costs were kept (counted at price = cost)',
  }),
  series: z
    .array(marginFigures.extend({ month: z.string().meta({ description: 'YYYY-MM' }) }))
    .meta({ description: 'Margin by pickup month and currency, for the chart; oldest first' }),
});
export type MarginReport = z.output<typeof marginReport>;
