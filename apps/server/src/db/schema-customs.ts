import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shipments } from './schema-shipments';

/**
 * The earlier versions of a shipment's customs declaration: each as it stood before a correction
 * replaced it, with the correction (the document customs asked for, and what was corrected), so
 * every version of its documents can be printed again.
 */
export const customsVersions = pgTable(
  'customs_versions',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    customs: jsonb('customs').$type<unknown>().notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull(),
    document: text('document').notNull(),
    note: text('note').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.version] })],
);
