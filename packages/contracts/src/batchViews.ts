import { z } from 'zod';
import { BATCH_ITEM_COLUMNS, BATCH_ROW_STATUSES, BATCH_RULES, BATCH_SOURCES } from './batch-columns';
import { BATCH_STATUSES } from './batches';
import { INSURANCE_CHOICES } from './shipments';
import { teamPerson } from './team';

/**
 * What the batch routes answer, as strict schemas: the API tests hold every answer to them and the
 * OpenAPI document describes the answers from them. Money is integer cents in the row's currency;
 * dates are `YYYY-MM-DD`, times ISO 8601 in UTC.
 */

const cents = (description: string) => z.number().int().meta({ description });
const line = z
  .number()
  .int()
  .meta({ description: "The row's line in the file (the header is line 1); a JSON row's place in `rows` plus 2" });

/** A row's problem: the field (its column) or null for the row as a whole, and the message. */
export const batchRowError = z.strictObject({
  field: z.string().nullable().meta({
    description:
      "The column at fault, `more_items.<n>.<column>` for a cell of a further item line (n from 0), or null for the row as a whole (the file's header in `file_errors`)",
  }),
  message: z.string().meta({ description: "The problem in the quote form's words, in the language of Accept-Language" }),
});
export type BatchRowError = z.output<typeof batchRowError>;

/** A carrier's rate for a row, as the row's quote lists it. */
const batchRowRate = z.strictObject({
  id: z.string().meta({ description: "The rate's id in the row's quote: `rate_id` names the chosen one" }),
  carrier_name: z.string(),
  scac: z.string(),
  total_cents: cents("The rate's total, without the insurance premium"),
  transit_days: z.number().int(),
  estimated_delivery: z.iso.date(),
});

/** What rating a row found: the carriers' rates (as the quote lists them) and, when none is chosen, why. */
export const batchRowResult = z.strictObject({
  rates: z.array(batchRowRate),
  currency: z.string().meta({ description: 'ISO 4217 code of the rates and the premium' }),
  message: z
    .string()
    .nullable()
    .meta({ description: 'Why no rate is chosen, or why rating failed, in the language of Accept-Language; null when a rate is chosen' }),
  // Rows rated before rows could be insured have no `insurance` at all; a failed rating has none either.
  insurance: z
    .strictObject({
      kind: z.enum(INSURANCE_CHOICES),
      premium_cents: cents("The premium: part of the row's price"),
      coverage_cents: cents('What the cover pays at most'),
    })
    .nullable()
    .optional()
    .meta({
      description: "The cover the row is booked with (the quote's widest sold online, whichever rate is chosen); null or absent for none",
    }),
});
export type BatchRowResult = z.output<typeof batchRowResult>;

/** An item line's cells as text, by item column, in the units the row's cells are written in. */
const batchItemCells = z.partialRecord(z.enum(BATCH_ITEM_COLUMNS), z.string());

/** One row of a batch with its problems and, once rated and booked, its outcome. */
export const batchRowView = z.strictObject({
  line,
  status: z.enum(BATCH_ROW_STATUSES).meta({
    description:
      '`invalid` until fixed; `valid` rows are rated (`rated`, or `rating_failed`), then booked (`booked`), held for an account admin (`awaiting_approval`) or failed (`booking_failed`, to be fixed and booked again)',
  }),
  cells: z
    .record(z.string(), z.string())
    .meta({ description: 'The cells as the file gave them, as text by column, so a refused row can be fixed' }),
  errors: z.array(batchRowError),
  quote_id: z.uuid().nullable().meta({ description: "Once rated: the row's quote" }),
  rate_id: z.string().nullable().meta({ description: 'Once rated: the chosen rate, null when none fits the rule' }),
  result: batchRowResult.nullable().meta({ description: 'What rating found; null until rated' }),
  shipment_id: z.uuid().nullable().meta({ description: 'Once booked (or held and since approved): the shipment' }),
  bol_number: z.string().nullable().meta({ description: "The shipment's BOL number" }),
  approval_id: z
    .uuid()
    .nullable()
    .meta({ description: 'A row held for an account admin: the approval it waits for; null again once declined or withdrawn' }),
  booking_error: z
    .string()
    .nullable()
    .meta({ description: "Why the row's last booking failed, in the language of Accept-Language (its fields' problems are in `errors`)" }),
  ebay_order_id: z
    .uuid()
    .nullable()
    .meta({ description: "The eBay order the row ships (an eBay batch's rows): its tracking goes back to eBay once booked" }),
  more_items: z.array(batchItemCells).meta({
    description:
      "The shipment's further item lines after the one in `cells`, each its item cells as text: the file's lines after the row that repeat its `client_ref` and fill only item cells, or an eBay order's other kinds of items",
  }),
});
export type BatchRowView = z.output<typeof batchRowView>;

