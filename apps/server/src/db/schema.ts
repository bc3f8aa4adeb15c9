import {
  type AccountAddress,
  type CarrierPauseReason,
  type CustomsView,
  EBAY_ORDER_STATUSES,
  type EbayProblem,
  type IncidentMessage,
  SUPPORT_CATEGORIES,
  SUPPORT_STATES,
} from '@freight/contracts';
import {
  type ApprovalRule,
  type CORRECTION_KINDS,
  type CustomerRole,
  DEFAULT_CREDIT_LIMIT_CENTS,
  DEFAULT_GRACE_DAYS,
  DEFAULT_NET_DAYS,
  DISPUTE_STATUSES,
  FINAL_STATUSES,
  INVOICE_PAYMENT_STATUSES,
  INVOICE_TYPES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
  PAYMENT_TERMS,
  type Role,
  SHIPMENT_STATUSES,
  type Subscription,
} from '@freight/domain';
import type { RateCrossing } from '@freight/domain/rating';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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

/** Fixed-window counters for throttles (login, resend, reset, register), shared by all processes. */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Every mail the product sends; without SMTP this is where it stays (and the log shows its links). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

/** Secrets and markers the whole installation shares (the signing key, the demo seed marker). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const CARRIER_MODES = ['ltl', 'parcel', 'truckload'] as const;
export type CarrierMode = (typeof CARRIER_MODES)[number];

/**
 * Carriers rated online. `tariff` is the rating engine's tariff for the mode (LtlTariff,
 * ParcelTariff, TruckloadTariff from '@freight/domain/rating'); `fuel_bp` is the parcel fuel
 * surcharge (LTL and truckload fuel come from the weekly diesel price).
 */
export const carriers = pgTable(
  'carriers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    scac: text('scac').notNull(),
    mode: text('mode', { enum: CARRIER_MODES }).notNull(),
    active: boolean('active').notNull().default(true),
    tariff: jsonb('tariff').$type<unknown>().notNull(),
    fuelBp: integer('fuel_bp').notNull().default(0),
    /** The carrier's HMAC-SHA256 key for signed tracking events (POST /api/carriers/:scac/tracking-events); null: none accepted. */
    trackingSecret: text('tracking_secret'),
    /** The key before the last rotation, still accepted until `tracking_secret_previous_until` (the grace period). */
    trackingSecretPrevious: text('tracking_secret_previous'),
    trackingSecretPreviousUntil: timestamp('tracking_secret_previous_until', { withTimezone: true }),
    /**
     * Set while the circuit breaker keeps the carrier out of quoting (its rate calls kept failing
     * or timing out); `quoting_pause_reason` says which and how many. Cleared when a probe succeeds.
     */
    quotingPausedAt: timestamp('quoting_paused_at', { withTimezone: true }),
    quotingPauseReason: jsonb('quoting_pause_reason').$type<CarrierPauseReason>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carriers_mode_scac_unique').on(t.mode, t.scac)],
);

export const TARIFF_VERSION_STATES = ['draft', 'published'] as const;

/**
 * Every tariff a carrier has had or will have. A staff change is a `draft` until it is
 * published for an `effective_date`; rating uses, for each carrier, the published version with the
 * latest effective date not after the pickup date. `carriers.tariff` stays the copy in force today
 * (what the carrier cache and old readers see). `number` counts the carrier's versions from 1.
 */
export const carrierTariffVersions = pgTable(
  'carrier_tariff_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    state: text('state', { enum: TARIFF_VERSION_STATES }).notNull().default('draft'),
    effectiveDate: date('effective_date', { mode: 'string' }),
    tariff: jsonb('tariff').$type<unknown>().notNull(),
    fuelBp: integer('fuel_bp').notNull().default(0),
    note: text('note').notNull().default(''),
    /** The version this one was restored from, when it was made by "restore". */
    restoredFrom: uuid('restored_from'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A hash of the draft (tariff and fuel) as last previewed, and that preview's impact: publishing needs the same draft previewed. */
    previewedHash: text('previewed_hash'),
    previewImpact: jsonb('preview_impact').$type<unknown>(),
  },
  (t) => [
    uniqueIndex('carrier_tariff_versions_number_unique').on(t.carrierId, t.number),
    index('carrier_tariff_versions_effective_idx').on(t.carrierId, t.state, t.effectiveDate),
  ],
);

