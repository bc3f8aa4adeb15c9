import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { carriers } from './schema-carriers';

/**
 * The learned delivery windows' histogram: how many of a carrier's shipments delivered on a lane
 * ("US-IL>US-TX", origin and destination state) took `days` business days from pickup, over the
 * last year of pickups, with the business days they had been promised in total. Kept by the
 * delivery windows' job within a minute of a delivery (docs/delivery-windows.md).
 */
export const carrierLaneTransit = pgTable(
  'carrier_lane_transit',
  {
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    lane: text('lane').notNull(),
    days: integer('days').notNull(),
    shipments: integer('shipments').notNull().default(0),
    promisedDays: integer('promised_days').notNull().default(0),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'carrier_lane_transit_pk', columns: [t.carrierId, t.lane, t.days] })],
);
