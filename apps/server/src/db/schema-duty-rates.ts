import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts';

/**
 * The duty-rate tables the duties and taxes estimate reads (packages/domain/src/customs/duties.ts):
 * one row per destination country and HS code (6, 8 or 10 digits, no dots), seeded from the tables
 * shipped with the product (duty-rates.ts) and edited by staff since.
 */
export const dutyRates = pgTable(
  'duty_rates',
  {
    country: text('country', { enum: ['US', 'CA', 'MX'] }).notNull(),
    hsCode: text('hs_code').notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    description: text('description').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** The staff member who last changed it; null for the shipped figure. */
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.country, t.hsCode] })],
);

/** Where each destination's rates come from and as of when: an estimate names them. */
export const dutyRateSources = pgTable('duty_rate_sources', {
  country: text('country', { enum: ['US', 'CA', 'MX'] }).primaryKey(),
  source: text('source').notNull(),
  asOf: date('as_of', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
