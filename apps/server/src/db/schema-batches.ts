import type { BatchItemCells, BatchRowError, BatchRowStatus, BatchRule, BatchSource, BatchStatus } from '@freight/contracts';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-accounts';
import { ebayOrders } from './schema-ebay';

/**
 * A shipper's batch of shipments uploaded as a CSV: the rule choosing each row's rate, the file's
 * own problems (its header), its file's name and its row counts. Kept as history with its rows.
 */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<BatchStatus>().notNull().default('uploaded'),
    rule: text('rule').$type<BatchRule>().notNull(),
    preferredCarrier: text('preferred_carrier'),
    maxTransitDays: integer('max_transit_days'),
    rowsTotal: integer('rows_total').notNull(),
    rowsValid: integer('rows_valid').notNull(),
    fileErrors: jsonb('file_errors').$type<BatchRowError[]>().notNull().default([]),
    /** The uploaded file's name as shown (no path or control characters, at most 200); null when not given or for older batches. */
    fileName: text('file_name'),
    source: text('source').$type<BatchSource>().notNull().default('file'),
    /** How many times rating was started on the batch: its rows rated in the latest round are the rating's progress. */
    ratingRound: integer('rating_round').notNull().default(0),
    /**
     * True while the upload's rows are still being written, a few at a time so other people's
     * statements get their turn between them: every read leaves the batch out until they are all
     * in, and housekeeping deletes one left so by a process that stopped meanwhile.
     */
    writingRows: boolean('writing_rows').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('batches_account_created_idx').on(t.accountId, t.createdAt)],
);

/**
 * One row of a batch by its file line: the cells as given (text, so a refused row can be fixed),
 * its errors, and once rated and booked its quote, chosen rate, shipment or held approval and the
 * last outcome (`result`, or `booking_error`). A row holds at most one shipment: booking fills `shipment_id` once.
 */
export const batchRows = pgTable(
  'batch_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    status: text('status').$type<BatchRowStatus>().notNull(),
    cells: jsonb('cells').$type<Record<string, string>>().notNull(),
    /** The shipment's further item lines as text cells, after the one in `cells` (a file's further lines, an eBay order's other kinds). */
    moreItems: jsonb('more_items').$type<BatchItemCells[]>().notNull().default([]),
    /** The row's problems, their messages kept unworded for the batch's readers (modules/batches/kept-messages.ts). */
    errors: jsonb('errors').$type<BatchRowError[]>().notNull().default([]),
    quoteId: uuid('quote_id'),
    rateId: text('rate_id'),
    shipmentId: uuid('shipment_id'),
    approvalId: uuid('approval_id'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** The batch's rating round the row was last rated in (null: not rated since it was uploaded or changed). */
    ratedRound: integer('rated_round'),
    /** Why the row's last booking failed, kept unworded (modules/batches/kept-messages.ts; null once booked or fixed). */
    bookingError: text('booking_error'),
    /**
     * How often the row's held booking was declined or withdrawn and the row freed to be booked
     * again: each attempt books under a key of its own (the earlier key answers the declined hold).
     */
    bookingAttempt: integer('booking_attempt').notNull().default(0),
    /** The eBay order the row ships (an eBay batch's row): rating links it to the row's quote, so booking marks it shipped. */
    ebayOrderId: uuid('ebay_order_id').references(() => ebayOrders.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('batch_rows_batch_line_unique').on(t.batchId, t.line)],
);
