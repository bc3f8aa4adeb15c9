import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { shipments } from './schema-shipments';

/**
 * A shipment's references, one row each, so staff find a shipment by any of them across every
 * account through an index (the account's own search reads `shipments.reference_text`).
 */
export const shipmentReferences = pgTable(
  'shipment_references',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.position] }), index('shipment_references_value_idx').on(sql`upper(${t.value})`)],
);
