import { EBAY_ORDER_STATUSES, type EbayProblem } from '@freight/contracts';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts, users } from './schema-accounts';
import { quotes } from './schema-quotes';
import { shipments } from './schema-shipments';

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
