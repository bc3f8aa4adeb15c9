import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './schema-accounts';
import { shipments } from './schema-shipments';

const count = (name: string) => integer(name).notNull().default(0);
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * What the Analytics page filters and groups by, in both its tables (fresh columns for each):
 * the account, the day of the booked pickup (the period a shipment is counted in), currency, mode,
 * carrier, the user who booked it, and the lane's states.
 */
const periodDimensions = () => ({
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  currency: text('currency').notNull(),
  mode: text('mode').notNull(),
  carrierId: uuid('carrier_id'),
  userId: uuid('user_id').notNull(),
  originState: text('origin_state').notNull(),
  destinationState: text('destination_state').notNull(),
});

/**
 * The Analytics page's summary: an account's shipments (not canceled) picked up on a day, one row
 * per combination of what the page filters and groups by, holding only sums (FigureSums of
 * @freight/domain/analytics) and the accessorial spend by kind. Each (account, day) is counted
 * again whole by the summary's job within a minute of a change (docs/analytics.md, "The summary").
 */
export const analyticsDays = pgTable(
  'analytics_days',
  {
    ...periodDimensions(),
    carrierName: text('carrier_name').notNull(),
    shipments: count('shipments'),
    spendCents: cents('spend_cents'),
    weightLb: doublePrecision('weight_lb').notNull().default(0),
    pallets: count('pallets'),
    pickupMeasured: count('pickup_measured'),
    pickupOnTime: count('pickup_on_time'),
    deliveryMeasured: count('delivery_measured'),
    deliveryOnTime: count('delivery_on_time'),
    transitMeasured: count('transit_measured'),
    transitDays: count('transit_days'),
    quotedDays: count('quoted_days'),
    corrected: count('corrected'),
    reweighed: count('reweighed'),
    reclassed: count('reclassed'),
    correctedCents: cents('corrected_cents'),
    savingsMeasured: count('savings_measured'),
    savingsCents: cents('savings_cents'),
    /** Kind → { cents, shipments }. */
    accessorials: jsonb('accessorials').$type<Record<string, { cents: number; shipments: number }>>().notNull().default({}),
  },
  (t) => [index('analytics_days_account_day_idx').on(t.accountId, t.day)],
);

/**
 * Each shipment of the summary with what the drill-down filters by: the page's dimensions and
 * which figures it stands behind (behindFigure's answers as flags, `drillFlagsOf` of
 * @freight/domain/analytics). Written by the summary's job in the same transaction as its day's
 * rows, so the shipments a figure lists are the ones it counts (docs/analytics.md, "Drilling down").
 */
export const analyticsShipments = pgTable(
  'analytics_shipments',
  {
    shipmentId: uuid('shipment_id')
      .primaryKey()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    ...periodDimensions(),
    /** Null until picked up. */
    pickupOnTime: boolean('pickup_on_time'),
    /** Null until delivered. */
    deliveryOnTime: boolean('delivery_on_time'),
    transitMeasured: boolean('transit_measured').notNull(),
    corrected: boolean('corrected').notNull(),
    withSavings: boolean('with_savings').notNull(),
    /** The kinds of its accessorial and surcharge lines. */
    accessorials: text('accessorials').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index('analytics_shipments_account_day_idx').on(t.accountId, t.day),
    // The figures few shipments stand behind, each its own index: a year's late deliveries are read without the rest.
    index('analytics_shipments_picked_up_late_idx').on(t.accountId, t.day).where(sql`${t.pickupOnTime} = false`),
    index('analytics_shipments_delivered_late_idx').on(t.accountId, t.day).where(sql`${t.deliveryOnTime} = false`),
    index('analytics_shipments_corrected_idx').on(t.accountId, t.day).where(sql`${t.corrected}`),
  ],
);
