import { SUPPORT_CATEGORIES, SUPPORT_STATES } from '@freight/contracts';
import { bigserial, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts, users } from './schema-accounts';
import { invoices } from './schema-billing';
import { shipments } from './schema-shipments';

/** A customer's conversation with support: one thread that stays, about a shipment or invoice or not. */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The customer who opened it: the unread-reply mail goes to them. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: SUPPORT_CATEGORIES }).notNull(),
    state: text('state', { enum: SUPPORT_STATES }).notNull().default('open'),
    /** The start of the first message: what the conversation is about, in lists. */
    subject: text('subject').notNull(),
    /** The BOL or invoice number as the customer gave it, and what it matched in the account. */
    reference: text('reference'),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    /** The newest message each side wrote, and what each side has read up to (read marks, unread counts). */
    lastCustomerMessageAt: timestamp('last_customer_message_at', { withTimezone: true }),
    lastStaffMessageAt: timestamp('last_staff_message_at', { withTimezone: true }),
    customerReadAt: timestamp('customer_read_at', { withTimezone: true }),
    staffReadAt: timestamp('staff_read_at', { withTimezone: true }),
    /** The first staff reply, and the resolution: the inbox's clocks. */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The staff reply the unread-reply mail was last sent for (one mail per unread reply). */
    replyMailedAt: timestamp('reply_mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_conversations_account_idx').on(t.accountId, t.lastMessageAt),
    index('support_conversations_inbox_idx').on(t.state, t.lastMessageAt),
    index('support_conversations_assignee_idx').on(t.assigneeId, t.state),
  ],
);

/** A message of a conversation; `internal` ones are staff notes the customer never sees. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromStaff: boolean('from_staff').notNull(),
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

/**
 * A file sent with a message. Its bytes are in `support_attachment_chunks` (schema-trust.ts), apart
 * from the rows the inbox and the threads read; an upload is the account's until a message claims
 * it, and its size is 0 until its last chunk is written.
 */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => supportMessages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_attachments_message_idx').on(t.messageId)],
);

/**
 * What happened in the conversations, in commit order: the live stream's events and the catch-up
 * of a browser that reconnects (`seq` is the SSE event id). Written under one advisory lock, so a
 * later `seq` never commits before an earlier one.
 */
export const supportEvents = pgTable(
  'support_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['message', 'staff_read', 'customer_read', 'conversation'] }).notNull(),
    messageId: uuid('message_id').references(() => supportMessages.id, { onDelete: 'cascade' }),
    /** Staff only: internal notes, and staff's own read marks. */
    staffOnly: boolean('staff_only').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('support_events_account_idx').on(t.accountId, t.seq)],
);

/** Answers staff insert into a reply, in both languages. */
export const supportCannedAnswers = pgTable('support_canned_answers', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  bodyEn: text('body_en').notNull(),
  bodyEs: text('body_es').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

// --- eBay orders -----------------------------------------------------------------