export const SCAC_ALIAS_KINDS = ['scac', 'name'] as const;

/**
 * Another SCAC (legacy or alternative, upper-cased) or a carrier name as it appears in inbound
 * events and invoices (lower-cased, spaces collapsed) that means `carrier_id`.
 */
export const scacAliases = pgTable(
  'scac_aliases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: SCAC_ALIAS_KINDS }).notNull(),
    alias: text('alias').notNull(),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('scac_aliases_kind_alias_unique').on(t.kind, t.alias), index('scac_aliases_carrier_idx').on(t.carrierId)],
);

/**
 * Truckload equipment as data: the truckload form and the rating engine read these.
 * `per_mile_adjustment_cents` is added to a carrier's base linehaul per mile; null = no online rate
 * (oversize, by phone). A retired type is offered no more but stays readable on old quotes and
 * shipments, which keep its `code`.
 */
export const equipmentTypes = pgTable(
  'equipment_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameEs: text('name_es').notNull(),
    maxWeightLb: integer('max_weight_lb'),
    lengthFt: integer('length_ft'),
    palletPositions: integer('pallet_positions'),
    temperatureControlled: boolean('temperature_controlled').notNull().default(false),
    /** Clear height of the (lower) deck in feet for open decks; null for enclosed trailers. */
    deckClearHeightFt: doublePrecision('deck_clear_height_ft'),
    perMileAdjustmentCents: integer('per_mile_adjustment_cents'),
    sortOrder: integer('sort_order').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('equipment_types_code_unique').on(t.code)],
);

/** A user's carrier visibility: hidden carriers are never rated, preferred ones are listed first. */
export const userCarrierPreferences = pgTable(
  'user_carrier_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carrierId: uuid('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    hidden: boolean('hidden').notNull().default(false),
    preferred: boolean('preferred').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.carrierId] })],
);

