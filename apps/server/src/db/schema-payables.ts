import { CARRIER_INVOICE_STATUSES, type CarrierAudit } from '@freight/domain';
import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-accounts';
import { invoices } from './schema-billing';
import { carriers } from './schema-carriers';
import { integrationPartners } from './schema-integrations';
import { shipments } from './schema-shipments';

/*
 * Carrier invoices (what carriers bill the broker, EDI 210s) and payables: staff only, the
 * broker's cost (docs/brokerage.md, "Carrier invoices and payables").
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

export const CARRIER_INVOICE_SOURCES = ['csv', 'api', 'carrier_simulator'] as const;

/** A billed line as the carrier sent it. */
export interface CarrierInvoiceLine {
  code: string;
  description: string;
  amount_cents: number;
}

/** The audit kept with a matched invoice: the domain's result and what it was computed from. */
export interface StoredCarrierAudit extends CarrierAudit {
  expected_source: 'cost' | 'price';
  booked_weight_lb: number;
  booked_class: number | null;
  inspection: { weight_lb: number; freight_class: number | null } | null;
}

/**
 * A payables export: the approved and short-paid invoices taken together into one file, numbered.
 * Marking paid takes a batch whole, or invoices one by one.
 */
export const payablesBatches = pgTable('payables_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  number: serial('number').notNull().unique(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: stamp('created_at').notNull(),
});

/**
 * A carrier's freight invoice. `carrier_id` is the carrier its SCAC resolved to (null when none
 * did); `shipment_id` the shipment it matched by PRO or BOL (null while unmatched, when
 * `account_id` is null too). `audit` is the line-by-line comparison with the expected cost and its
 * reasons; `approved_cents` what will be paid (approved, short-paid). `version` grows with every
 * action: an action names the version it read, so two staff never both act on one invoice.
 */
export const carrierInvoices = pgTable(
  'carrier_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carrierId: uuid('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
    billedScac: text('billed_scac').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    proNumber: text('pro_number').notNull().default(''),
    bolNumber: text('bol_number').notNull().default(''),
    source: text('source', { enum: CARRIER_INVOICE_SOURCES }).notNull(),
    partnerId: uuid('partner_id').references(() => integrationPartners.id, { onDelete: 'set null' }),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    currency: text('currency').notNull(),
    billedWeightLb: integer('billed_weight_lb'),
    billedClass: doublePrecision('billed_class'),
    lines: jsonb('lines').$type<CarrierInvoiceLine[]>().notNull(),
    billedCents: integer('billed_cents').notNull(),
    expectedCents: integer('expected_cents'),
    audit: jsonb('audit').$type<StoredCarrierAudit>(),
    /** The reasons' codes, for the queue's list without reading the audit. */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    status: text('status', { enum: CARRIER_INVOICE_STATUSES }).notNull(),
    autoApproved: boolean('auto_approved').notNull().default(false),
    approvedCents: integer('approved_cents'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: stamp('decided_at'),
    decisionNote: text('decision_note'),
    dueDate: date('due_date', { mode: 'string' }),
    rebillInvoiceId: uuid('rebill_invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    payablesBatchId: uuid('payables_batch_id').references(() => payablesBatches.id, { onDelete: 'set null' }),
    paidAt: stamp('paid_at'),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
    paidReference: text('paid_reference'),
    version: integer('version').notNull().default(1),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(invoice_number || ' ' || pro_number || ' ' || bol_number || ' ' || billed_scac)`,
    ),
    createdAt: stamp('created_at').notNull(),
    updatedAt: stamp('updated_at').notNull(),
  },
  (t) => [
    // Duplicates are found by carrier and number (one of them is kept, the others are refused rows).
    index('carrier_invoices_carrier_number_idx').on(t.carrierId, t.invoiceNumber),
    index('carrier_invoices_shipment_idx').on(t.shipmentId),
    index('carrier_invoices_status_created_idx').on(t.status, t.createdAt, t.id),
    index('carrier_invoices_created_idx').on(t.createdAt, t.id),
    index('carrier_invoices_batch_idx').on(t.payablesBatchId),
  ],
);

/** A disputed invoice's thread: staff's messages and the carrier's (through the API, or recorded by staff). */
export const carrierInvoiceMessages = pgTable(
  'carrier_invoice_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carrierInvoiceId: uuid('carrier_invoice_id')
      .notNull()
      .references(() => carrierInvoices.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromCarrier: boolean('from_carrier').notNull(),
    body: text('body').notNull(),
    createdAt: stamp('created_at').notNull(),
  },
  (t) => [index('carrier_invoice_messages_invoice_idx').on(t.carrierInvoiceId, t.createdAt)],
);
