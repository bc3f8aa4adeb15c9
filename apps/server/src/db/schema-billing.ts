import { type CORRECTION_KINDS, DISPUTE_STATUSES, INVOICE_PAYMENT_STATUSES, INVOICE_TYPES, PAYMENT_METHODS } from '@freight/domain';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { accounts, users } from './schema-accounts';
import { shipments } from './schema-shipments';

/**
 * The payment processor's webhook events already handled, by the processor's event id: a
 * delivery that comes again (the processor retries until it hears 2xx) is acknowledged and left alone.
 */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** A card payment of a booking through the payment provider; the card number is never stored. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /**
     * 'voided': an authorization released when its booking was canceled; 'refunded': one captured
     * before the cancel, given back; 'requires_action': the card's issuer asked the payer for
     * 3-D Secure and the attempt waits for the challenge (authorized or declined after it). A text
     * column: no migration for a new status.
     */
    status: text('status', { enum: ['authorized', 'declined', 'failed', 'voided', 'refunded', 'requires_action'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    holdCents: integer('hold_cents').notNull(),
    currency: text('currency').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    error: text('error'),
    createdAt: createdAt(),
  },
  // One outcome per key; a processor failure is not one (the same key may try again), so it is left out.
  (t) => [uniqueIndex('payments_shipment_idempotency_unique').on(t.shipmentId, t.idempotencyKey).where(sql`${t.status} <> 'failed'`)],
);

/** A charge line of an invoice: as quoted (booked) and as invoiced (after a carrier's correction). */
export interface InvoiceChargeLine {
  code: string;
  label: string;
  detail: string | null;
  quoted_cents: number;
  invoiced_cents: number;
}

/** A carrier's reweigh or reclass: the weight (pounds, the whole shipment) and class booked and found. */
export interface InvoiceCorrection {
  kind: (typeof CORRECTION_KINDS)[number];
  quoted_weight_lb: number;
  invoiced_weight_lb: number;
  quoted_class: number | null;
  invoiced_class: number | null;
}

/**
 * An invoice of an account: a freight invoice when a shipment
 * is delivered (one per shipment, the partial unique index), an adjustment for a carrier's later
 * correction, or a credit memo for an accepted dispute (negative total). Amounts are cents in
 * `currency`. `balance_cents` is what is still owed: total less settled payments, pending bank
 * payments (`pending_cents`) and credits; a returned bank payment gives its amount back.
 * `disputed_cents` is the part under open disputes, which does not count toward a hold. The list
 * sorts each have an index within the account; `search_text` holds the invoice, BOL and PRO numbers.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    /** The invoice an adjustment or credit memo belongs to. */
    relatedInvoiceId: uuid('related_invoice_id'),
    number: text('number').notNull(),
    type: text('type', { enum: INVOICE_TYPES }).notNull(),
    bolNumber: text('bol_number'),
    proNumber: text('pro_number'),
    deliveryLocation: text('delivery_location').notNull().default(''),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    charges: jsonb('charges').$type<InvoiceChargeLine[]>().notNull(),
    correction: jsonb('correction').$type<InvoiceCorrection>(),
    quotedTotalCents: integer('quoted_total_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    pendingCents: integer('pending_cents').notNull().default(0),
    disputedCents: integer('disputed_cents').notNull().default(0),
    insuredValueCents: integer('insured_value_cents').notNull().default(0),
    deductibleCents: integer('deductible_cents').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Reminder mails already sent: before the due date, and past due. */
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true }),
    remindedPastDueAt: timestamp('reminded_past_due_at', { withTimezone: true }),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(number || ' ' || coalesce(bol_number, '') || ' ' || coalesce(pro_number, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_shipment_freight_unique').on(t.shipmentId).where(sql`${t.type} = 'freight'`),
    index('invoices_account_due_idx').on(t.accountId, t.dueDate, t.id),
    index('invoices_account_date_idx').on(t.accountId, t.invoiceDate, t.id),
    // "C": the per-account order by number cannot be served by the whole table's unique index,
    // which the planner otherwise walks from the first number of every account (~60 ms at 200,000).
    index('invoices_account_number_idx').on(t.accountId, sql`${t.number} collate "C"`, t.id),
    // The other sorts of Open Invoices: without them a big account's page sorts all its invoices.
    index('invoices_account_balance_idx').on(t.accountId, t.balanceCents, t.id),
    index('invoices_account_total_idx').on(t.accountId, t.totalCents, t.id),
    index('invoices_account_paid_idx').on(t.accountId, t.paidAt).where(sql`${t.paidAt} is not null`),
    // Open Invoices by due date, its pages deep into a big account included.
    index('invoices_account_open_idx').on(t.accountId, t.dueDate, t.id).where(sql`${t.balanceCents} <> 0 or ${t.pendingCents} <> 0`),
    // What the aging summary reads, so it is answered from the index alone.
    index('invoices_account_aging_idx')
      .on(t.accountId, t.currency, t.dueDate, t.balanceCents, t.pendingCents, t.disputedCents)
      .where(sql`${t.balanceCents} <> 0 or ${t.pendingCents} <> 0`),
    index('invoices_reminder_idx').on(t.dueDate).where(sql`${t.balanceCents} > 0`),
    // The shipper's analytics read each shipment's corrections: without it, every shipment of a
    // period scanned the account's invoices.
    index('invoices_shipment_adjustment_idx').on(t.shipmentId).where(sql`${t.type} = 'adjustment'`),
    index('invoices_adjustment_created_idx').on(t.createdAt).where(sql`${t.type} = 'adjustment'`),
  ],
);

/**
 * A payment of invoices: by card (settled at once) or bank account (ACH, pending until
 * the processor settles or returns it). One per (account, idempotency key) outcome; a processor
 * failure is not an outcome, so it is left out of the unique index. Only last four digits are kept.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request (allocations and method): the same key with other details is a conflict. */
    requestHash: text('request_hash').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: INVOICE_PAYMENT_STATUSES }).notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    cardBrand: text('card_brand'),
    last4: text('last4'),
    error: text('error'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoice_payments_account_key_unique').on(t.accountId, t.idempotencyKey).where(sql`${t.status} <> 'failed'`),
    index('invoice_payments_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

/** How much of a payment went to each invoice. */
export const invoicePaymentAllocations = pgTable(
  'invoice_payment_allocations',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => invoicePayments.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.invoiceId] }), index('invoice_payment_allocations_invoice_idx').on(t.invoiceId)],
);

/** A shipper's dispute of an invoice or one of its charge lines; resolved by accounting staff. */
export const invoiceDisputes = pgTable(
  'invoice_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    chargeCode: text('charge_code'),
    reason: text('reason').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
    acceptedCents: integer('accepted_cents'),
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    creditMemoId: uuid('credit_memo_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_disputes_invoice_idx').on(t.invoiceId),
    index('invoice_disputes_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);

/** The thread of a dispute: the shipper's and the accounting staff's messages. */
export const invoiceDisputeMessages = pgTable(
  'invoice_dispute_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => invoiceDisputes.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    staff: boolean('staff').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_dispute_messages_dispute_idx').on(t.disputeId, t.createdAt)],
);

/** An account's credit record: every hold placed or lifted and every change of terms, by whom and why. */
export const accountCreditEvents = pgTable(
  'account_credit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['hold_placed', 'hold_lifted', 'terms_changed', 'application_declined'] }).notNull(),
    source: text('source', { enum: ['auto', 'staff'] }).notNull(),
    reason: text('reason').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('account_credit_events_account_idx').on(t.accountId, t.createdAt)],
);