/** Weekly DOE national diesel average (USD per gallon); the latest week not after the pickup applies. */
export const dieselPrices = pgTable('diesel_prices', {
  weekOf: date('week_of', { mode: 'string' }).primaryKey(),
  usdPerGallon: numeric('usd_per_gallon', { precision: 6, scale: 3, mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/** Units of each currency per 1 USD (USD itself 1), for quotes asked in CAD or MXN. */
export const currencyRates = pgTable('currency_rates', {
  currency: text('currency').primaryKey(),
  perUsd: numeric('per_usd', { precision: 12, scale: 6, mode: 'number' }).notNull(),
  updatedAt: updatedAt(),
});

export const INCIDENT_STATES = ['open', 'resolved'] as const;

/**
 * An outside call that failed or timed out (a carrier's rate or tracking, an eBay write-back), or
 * an inbound message refused (a rejected tracking event, an unknown SCAC). Repeats of one kind are
 * grouped: while a group is open, the same `fingerprint` (kind, carrier, operation, error class)
 * adds to `occurrences` and moves `last_seen_at` instead of adding a row. `request` and `response`
 * are stored redacted (no secrets, no personal data).
 */
export const apiIncidents = pgTable(
  'api_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    carrierId: uuid('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('carrier_error'),
    operation: text('operation').notNull(),
    fingerprint: text('fingerprint').notNull().default(''),
    request: jsonb('request').$type<unknown>().notNull(),
    response: jsonb('response').$type<unknown>(),
    /** In English: what staff search, and what groups the same failure. */
    error: text('error').notNull(),
    /** The portal's own wording of it (a key and its values), shown in the reader's language; null for an outside service's error. */
    message: jsonb('message').$type<IncidentMessage>(),
    occurrences: integer('occurrences').notNull().default(1),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Quotes that went on without the carrier because of this group. */
    affectedQuotes: integer('affected_quotes').notNull().default(0),
    state: text('state', { enum: INCIDENT_STATES }).notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note').notNull().default(''),
  },
  (t) => [
    index('api_incidents_created_idx').on(t.createdAt),
    index('api_incidents_last_seen_idx').on(t.lastSeenAt, t.id),
    uniqueIndex('api_incidents_open_fingerprint_unique').on(t.fingerprint).where(sql`${t.state} = 'open' and ${t.fingerprint} <> ''`),
  ],
);

/** A rated quote of one account: what was asked (`input`) and what came back (`result`). */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: CARRIER_MODES }).notNull(),
    clientRef: text('client_ref'),
    input: jsonb('input').$type<unknown>().notNull(),
    result: jsonb('result').$type<unknown>().notNull(),
    lowestTotalCents: integer('lowest_total_cents'),
    /**
     * The broker's side of each rate, keyed by rate id: the carrier's cost lines and total and what
     * priced it (docs/brokerage.md). Kept apart from `result`, the shipper's view, so no presenter
     * can leak it; null on quotes rated before pricing went live, whose `result` is the cost.
     */
    costs: jsonb('costs').$type<unknown>(),
    currency: text('currency').notNull(),
    saved: boolean('saved').notNull().default(false),
    /** Set when a rate of the quote was booked. */
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    /** Reship and return-ship: the booking's places and contacts to prefill the Book Shipment step (BookingPlace pickup/delivery). */
    bookingPrefill: jsonb('booking_prefill').$type<unknown>(),
    /** What the shipper quotes by on the phone and in mails: 'Q' and eight digits from `quote_number_seq`. */
    number: text('number').notNull().default(sql`'Q' || lpad(nextval('quote_number_seq')::text, 8, '0')`),
    /** When the rates stop holding: the cut-off at the origin after which the pickup date can no longer be quoted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('quotes_number_unique').on(t.number),
    index('quotes_account_created_idx').on(t.accountId, t.createdAt.desc()),
    // The admin dashboard counts the day's and the month's quotes of every account.
    index('quotes_created_idx').on(t.createdAt),
  ],
);

/** A shipper's 'send the request to sales' for one of the account's quotes; the sales desk is mailed. */
export const salesRequests = pgTable(
  'sales_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [index('sales_requests_account_created_idx').on(t.accountId, t.createdAt.desc()), index('sales_requests_quote_idx').on(t.quoteId)],
);

/**
 * The address book of an account. Optional texts are '' when not given.
 * `verified`: the postal code, city and state agree with the postal data of a U.S. ZIP (the
 * 'USPS verified' chip). `search_text` (generated) is the lower-cased text the list search looks
 * in: company, contact, street1, city and the postal code without spaces; on PostgreSQL a pg_trgm
 * GIN index serves `like '%q%'` on it (created by the migration when the extension is available;
 * PGlite scans). `dedupe_key` is the CSV import's duplicate key (company, street1, postal code,
 * country; case and spaces normalised by the service). The sort indexes use the "C" collation, so
 * the order is the same whatever the database's collation; every sort of the list has one (each
 * costs ~0.3 s of a 50,000-row import, which writes while it reads the file to pay for them:
 * bench/README.md). The duplicate lookups (an import asks per chunk, a booking per place) use
 * the (account, dedupe_key) index.
 */
export const addressBook = pgTable(
  'address_book',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    company: text('company').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    street1: text('street1').notNull(),
    street2: text('street2').notNull().default(''),
    street3: text('street3').notNull().default(''),
    street4: text('street4').notNull().default(''),
    street5: text('street5').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country', { enum: ['US', 'CA', 'MX'] }).notNull(),
    interiorNumber: text('interior_number').notNull().default(''),
    exteriorNumber: text('exterior_number').notNull().default(''),
    neighborhood: text('neighborhood').notNull().default(''),
    locationType: text('location_type', { enum: ['commercial', 'residential'] })
      .notNull()
      .default('commercial'),
    limitedAccess: boolean('limited_access').notNull().default(false),
    liftgateRecommended: boolean('liftgate_recommended').notNull().default(false),
    opensAt: text('opens_at').notNull().default(''),
    closesAt: text('closes_at').notNull().default(''),
    verified: boolean('verified').notNull().default(false),
    dedupeKey: text('dedupe_key').notNull(),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(company || ' ' || first_name || ' ' || last_name || ' ' || street1 || ' ' || city || ' ' || replace(postal_code, ' ', ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('address_book_account_company_idx').on(t.accountId, sql`lower(${t.company}) collate "C"`, t.id),
    index('address_book_account_contact_idx').on(t.accountId, sql`lower(${t.firstName} || ' ' || ${t.lastName}) collate "C"`, t.id),
    index('address_book_account_city_idx').on(t.accountId, sql`lower(${t.city}) collate "C"`, t.id),
    index('address_book_account_state_idx').on(t.accountId, sql`${t.state} collate "C"`, t.id),
    index('address_book_account_postal_idx').on(t.accountId, sql`${t.postalCode} collate "C"`, t.id),
    index('address_book_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('address_book_account_dedupe_idx').on(t.accountId, t.dedupeKey),
  ],
);

/** A shipment that still moves (not delivered or canceled): the tracking poll's partial index and its query share this text. */
export const stillMoving = sql.raw(`"status" not in (${FINAL_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/**
 * A booked shipment. Places, items, charges, insurance and hazmat are
 * kept as booked (jsonb, wire shapes of packages/contracts/src/shipments.ts); the columns the
 * lists filter, sort and search on are plain columns. `search_text` (generated) is what the
 * My Shipments search looks in: BOL, PRO, tracking and reference numbers and both cities; a
 * pg_trgm GIN index serves it on PostgreSQL (hand-written in the migration). `bol_serial` numbers
 * the VICS BOL (a sequence). One booking per (account, idempotency key): a retried or doubled
 * submit finds the shipment the first one made.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    /** The account admin who approved the booking when it went beyond its booker's rights. */
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    rateId: text('rate_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the booking request: the same key with other details is a conflict. */
    requestHash: text('request_hash').notNull(),
    carrierId: uuid('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
    carrierName: text('carrier_name').notNull(),
    scac: text('scac').notNull(),
    mode: text('mode', { enum: CARRIER_MODES }).notNull(),
    service: text('service').notNull(),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('pending'),
    actionRequired: boolean('action_required').notNull().default(false),
    /**
     * Staff's word on 'Action Required': 'set' or 'cleared' overrides what the carrier's
     * events say until the status next changes; `action_message` is what the shipper is told.
     */
    actionOverride: text('action_override', { enum: ['set', 'cleared'] }),
    actionMessage: text('action_message'),
    bolNumber: text('bol_number').notNull(),
    proNumber: text('pro_number'),
    pickupNumber: text('pickup_number'),
    trackingNumber: text('tracking_number'),
    deliveryConfirmationNumber: text('delivery_confirmation_number'),
    pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
    readyTime: text('ready_time').notNull(),
    closeTime: text('close_time').notNull(),
    deliveryAppointment: boolean('delivery_appointment').notNull().default(false),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    estimatedDelivery: date('estimated_delivery', { mode: 'string' }),
    transitDays: integer('transit_days').notNull(),
    /** Across a border: the port of entry its rate crossed at and how (`RateCrossing`); null within one country. */
    crossing: jsonb('crossing').$type<RateCrossing>(),
    /** A cross-border shipment's customs declaration as booked; null within one country. */
    customs: jsonb('customs').$type<CustomsView>(),
    /**
     * The destination customs' entry reference, once the broker gives it: the pedimento into Mexico
     * (21 characters), the entry number into the United States or the transaction number into Canada.
     */
    customsEntryNumber: text('customs_entry_number'),
    /** When a corrected document was last sent to the broker for freight held at the border. */
    customsCorrectedAt: timestamp('customs_corrected_at', { withTimezone: true }),
    /** The declaration's version: 1 as booked, one more for each correction (earlier ones in customs_versions). */
    customsVersion: integer('customs_version').notNull().default(1),
    pickup: jsonb('pickup').$type<unknown>().notNull(),
    delivery: jsonb('delivery').$type<unknown>().notNull(),
    originCity: text('origin_city').notNull(),
    originState: text('origin_state').notNull(),
    originPostalCode: text('origin_postal_code').notNull(),
    originCountry: text('origin_country').notNull(),
    destinationCity: text('destination_city').notNull(),
    destinationState: text('destination_state').notNull(),
    destinationPostalCode: text('destination_postal_code').notNull(),
    destinationCountry: text('destination_country').notNull(),
    referenceType: text('reference_type'),
    referenceNumber: text('reference_number').notNull().default(''),
    notes: text('notes').notNull().default(''),
    pickupNote: text('pickup_note'),
    hazardous: boolean('hazardous').notNull().default(false),
    hazmat: jsonb('hazmat').$type<unknown>(),
    items: jsonb('items').$type<unknown>().notNull(),
    accessorials: jsonb('accessorials').$type<string[]>().notNull(),
    currency: text('currency').notNull(),
    totalCents: integer('total_cents').notNull(),
    charges: jsonb('charges').$type<unknown>().notNull(),
    /**
     * What the broker pays the carrier (the rate confirmation's amount): its lines and total, and
     * the program entry that turned it into `total_cents`, the shipper's price. Staff only; null on
     * shipments booked before pricing went live, whose price was the cost.
     */
    costCents: integer('cost_cents'),
    costLines: jsonb('cost_lines').$type<unknown>(),
    pricingApplied: jsonb('pricing_applied').$type<unknown>(),
    declaredValueCents: integer('declared_value_cents').notNull(),
    insurance: jsonb('insurance').$type<unknown>(),
    notifyConsignee: boolean('notify_consignee').notNull().default(false),
    /** Every reference of the booking ({type, value} in order); the first is also `reference_type`/`reference_number`. */
    references: jsonb('references').$type<unknown>().notNull().default(sql`'[]'::jsonb`),
    /** The references' values, space-separated, for the account's search (search_text). */
    referenceText: text('reference_text').notNull().default(''),
    /** A parcel booking's own questions (pickup or drop-off, signature, residential); null for other modes. */
    parcelOptions: jsonb('parcel_options').$type<unknown>(),
    /** A temperature-controlled truckload's range and whether the unit runs continuous or cycles; null otherwise. */
    temperature: jsonb('temperature').$type<unknown>(),
    /**
     * Staff's word on the estimated delivery: 'set' shows `eta_override_date`, 'cleared' shows none,
     * whatever the carrier estimates, until staff remove the override; the reason is kept with it.
     */
    etaOverride: text('eta_override', { enum: ['set', 'cleared'] }),
    etaOverrideDate: date('eta_override_date', { mode: 'string' }),
    etaOverrideReason: text('eta_override_reason'),
    /** The estimated delivery shippers are shown (every page, the API, public tracking): staff's override, else the carrier's. */
    shownEstimatedDelivery: date('shown_estimated_delivery', { mode: 'string' }).generatedAlwaysAs(
      sql`case eta_override when 'set' then eta_override_date when 'cleared' then null else estimated_delivery end`,
    ),
    paymentState: text('payment_state', { enum: PAYMENT_STATES }).notNull().default('not_required'),
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    /** When the shipper took the one extension of the time to pay (an alternative to a timed response). */
    paymentExtendedAt: timestamp('payment_extended_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the carrier was last asked for events (polling adapters). */
    trackedAt: timestamp('tracked_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(bol_number || ' ' || coalesce(pro_number, '') || ' ' || coalesce(tracking_number, '') || ' ' || reference_text || ' ' || origin_city || ' ' || destination_city)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_bol_number_unique').on(t.bolNumber),
    index('shipments_pro_number_idx').on(t.proNumber),
    index('shipments_tracking_number_idx').on(t.trackingNumber),
    uniqueIndex('shipments_account_idempotency_unique').on(t.accountId, t.idempotencyKey),
    index('shipments_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('shipments_account_status_created_idx').on(t.accountId, t.status, t.createdAt, t.id),
    // The other sorts of My Shipments: without them a big account top-N sorts all its rows (~350 ms at 1M).
    index('shipments_account_pickup_idx').on(t.accountId, t.pickupDate, t.id),
    // The carrier scorecards' summary: a carrier's shipments of a month, and those changed since its last refresh.
    index('shipments_carrier_pickup_idx').on(t.carrierId, t.pickupDate),
    index('shipments_updated_idx').on(t.updatedAt),
    // The customs queue: the shipments across a border still on their way, oldest first.
    index('shipments_crossing_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.crossing} is not null and ${t.status} not in ('delivered', 'canceled')`),
    index('shipments_account_carrier_idx').on(t.accountId, t.carrierName, t.id),
    index('shipments_account_bol_idx').on(t.accountId, t.bolNumber, t.id),
    index('shipments_awaiting_payment_idx').on(t.paymentDueAt).where(sql`${t.paymentState} = 'awaiting'`),
    index('shipments_quote_idx').on(t.quoteId),
    // The staff search across every account: each number kind, and each sort, has its own index.
    index('shipments_pickup_number_idx').on(t.pickupNumber),
    index('shipments_reference_number_idx').on(sql`upper(${t.referenceNumber})`),
    index('shipments_created_idx').on(t.createdAt, t.id),
    index('shipments_pickup_date_idx').on(t.pickupDate, t.id),
    index('shipments_status_created_idx').on(t.status, t.createdAt, t.id),
    index('shipments_carrier_created_idx').on(t.carrierId, t.createdAt, t.id),
    index('shipments_lane_idx').on(t.originState, t.destinationState, t.status, t.createdAt),
    // The margin report sums a pickup range's shipments from this index alone (an index-only scan,
    // every column it reads is here): from the table, a year of a million shipments read most of its pages.
    index('shipments_margin_idx').on(
      t.pickupDate,
      t.status,
      t.currency,
      t.accountId,
      t.carrierId,
      t.mode,
      t.originState,
      t.destinationState,
      t.totalCents,
      t.costCents,
    ),
    index('shipments_action_required_idx').on(t.createdAt, t.id).where(sql`${t.actionRequired}`),
    // The tracking poll takes the moving shipments least recently asked first: without this it scans them all every minute.
    index('shipments_poll_idx').on(sql`${t.trackedAt} asc nulls first`, t.createdAt).where(stillMoving),
  ],
);

/**
 * A tracking event of a shipment: a carrier's 214 status (and reason) with the portal status it
 * maps to, its place and time. `dedupe_key` (the carrier's event id, else a hash of the event's
 * content) makes receiving the same event twice a no-op. `utc_offset_minutes` keeps the carrier's
 * local time. The public tracking page reads them from shipment_public_timelines, which triggers
 * keep (migration 0012).
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['carrier', 'poll', 'portal', 'staff'] }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    statusCode: text('status_code').notNull(),
    reasonCode: text('reason_code'),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull(),
    description: text('description').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    utcOffsetMinutes: integer('utc_offset_minutes').notNull().default(0),
    /** The IANA zone of the event's place when known (staff enter events in it). */
    timeZone: text('time_zone'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipment_events_dedupe_unique').on(t.shipmentId, t.dedupeKey),
    index('shipment_events_shipment_occurred_idx').on(t.shipmentId, t.occurredAt),
    index('shipment_events_received_idx').on(t.receivedAt),
    // A shipment's first pickup and first delivery (the analytics' facts) read as one index entry each.
    index('shipment_events_first_pickup_idx').on(t.shipmentId, t.occurredAt).where(sql`${t.statusCode} = 'AF'`),
    index('shipment_events_first_delivery_idx').on(t.shipmentId, t.occurredAt).where(sql`${t.status} = 'delivered'`),
  ],
);

