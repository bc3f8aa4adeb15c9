import type { CustomsView } from '@freight/contracts';
import { FINAL_STATUSES, PAYMENT_STATES, SHIPMENT_STATUSES } from '@freight/domain';
import type { RateCrossing } from '@freight/domain/rating';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, json, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { accounts, users } from './schema-accounts';
import { CARRIER_MODES, carriers } from './schema-carriers';
import { quotes } from './schema-quotes';

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
