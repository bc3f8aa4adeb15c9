import { date, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { carriers } from './schema-carriers';

const count = (name: string) => integer(name).notNull().default(0);

/**
 * The carrier scorecards' summary: each carrier's counts of its shipments picked up in a month
 * (the first day names the month), counted by @freight/domain/analytics and refreshed by the
 * scorecards' job within a minute of a change, so the comparison of every carrier adds up a few
 * rows instead of reading every shipment (docs/analytics.md, "Carrier scorecards").
 */
export const carrierScorecardMonths = pgTable(
  'carrier_scorecard_months',
  {
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    shipments: count('shipments'),
    pickupMeasured: count('pickup_measured'),
    pickupOnTime: count('pickup_on_time'),
    deliveryMeasured: count('delivery_measured'),
    deliveryOnTime: count('delivery_on_time'),
    transitMeasured: count('transit_measured'),
    transitDays: count('transit_days'),
    quotedDays: count('quoted_days'),
    tenders: count('tenders'),
    tendersAccepted: count('tenders_accepted'),
    corrected: count('corrected'),
    reweighed: count('reweighed'),
    reclassed: count('reclassed'),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'carrier_scorecard_months_pk', columns: [t.carrierId, t.month] }),
    index('carrier_scorecard_months_month_idx').on(t.month),
  ],
);

/**
 * A carrier's failed rate requests per month (the business's month): the errors and the timeouts
 * the circuit breaker was told of, counted as they happen (the breaker's own window lives in
 * memory and forgets after five minutes).
 */
export const carrierRateFailures = pgTable(
  'carrier_rate_failures',
  {
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    errors: count('errors'),
    timeouts: count('timeouts'),
  },
  (t) => [primaryKey({ name: 'carrier_rate_failures_pk', columns: [t.carrierId, t.month] })],
);