/**
 * A shipment's events as the public tracking page shows them, newest first: a JSON array of
 * {status, status_code, description, city, state, occurred_at (UTC, as toISOString writes it),
 * local_time (at the event's place, as tracking/zones.ts's localTime writes it)}. Only
 * statement triggers on shipment_events write it (migration 0012), whoever adds events (carrier
 * posts, polls, the shipper's cancel, a bulk load), so the busiest read of the portal takes one
 * row instead of reading and formatting every event (bench/README.md).
 */
export const shipmentPublicTimelines = pgTable('shipment_public_timelines', {
  shipmentId: uuid('shipment_id')
    .primaryKey()
    .references(() => shipments.id, { onDelete: 'cascade' }),
  events: json('events').notNull(),
});

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

/**
 * Durable background jobs: claimed with FOR UPDATE SKIP LOCKED, so one
 * process runs each, on PGlite and on several PostgreSQL-backed processes alike. `key` makes
 * scheduling the same job twice a no-op (e.g. one expiry per shipment).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('jobs_kind_key_unique').on(t.kind, t.key), index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null`)],
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

/**
 * What staff did in the admin area: who, when, from where, and the record before and
 * after. Rows are only ever inserted: a trigger (migration 0014) refuses UPDATE and DELETE.
 * `account_id` is the customer account concerned, if any, so an account's page lists what was
 * done to it and to its shipments; no foreign keys, so the record outlives what it describes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** What the entry is about, in words at the time (a user's name and email, a carrier's name...), for the log's list and search. */
    targetLabel: text('target_label'),
    accountId: uuid('account_id'),
    /** Shown in the account's own activity log (team changes, approval decisions), not only to staff. */
    shownToAccount: boolean('shown_to_account').notNull().default(false),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_account_idx').on(t.accountId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/** Staff's internal notes on an account or a shipment; customers never see them. */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityType: text('entity_type', { enum: ['account', 'shipment'] }).notNull(),
    entityId: uuid('entity_id').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_notes_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

