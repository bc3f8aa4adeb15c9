import type { AccountAddress } from '@freight/contracts';
import {
  type ApprovalRule,
  type CustomerRole,
  DEFAULT_CREDIT_LIMIT_CENTS,
  DEFAULT_GRACE_DAYS,
  DEFAULT_NET_DAYS,
  PAYMENT_TERMS,
  type Role,
  type Subscription,
} from '@freight/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** A shipper's business account; staff users belong to none. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  status: text('status', { enum: ['active', 'credit_hold'] })
    .notNull()
    .default('active'),
  /** How the account pays for shipments: invoiced on terms, or by card at booking (prepaid). */
  paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull().default('credit'),
  /** Net days of its invoices (15 or 30), the days past due before a hold, and its credit limit (USD cents). */
  netDays: integer('net_days').notNull().default(DEFAULT_NET_DAYS),
  graceDays: integer('grace_days').notNull().default(DEFAULT_GRACE_DAYS),
  creditLimitCents: integer('credit_limit_cents').notNull().default(DEFAULT_CREDIT_LIMIT_CENTS),
  /** Who put the account on credit hold: 'auto' (its payment behaviour; lifted automatically) or 'staff' (lifted only by staff). */
  holdSource: text('hold_source', { enum: ['auto', 'staff'] }),
  /** Suspended by staff: its users cannot sign in, and are told why. Separate from credit hold, which only stops shipping. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspendedReason: text('suspended_reason'),
  /** Its users must hold a second factor; one without is led to enrol at the next sign-in. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** Its viewers may read the Analytics page too (the other roles that may are the role's own right). */
  viewersSeeAnalytics: boolean('viewers_see_analytics').notNull().default(false),
  companyAddress: jsonb('company_address').$type<AccountAddress>(),
  accountAddress: jsonb('account_address').$type<AccountAddress>(),
  billingAddress: jsonb('billing_address').$type<AccountAddress>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().$type<Role[]>().notNull().default(sql`'{}'::text[]`),
    /** A customer user's role inside the account (null for staff): the session carries it, so checking it costs no query. */
    accountRole: text('account_role').$type<CustomerRole>(),
    /** The most one booking may cost without an account admin's approval; null: no limit. */
    bookingLimitCents: integer('booking_limit_cents'),
    /** What needs an account admin's approval whatever the amount. */
    approvalRequiredFor: text('approval_required_for').array().$type<ApprovalRule[]>().notNull().default(sql`'{}'::text[]`),
    /** Deactivated by an account admin or staff: cannot sign in; their history stays. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_account_idx').on(t.accountId),
    // The new-signups queue: the newest customer users first.
    index('users_created_idx').on(t.createdAt),
  ],
);

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language').notNull().default('en'),
  unitSystem: text('unit_system').notNull().default('imperial'),
  currency: text('currency').notNull().default('USD'),
  recordsPerPage: integer('records_per_page').notNull().default(25),
  insurancePreference: text('insurance_preference').notNull().default('default'),
  preferredMode: text('preferred_mode').notNull().default('default'),
  subscriptions: jsonb('subscriptions').$type<Record<Subscription, boolean>>().notNull(),
  /**
   * Bumped with every change of the user's carrier choices (`user_carrier_preferences`). It comes
   * with the session on every request, so a process may keep the choices it read for this
   * version: a change applies to the next quote whichever process serves it.
   */
  carrierChoicesVersion: integer('carrier_choices_version').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * Server-side sessions, so several processes can share them. `id` is the SHA-256 of the
 * cookie's token: a leaked table does not leak usable cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    remember: boolean('remember').notNull().default(false),
    passwordConfirmedAt: timestamp('password_confirmed_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A sign-in waiting for its second factor: the user whose password was right, whether they
     * asked to be remembered, and when. The session is a guest's until the second step succeeds.
     */
    twoFactorUserId: uuid('two_factor_user_id').references(() => users.id, { onDelete: 'cascade' }),
    twoFactorRemember: boolean('two_factor_remember').notNull().default(false),
    twoFactorStartedAt: timestamp('two_factor_started_at', { withTimezone: true }),
    /**
     * The WebAuthn challenge this session was last given (enrolling a passkey, or signing in with
     * one) and when: a response is verified against it once, then it is cleared.
     */
    webauthnChallenge: text('webauthn_challenge'),
    webauthnChallengeAt: timestamp('webauthn_challenge_at', { withTimezone: true }),
    /**
     * When a sign-in or sign-out put another session in this one's place. The row stays a few
     * seconds, signing in no one, so that requests the browser sent with the old cookie before the
     * answer arrived are recognised and do not hand out a new cookie over the one just set.
     */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_last_seen_idx').on(t.lastSeenAt),
    index('sessions_two_factor_user_idx').on(t.twoFactorUserId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_token_hash_unique').on(t.tokenHash)],
);
