import { customType, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { carriers } from './schema-carriers';
import { shipments } from './schema-shipments';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** One exception the consignee noted on the delivery receipt: what a claim for visible damage or shortage needs. */
export interface DeliveryExceptionRow {
  kind: 'damage' | 'shortage' | 'refused';
  pieces: number;
  note: string;
}

/**
 * A shipment's proof of delivery (docs/proof-of-delivery.md), one per shipment: who signed and
 * when, the exceptions noted, and either the drawn signature (PNG) or the carrier's own scanned
 * receipt (PDF, PNG or JPEG, told by its bytes). `source` says who made it: the demo movement or
 * a carrier's tracking-event post.
 */
export const deliveryReceipts = pgTable('delivery_receipts', {
  shipmentId: uuid('shipment_id')
    .primaryKey()
    .references(() => shipments.id, { onDelete: 'cascade' }),
  signerName: text('signer_name').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  exceptions: jsonb('exceptions').$type<DeliveryExceptionRow[]>().notNull().default([]),
  signaturePng: bytea('signature_png'),
  document: bytea('document'),
  documentType: text('document_type', { enum: ['application/pdf', 'image/png', 'image/jpeg'] }),
  source: text('source', { enum: ['demo', 'carrier_api'] }).notNull(),
  carrierId: uuid('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
