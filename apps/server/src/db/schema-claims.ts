import { CLAIM_DECISIONS, CLAIM_KINDS, CLAIM_MESSAGE_AUTHORS, CLAIM_STATUSES, LIABILITY_BASES } from '@freight/domain';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-accounts';
import { invoices } from './schema-billing';
import { shipments } from './schema-shipments';
import { supportAttachments } from './schema-support';

const at = (name: string) => timestamp(name, { withTimezone: true });
const day = (name: string) => date(name, { mode: 'string' });

/**
 * A freight claim an account filed against the carrier of one of its shipments (docs/claims.md).
 * Amounts in integer cents of the shipment's currency: `amount_cents` = goods + freight - salvage,
 * within `liability_cents` (what the carrier owes at most, on `liability_basis`). The deadlines
 * are computed once at filing from the delivery (or the expected delivery, for a loss) at the
 * delivery place, whose zone `time_zone` turns the clocks' days. What the carrier answered is
 * recorded by staff: acknowledgement, decision (with its reason and amount), payment.
 */
export const claims = pgTable(
  'claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    kind: text('kind', { enum: CLAIM_KINDS }).notNull(),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('filed'),
    /** The shipper's account of what happened. */
    description: text('description').notNull(),
    currency: text('currency').notNull(),
    commercialInvoiceCents: integer('commercial_invoice_cents'),
    goodsCents: integer('goods_cents').notNull(),
    freightCents: integer('freight_cents').notNull().default(0),
    salvageCents: integer('salvage_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    liabilityBasis: text('liability_basis', { enum: LIABILITY_BASES }).notNull(),
    liabilityCents: integer('liability_cents').notNull(),
    filedBy: uuid('filed_by').references(() => users.id, { onDelete: 'set null' }),
    filedAt: at('filed_at').notNull(),
    timeZone: text('time_zone').notNull(),
    deliveredOn: day('delivered_on'),
    expectedDeliveryOn: day('expected_delivery_on'),
    noticeDueOn: day('notice_due_on'),
    /** A concealed-damage claim filed after its notice window: taken, but the carrier may ask for more. */
    noticeLate: boolean('notice_late').notNull().default(false),
    filingDueOn: day('filing_due_on').notNull(),
    acknowledgementDueOn: day('acknowledgement_due_on').notNull(),
    decisionDueOn: day('decision_due_on').notNull(),
    /** The staff user who carries the claim to the carrier. */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    carrierClaimNumber: text('carrier_claim_number'),
    acknowledgedAt: at('acknowledged_at'),
    decision: text('decision', { enum: CLAIM_DECISIONS }),
    decisionReason: text('decision_reason'),
    decidedAmountCents: integer('decided_amount_cents'),
    decidedAt: at('decided_at'),
    paidAmountCents: integer('paid_amount_cents'),
    paymentReference: text('payment_reference'),
    paidAt: at('paid_at'),
    /**
     * The credit memo that gave the carrier's payment to the shipper (an invoice of type
     * `credit_memo`), set in the payment's transaction; null before the payment, for a payment of
     * nothing, or once the memo is gone.
     */
    creditMemoId: uuid('credit_memo_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** The reminders mailed to the filer (`acknowledgement.due_soon`...), so a job run twice mails once. */
    remindersSent: jsonb('reminders_sent').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('claims_number_unique').on(t.number),
    index('claims_account_filed_idx').on(t.accountId, t.filedAt, t.id),
    index('claims_shipment_idx').on(t.shipmentId),
    // Deleting a memo sets its claim's link to null: this finds that claim without reading them all.
    index('claims_credit_memo_idx').on(t.creditMemoId),
    // The staff queue: open claims, oldest first.
    index('claims_open_filed_idx').on(t.filedAt, t.id).where(sql`${t.status} <> 'closed'`),
  ],
);

/** What a claim asks for, line by line: the goods, their pieces (handling units) and invoice value. */
export const claimLines = pgTable(
  'claim_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    pieces: integer('pieces').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [index('claim_lines_claim_idx').on(t.claimId, t.position)],
);

/**
 * A claim's thread: the shipper and staff write; staff record the carrier's word as `carrier`
 * (the carrier has no login). `user_id` is who wrote or recorded it.
 */
export const claimMessages = pgTable(
  'claim_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    author: text('author', { enum: CLAIM_MESSAGE_AUTHORS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('claim_messages_claim_idx').on(t.claimId, t.createdAt)],
);

/** A file sent with a claim's message: an upload of the support attachments (their bytes and checks), used once. */
export const claimAttachments = pgTable(
  'claim_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => claimMessages.id, { onDelete: 'cascade' }),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => supportAttachments.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('claim_attachments_attachment_unique').on(t.attachmentId), index('claim_attachments_message_idx').on(t.messageId)],
);