/** A batch without its rows. */
export const batchSummary = z.strictObject({
  id: z.uuid(),
  status: z
    .enum(BATCH_STATUSES)
    .meta({ description: '`uploaded` until first rated, `rated` once rated, `booked` once a booking gave a row a shipment or a hold' }),
  rule: z.enum(BATCH_RULES).meta({ description: "How each row's rate is chosen once rated" }),
  preferred_carrier: z.string().nullable().meta({ description: 'The SCAC or carrier name the `preferred_carrier` rule picks' }),
  max_transit_days: z.number().int().nullable().meta({ description: 'The most transit days the `cheapest_within_transit` rule allows' }),
  rows_total: z.number().int(),
  rows_valid: z.number().int().meta({ description: 'Rows without problems' }),
  rows_booked: z.number().int().meta({ description: 'Rows with a shipment (booked, or held and since approved)' }),
  file_name: z.string().nullable().meta({
    description: "The uploaded file's name as shown (no path or control characters, at most 200 characters); null when not given",
  }),
  source: z
    .enum(BATCH_SOURCES)
    .meta({ description: '`file` (a file or JSON rows), or `ebay` for a batch of eBay orders made on the orders page' }),
  created_at: z.iso.datetime({ offset: true }),
  created_by: teamPerson.nullable().meta({ description: 'Who of the account uploaded it' }),
});
export type BatchSummary = z.output<typeof batchSummary>;

/** A batch with every row. */
export const batchView = batchSummary.extend({
  file_errors: z.array(batchRowError).meta({ description: 'Problems of the file as a whole (its header), line 1' }),
  rows: z.array(batchRowView),
});
export type BatchView = z.output<typeof batchView>;

/** The rows done of those due, for a phase of a batch's work. */
export const batchProgress = z.strictObject({ done: z.number().int(), total: z.number().int() });
export type BatchProgress = z.output<typeof batchProgress>;

/**
 * GET /api/batches/:id/status: the batch without its rows, its rows counted by status, and how far
 * rating and booking have come.
 */
export const batchStatusView = batchSummary.extend({
  counts: z.record(z.enum(BATCH_ROW_STATUSES), z.number().int()).meta({ description: 'Its rows by status, every status named' }),
  progress: z.strictObject({
    rating: batchProgress.meta({
      description: '`done`: rows the latest rating has rated, of `total`: those and the good rows not booked it has yet to rate',
    }),
    booking: batchProgress.meta({
      description: '`done`: rows booked or held for approval, of `total`: those and the rows failed or rated with a chosen rate',
    }),
  }),
});
export type BatchStatusView = z.output<typeof batchStatusView>;

/** GET /api/batches/:id/results: a row's outcome. */
export const batchResultRow = z.strictObject({
  line,
  client_ref: z.string(),
  status: z.enum(BATCH_ROW_STATUSES),
  shipment_id: z.uuid().nullable(),
  bol_number: z.string().nullable(),
  approval_id: z.uuid().nullable(),
  price_cents: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The booked shipment's total, or before booking the chosen rate's with the insurance premium; null without one" }),
  currency: z.string().nullable().meta({ description: 'ISO 4217 code of `price_cents`' }),
  error: z.string().nullable().meta({
    description:
      "The row's problem in words (why its booking or rating failed, why no rate was chosen, or its first field problem), or null",
  }),
  errors: z
    .record(z.string(), z.array(z.string()))
    .meta({ description: "Its problems by column, as a 422's `errors` (`row` for the row as a whole)" }),
});
export type BatchResultRow = z.output<typeof batchResultRow>;
