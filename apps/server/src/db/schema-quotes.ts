import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { accounts, users } from './schema-accounts';
import { CARRIER_MODES } from './schema-carriers';

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
