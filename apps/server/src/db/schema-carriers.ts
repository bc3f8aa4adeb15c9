import type { CarrierPauseReason, IncidentMessage } from '@freight/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
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
import { users } from './schema-accounts';

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
