import type { WebhookEventTypeName } from '@freight/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// schema.ts re-exports this file, so only lazy references to its tables are safe here (the
// `() => table.column` callbacks run after both modules have loaded).
import { accounts, users } from './schema-accounts';
import { carriers } from './schema-carriers';
import { shipments } from './schema-shipments';

/*
 * The partner API and integrations: integration partners and the accounts they act for,
 * OAuth 2.0 client credentials and their access tokens, the log of API calls, webhook
 * subscriptions and their deliveries.
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });
const created = (name = 'created_at') => stamp(name).notNull().defaultNow();

export const PARTNER_STATUSES = ['active', 'suspended'] as const;

/** A partner company (a TMS or ERP vendor, a marketplace) whose software calls the API for accounts. */
export const integrationPartners = pgTable('integration_partners', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  website: text('website').notNull().default(''),
  status: text('status', { enum: PARTNER_STATUSES }).notNull().default('active'),
  /** People to call: [{name, email, phone, role}]. */
  contacts: jsonb('contacts').$type<PartnerContact[]>().notNull().default([]),
  notes: text('notes').notNull().default(''),
  /**
   * A carrier partner: the carrier whose systems call the API (its freight invoices, scope
   * carrier_invoices:*). Such a partner acts for the carrier, not for an account.
   */
  carrierId: uuid('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
  createdAt: created(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

export interface PartnerContact {
  name: string;
  email: string;
  phone: string;
  role: string;
}

/**
 * An account a partner may act for: granted by staff, or by the account's own admin (consent).
 * The API acts as `acting_user_id`, a user of that account (the one who consented, or the
 * account's first admin when staff assigned it). A revoked grant stops the partner at once.
 */
export const partnerAccounts = pgTable(
  'partner_accounts',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => integrationPartners.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    grantedBy: text('granted_by', { enum: ['staff', 'consent'] }).notNull(),
    actingUserId: uuid('acting_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedAt: created('granted_at'),
    /** Switched off by staff on the Integrations page (the grant stays, the partner is refused). */
    disabledAt: stamp('disabled_at'),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.accountId] }), index('partner_accounts_account_idx').on(t.accountId)],
);

/**
 * OAuth 2.0 client credentials (RFC 6749 section 4.4), of a partner or of one customer account.
 * The secret is kept only as its SHA-256 (it is 256 random bits, so no slow hash is needed);
 * during a rotation the previous secret keeps working until `previous_secret_until`.
 */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The public client id a partner sends ('fpc_...'). */
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    partnerId: uuid('partner_id').references(() => integrationPartners.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** For an account's own credential: the user the API acts as (its creator). */
    actingUserId: uuid('acting_user_id').references(() => users.id, { onDelete: 'set null' }),
    scopes: text('scopes').array().notNull(),
    secretHash: text('secret_hash').notNull(),
    previousSecretHash: text('previous_secret_hash'),
    previousSecretUntil: stamp('previous_secret_until'),
    expiresAt: stamp('expires_at'),
    revokedAt: stamp('revoked_at'),
    /** Switched off by staff on the Integrations page: refused like a revoked one, but can be switched on again. */
    disabledAt: stamp('disabled_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    rotatedAt: stamp('rotated_at'),
    lastUsedAt: stamp('last_used_at'),
  },
  (t) => [
    uniqueIndex('oauth_clients_client_id_unique').on(t.clientId),
    index('oauth_clients_partner_idx').on(t.partnerId),
    index('oauth_clients_account_idx').on(t.accountId),
    check('oauth_clients_one_owner', sql`(${t.partnerId} is null) <> (${t.accountId} is null)`),
  ],
);

/** A bearer token issued by POST /oauth/token: its SHA-256 is the key; it dies with its client. */
export const oauthAccessTokens = pgTable(
  'oauth_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    expiresAt: stamp('expires_at').notNull(),
    createdAt: created(),
  },
  (t) => [index('oauth_access_tokens_expires_idx').on(t.expiresAt)],
);

/** One call of the public API: who, what, how it ended (no bodies: they may hold personal data). */
export const apiCalls = pgTable(
  'api_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id'),
    accountId: uuid('account_id'),
    method: text('method').notNull(),
    /** The route's pattern ('/api/v1/shipments/:id'), never the ids or the query. */
    route: text('route').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    at: created('at'),
  },
  // Every call writes a row and each index costs a little of it: only the lookups staff pages make
  // (a credential's health, a partner's usage and calls) have one.
  (t) => [index('api_calls_client_at_idx').on(t.clientId, t.at), index('api_calls_partner_at_idx').on(t.partnerId, t.at)],
);

/** The events a webhook can subscribe to (packages/contracts). */
export type WebhookEventType = WebhookEventTypeName;

/**
 * A webhook endpoint of an account or a partner. Its signing secrets are sealed (they must be read
 * back to sign); during a rotation deliveries are signed with both.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id').references(() => integrationPartners.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secretEnc: text('secret_enc').notNull(),
    previousSecretEnc: text('previous_secret_enc'),
    previousSecretUntil: stamp('previous_secret_until'),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was switched off: by its owner or staff ('manual'), or after failing for 72 hours ('failing'). */
    disabledReason: text('disabled_reason', { enum: ['manual', 'failing'] }),
    disabledAt: stamp('disabled_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    lastSuccessAt: stamp('last_success_at'),
    lastFailureAt: stamp('last_failure_at'),
  },
  (t) => [
    index('webhook_subscriptions_account_idx').on(t.accountId),
    index('webhook_subscriptions_partner_idx').on(t.partnerId),
    check('webhook_subscriptions_one_owner', sql`(${t.partnerId} is null) <> (${t.accountId} is null)`),
  ],
);

/**
 * One event for one subscription. Deliveries of one subscription and ordering key (the shipment,
 * or the invoice) go out in `seq` order: a later one waits while an earlier one is retried.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The event's id ('msg_...'), the same in every delivery and replay of it: receivers de-duplicate on it. */
    eventId: text('event_id').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    orderingKey: text('ordering_key').notNull(),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: stamp('next_attempt_at').notNull(),
    lastAttemptAt: stamp('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
    deliveredAt: stamp('delivered_at'),
    /** A replay asked by the owner or staff: a new row pointing at the event it repeats. */
    replayOf: bigint('replay_of', { mode: 'number' }),
    createdAt: created(),
  },
  (t) => [
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.id),
    index('webhook_deliveries_lane_idx').on(t.subscriptionId, t.orderingKey, t.id).where(sql`${t.status} = 'pending'`),
    /** The sweep's look for lanes whose job is late (webhook-delivery.ts): pending rows only, a small set. */
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    /** The 7-day health of a subscription on the staff Integrations page. */
    index('webhook_deliveries_attempted_idx').on(t.subscriptionId, t.lastAttemptAt),
  ],
);
