import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-accounts';
import { invoicePayments, invoices } from './schema-billing';

/*
 * An account's saved payment methods and autopay. The card or bank numbers stay with the
 * processor: a browser hands them to it and gives us the method's id (pm_...); we keep only what
 * the list shows (brand, last four, expiry, bank name).
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** The account as the processor's customer (Stripe's cus_...), made with its first saved method, and its autopay choice. */
export const accountPaymentProfiles = pgTable('account_payment_profiles', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  customerRef: text('customer_ref').notNull(),
  /** Charge the default method for each open invoice on its due date. */
  autopay: boolean('autopay').notNull().default(false),
  /** Who turned autopay on: the autopay payments name them as their payer. */
  autopayBy: uuid('autopay_by').references(() => users.id, { onDelete: 'set null' }),
  autopayChangedAt: stamp('autopay_changed_at'),
  createdAt: stamp('created_at').notNull().defaultNow(),
});

/** A method saved with the processor for the account; at most one is its default. */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The processor's id of the method (pm_...). */
    providerRef: text('provider_ref').notNull(),
    type: text('type', { enum: ['card', 'us_bank_account'] }).notNull(),
    brand: text('brand'),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    bankName: text('bank_name'),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * A typed-in bank account is verified by a micro-deposit before it may be debited: 'awaiting'
     * until the payer enters the deposit's code, 'failed' after too many wrong codes. Cards are 'verified'.
     */
    verification: text('verification', { enum: ['verified', 'awaiting', 'failed'] })
      .notNull()
      .default('verified'),
    /** The processor's set-up (seti_...) that waits for the micro-deposit's code. */
    setupIntentRef: text('setup_intent_ref'),
    /** When the processor expects the micro-deposit on the account's statement. */
    microdepositsArriveAt: stamp('microdeposits_arrive_at'),
    /** Wrong codes entered so far. */
    verifyAttempts: integer('verify_attempts').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_payment_methods_ref_unique').on(t.accountId, t.providerRef),
    uniqueIndex('saved_payment_methods_one_default').on(t.accountId).where(sql`${t.isDefault}`),
    index('saved_payment_methods_setup_intent').on(t.setupIntentRef),
  ],
);

/**
 * A card being saved that waits for the payer's 3-D Secure challenge (the server answered 402 with
 * its SetupIntent): 'requires_action' until the payer's return, the processor's webhook or the
 * clean-up of those left waiting a day settles it 'saved', 'failed' or 'canceled'. Without it a
 * payer who never came back would leave the set-up waiting at the processor for ever, or the card
 * attached there and unknown here.
 */
export const cardSetups = pgTable(
  'card_setups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Who was saving the card: the activity log names them when the card is saved without them. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The processor's set-up (seti_...). */
    setupIntentRef: text('setup_intent_ref').notNull(),
    status: text('status', { enum: ['requires_action', 'saved', 'failed', 'canceled'] })
      .notNull()
      .default('requires_action'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    settledAt: stamp('settled_at'),
  },
  (t) => [uniqueIndex('card_setups_setup_intent_unique').on(t.setupIntentRef), index('card_setups_waiting_idx').on(t.status, t.createdAt)],
);

/**
 * Autopay's progress with one invoice: the notice mailed, the charges tried (two at most: the due
 * date and the next business day), the payment that paid it, or that autopay gave it up.
 */
export const autopayInvoices = pgTable(
  'autopay_invoices',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    noticeSentAt: stamp('notice_sent_at'),
    attempts: integer('attempts').notNull().default(0),
    /** The business day of the next charge after a failed one. */
    retryOn: date('retry_on', { mode: 'string' }),
    lastError: text('last_error'),
    paymentId: uuid('payment_id').references(() => invoicePayments.id, { onDelete: 'set null' }),
    gaveUpAt: stamp('gave_up_at'),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [index('autopay_invoices_account_idx').on(t.accountId)],
);
