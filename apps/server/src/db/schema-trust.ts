import type { CreditApplicationDetails } from '@freight/contracts';
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// schema.ts re-exports this file, so only lazy references to its tables are safe here (the
// `() => table.column` callbacks run after both modules have loaded).
import { accounts, users } from './schema-accounts';
import { supportAttachments } from './schema-support';

/*
 * Trust and safety: credit is granted by staff on an application, a suspension proposed by sales
 * or ops waits for someone allowed to suspend, and attachment bytes are stored in bounded chunks.
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });
const created = () => stamp('created_at').notNull().defaultNow();

export const CREDIT_APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;

/**
 * A prepaid account's application for credit terms. What the applicant typed is `details` (the
 * wire shape of the contract; the tax id inside it is sealed); the decision's terms are columns so
 * the queue and the account's credit record read them without parsing. One pending per account.
 */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: CREDIT_APPLICATION_STATUSES }).notNull().default('pending'),
    legalName: text('legal_name').notNull(),
    requestedLimitCents: integer('requested_limit_cents').notNull(),
    details: jsonb('details').$type<CreditApplicationDetails>().notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: stamp('decided_at'),
    decisionReason: text('decision_reason'),
    netDays: integer('net_days'),
    creditLimitCents: integer('credit_limit_cents'),
    graceDays: integer('grace_days'),
    createdAt: created(),
  },
  (t) => [
    index('credit_applications_status_idx').on(t.status, t.createdAt),
    index('credit_applications_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('credit_applications_one_pending').on(t.accountId).where(sql`${t.status} = 'pending'`),
  ],
);

/** Sales or ops asking for an account's suspension; the account page shows it until it is acted on. */
export const accountSuspensionProposals = pgTable(
  'account_suspension_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    createdAt: created(),
    /** 'suspended' when someone allowed to suspend did, 'dismissed' when they declined. */
    outcome: text('outcome', { enum: ['suspended', 'dismissed'] }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: stamp('resolved_at'),
  },
  (t) => [index('account_suspension_proposals_account_idx').on(t.accountId, t.createdAt)],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * An attachment's bytes in chunks written as the upload streams in, so no request holds a whole
 * file (nor its hex text on the embedded database) in memory; read back in `seq` order.
 */
export const supportAttachmentChunks = pgTable(
  'support_attachment_chunks',
  {
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => supportAttachments.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attachmentId, t.seq] })],
);