/**
 * A notice staff publish to the portal: shown between `starts_at` and `ends_at` (open
 * ended when null) unless retired, to every customer, one account's users, or staff.
 */
export const siteNotifications = pgTable(
  'site_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    severity: text('severity', { enum: ['info', 'warning', 'outage'] }).notNull(),
    audience: text('audience', { enum: ['customers', 'account', 'staff'] }).notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    titleEn: text('title_en').notNull(),
    titleEs: text('title_es').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyEs: text('body_es').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('site_notifications_window_idx').on(t.startsAt, t.endsAt).where(sql`${t.retiredAt} is null`)],
);

/** An info notice a user closed: it stays closed for that user. */
export const siteNotificationDismissals = pgTable(
  'site_notification_dismissals',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => siteNotifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dismissedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

// --- Support chat ---------------------------------------------------------------

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

/**
 * A customer's connected eBay store. Its OAuth tokens are stored encrypted (security/encryption.ts)
 * and never leave the server.
 */
export const ebayStores = pgTable(
  'ebay_stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    /** The seller's eBay user name, as eBay's token answer or the first orders name it. */
    ebayUser: text('ebay_user').notNull(),
    status: text('status', { enum: ['connected', 'disconnected'] })
      .notNull()
      .default('connected'),
    accessTokenEnc: text('access_token_enc'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    refreshTokenEnc: text('refresh_token_enc'),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    /** Orders modified up to this instant are synced; the next window starts a little before it. */
    syncedThrough: timestamp('synced_through', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** Why the last sync failed (`EbayProblem`); null after a good one. */
    lastSyncError: text('last_sync_error').$type<EbayProblem>(),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    /** Switched off by staff on the Integrations page: not synced, no write-backs, until switched on. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('ebay_stores_account_idx').on(t.accountId)],
);

/** An eBay order awaiting shipment (or done with), one row per eBay order id and store. */
export const ebayOrders = pgTable(
  'ebay_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => ebayStores.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ebayOrderId: text('ebay_order_id').notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    ebayModifiedAt: timestamp('ebay_modified_at', { withTimezone: true }).notNull(),
    buyer: text('buyer').notNull(),
    /** The ship-to as eBay gives it: name, address lines, city, state, postal code, country, phone. */
    shipTo: jsonb('ship_to').$type<EbayShipTo>().notNull(),
    lineItems: jsonb('line_items').$type<EbayLineItem[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: EBAY_ORDER_STATUSES }).notNull().default('awaiting'),
    /** What the list's search reads, lower-cased: order id, buyer, ship-to name and place, SKUs and titles. */
    searchText: text('search_text').notNull().default(''),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    /** The write-back of the tracking number to eBay: done, or its last failure. */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    fulfillmentId: text('fulfillment_id'),
    /** Why the last tracking write-back failed (`EbayProblem`). */
    fulfillmentError: text('fulfillment_error').$type<EbayProblem>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ebay_orders_store_order_unique').on(t.storeId, t.ebayOrderId),
    index('ebay_orders_account_status_idx').on(t.accountId, t.status, t.orderedAt),
    index('ebay_orders_account_ordered_idx').on(t.accountId, t.orderedAt),
  ],
);

export interface EbayShipTo {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
  email: string;
}

export interface EbayLineItem {
  lineItemId: string;
  sku: string;
  title: string;
  quantity: number;
}

export * from './schema-alerts';
export * from './schema-analytics';
export * from './schema-analytics-summary';
export * from './schema-automation-rules';
export * from './schema-batches';
export * from './schema-carta-porte';
export * from './schema-catalogs';
export * from './schema-claims';
export * from './schema-consignee-alerts';
export * from './schema-customs';
export * from './schema-delivery-receipts';
export * from './schema-delivery-windows';
export * from './schema-duty-rates';
export * from './schema-integrations';
export * from './schema-payables';
export * from './schema-payment-methods';
export * from './schema-pricing';
export * from './schema-references';
export * from './schema-sales';
export * from './schema-saved-views';
export * from './schema-scorecards';
export * from './schema-sms';
export * from './schema-sso';
export * from './schema-teams';
export * from './schema-trust';
export * from './schema-two-factor';
export * from './schema-usmca';
