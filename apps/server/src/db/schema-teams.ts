import type { ApprovalReason, ApprovalRule, CustomerRole } from '@freight/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-accounts';
import { quotes } from './schema-quotes';
import { shipments } from './schema-shipments';

/*
 * A business account's team: invitations to join it, bookings that wait for an account admin's
 * approval (and the mailed links to decide them), and the colleagues who watch a shipment.
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An invitation to join an account. The link's token is kept only as its SHA-256; it sets the
 * password and proves the address, once, within seven days. The role and booking rights the
 * admin chose wait here until the user exists. Resending replaces the token (the old link dies).
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    accountRole: text('account_role').$type<CustomerRole>().notNull(),
    bookingLimitCents: integer('booking_limit_cents'),
    approvalRequiredFor: text('approval_required_for').array().$type<ApprovalRule[]>().notNull().default(sql`'{}'::text[]`),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: stamp('expires_at').notNull(),
    sentAt: stamp('sent_at').notNull().defaultNow(),
    acceptedAt: stamp('accepted_at'),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: stamp('revoked_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_invitations_token_idx').on(t.tokenHash),
    index('team_invitations_account_idx').on(t.accountId, t.createdAt),
    // One open invitation per address and account.
    uniqueIndex('team_invitations_open_email_idx').on(t.accountId, t.email).where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/**
 * A booking beyond its booker's rights, held until an account admin decides: the booking request
 * as sent (replayed as the booker when approved), the rate it was priced at and until when that
 * rate holds, and why it waits. Nothing reaches the carrier while it is 'pending'.
 */
export const bookingApprovals = pgTable(
  'booking_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    rateId: text('rate_id').notNull(),
    request: jsonb('request').$type<unknown>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    carrierName: text('carrier_name').notNull(),
    mode: text('mode').notNull(),
    currency: text('currency').notNull(),
    totalCents: integer('total_cents').notNull(),
    reasons: text('reasons').array().$type<ApprovalReason[]>().notNull(),
    rateExpiresAt: stamp('rate_expires_at'),
    status: text('status', { enum: ['pending', 'approved', 'declined', 'withdrawn'] })
      .notNull()
      .default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: stamp('decided_at'),
    declineReason: text('decline_reason'),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('booking_approvals_account_idx').on(t.accountId, t.status, t.createdAt),
    index('booking_approvals_requested_by_idx').on(t.requestedBy, t.createdAt),
    uniqueIndex('booking_approvals_idempotency_idx').on(t.accountId, t.idempotencyKey),
  ],
);

/**
 * The Approve and Decline links mailed to each account admin: each works once and expires, and
 * only leads to the decision in the portal after sign-in (a bare link decides nothing).
 */
export const approvalLinks = pgTable(
  'approval_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => bookingApprovals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['approve', 'decline'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: stamp('expires_at').notNull(),
    usedAt: stamp('used_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('approval_links_token_idx').on(t.tokenHash), index('approval_links_approval_idx').on(t.approvalId)],
);

/** Colleagues who asked to get a shipment's tracking mails besides its booker. */
export const shipmentWatchers = pgTable(
  'shipment_watchers',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.userId] }), index('shipment_watchers_user_idx').on(t.userId)],
);
