import { COUNTRIES } from '@freight/domain';
import { z } from 'zod';
import {
  BATCH_BOOKING_COLUMNS,
  BATCH_CSV_COLUMNS,
  BATCH_ITEM_COLUMNS,
  BATCH_MAX_ITEM_LINES,
  BATCH_MAX_ROWS,
  BATCH_RULES,
  type BatchBookingColumn,
  EBAY_BATCH_RULES,
} from './batch-columns';
import { choice } from './fields';
import { QUOTE_MODES } from './quoteChoices';
import { quoteItem, quotePlace, quoteRequest } from './quotes';

export * from './batch-columns';

/**
 * Shipping at volume: a batch is a CSV of shipments, one per row, checked row by row with the
 * quote request's own rules (so a row's field messages are the quote form's), kept with its rows
 * and their results. Nothing is rated or booked on upload.
 */

/**
 * POST /api/batches/ebay: the eBay orders picked on the orders page, one row each, rated by `rule`.
 * An order already shipped or canceled, or not the account's, is refused (`order_ids`).
 */
export const batchFromEbayRequest = z.object({
  order_ids: z
    .array(z.uuid({ error: 'validation.choice' }), { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(BATCH_MAX_ROWS, { error: 'validation.too_many' }),
  rule: choice(EBAY_BATCH_RULES).default('cheapest'),
});
export type BatchFromEbayRequest = z.output<typeof batchFromEbayRequest>;

export const BATCH_STATUSES = ['uploaded', 'rated', 'booked'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

const item = quoteItem.shape;
const place = quotePlace.shape;
const request = quoteRequest.shape;

/** A booking column's text: anything up to 255 characters on upload, checked as the booking form's field when booked. */
const bookingCell = z.string().trim().max(255, { error: 'validation.too_long' }).optional().default('');
const bookingCells = Object.fromEntries(BATCH_BOOKING_COLUMNS.map((c) => [c, bookingCell])) as Record<
  BatchBookingColumn,
  typeof bookingCell
>;

/**
 * One row as the file gives it, flat (a field's name is its column): each rating field is the
 * quote request's own, so its messages are the same; the booking columns are text until booked.
 */
export const batchRowFields = z.object({
  client_ref: request.client_ref,
  mode: choice(QUOTE_MODES).default('ltl'),
  pickup_date: request.pickup_date,
  origin_postal_code: place.postal_code,
  origin_country: z.enum(COUNTRIES, { error: 'validation.required' }),
  origin_site_type: place.site_type,
  destination_postal_code: place.postal_code,
  destination_country: z.enum(COUNTRIES, { error: 'validation.required' }),
  destination_site_type: place.site_type,
  /** A product of the account's catalog by its number (any case): it fills the item cells left empty. */
  product_number: z.string().trim().max(64, { error: 'validation.too_long' }).optional().default(''),
  package_type: item.package_type,
  quantity: item.quantity,
  length: item.length,
  width: item.width,
  height: item.height,
  weight: item.weight,
  freight_class: item.freight_class,
  stackable: item.stackable,
  hazardous: item.hazardous,
  insured_value: request.insured_value,
  /** Whether to insure: true buys the widest cover sold online for the row's value; left out, see BATCH_OPTIONAL_COLUMNS. */
  insurance: z.boolean().optional(),
  equipment_type: request.equipment_type,
  /** Semicolon-separated accessorial codes (`liftgate_delivery;appointment`), each checked as the quote request's. */
  accessorials: z.string().trim().max(255, { error: 'validation.too_long' }).optional().default(''),
  ...bookingCells,
});
export type BatchRowFields = z.output<typeof batchRowFields>;

/** GET /api/batches/template.csv takes nothing (its schema documents the route in OpenAPI). */
export const batchTemplateQuery = z.object({});

/**
 * POST /api/batches querystring: the rule choosing each row's rate (cheapest unless said), and the
 * uploaded file's name (optional; kept for display only: its last part, without control
 * characters, at most 200 characters).
 */
export const batchCreateQuery = z
  .object({
    rule: choice(BATCH_RULES).default('cheapest'),
    file_name: z.string().max(2048, { error: 'validation.too_long' }).optional(),
    preferred_carrier: z.string().trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.too_long' }).optional(),
    max_transit_days: z.coerce.number({ error: 'validation.integer' }).int({ error: 'validation.integer' }).min(1).max(60).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.rule === 'preferred_carrier' && !q.preferred_carrier)
      ctx.addIssue({ code: 'custom', path: ['preferred_carrier'], message: 'validation.required' });
    if (q.rule === 'cheapest_within_transit' && q.max_transit_days === undefined)
      ctx.addIssue({ code: 'custom', path: ['max_transit_days'], message: 'validation.required' });
  });
export type BatchCreateQuery = z.output<typeof batchCreateQuery>;

/**
 * A JSON cell of POST /api/batches (application/json): what a CSV cell would hold, as text, a
 * number or a boolean (null or left out is an empty cell). No line break: each row stays one line
 * of the file it stands for, so its line number is its place in `rows` plus 2 (the header is line 1).
 */
const batchJsonCell = z.union(
  [
    z
      .string()
      .max(255, { error: 'validation.too_long' })
      .refine((v) => !/[\r\n]/.test(v), { error: 'validation.invalid' }),
    z.number({ error: 'validation.invalid' }),
    z.boolean(),
    z.null(),
  ],
  { error: 'validation.invalid' },
);

/**
 * POST /api/batches as JSON (the public API's programs): the rows of a batch file, each an object
 * of the template's columns (an unknown column is refused). The rows are checked exactly as a
 * file's are; the querystring (rule, file_name) is the file upload's.
 */
export const batchRowsBody = z.object({
  rows: z
    .array(
      z
        .partialRecord(z.enum(BATCH_CSV_COLUMNS, { error: 'validation.choice' }), batchJsonCell)
        // A row of empty cells is a blank line, which a file's reader skips: it would not be kept.
        .refine((row) => Object.values(row).some((v) => v !== null && v !== undefined && String(v).trim() !== ''), {
          error: 'validation.required',
        }),
      { error: 'validation.required' },
    )
    .min(1, { error: 'validation.required' })
    .max(BATCH_MAX_ROWS, { error: 'validation.too_many' }),
});
export type BatchRowsBody = z.output<typeof batchRowsBody>;

/** GET /api/batches: the account's batches, newest first. */
export const batchListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
});

/**
 * PUT /api/batches/:id/rows/:row: new text for some of a row's cells (by column; the others stay)
 * and/or all of its further item lines, the row then checked again as on upload; or the rated
 * row's choice among its rates.
 */
export const batchRowUpdate = z
  .object({
    cells: z
      .partialRecord(z.enum(BATCH_CSV_COLUMNS, { error: 'validation.choice' }), z.string().max(255, { error: 'validation.too_long' }))
      .refine((c) => Object.keys(c).length > 0, { error: 'validation.required' })
      .optional(),
    /** The row's further item lines, all of them: they replace those it has. */
    more_items: z
      .array(
        z.partialRecord(z.enum(BATCH_ITEM_COLUMNS, { error: 'validation.choice' }), z.string().max(255, { error: 'validation.too_long' })),
      )
      .max(BATCH_MAX_ITEM_LINES - 1, { error: 'validation.too_many' })
      .optional(),
    rate_id: z.string().trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.too_long' }).optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.cells && !b.more_items && !b.rate_id) ctx.addIssue({ code: 'custom', path: ['cells'], message: 'validation.required' });
    if ((b.cells || b.more_items) && b.rate_id) ctx.addIssue({ code: 'custom', path: ['rate_id'], message: 'validation.invalid' });
  });
export type BatchRowUpdate = z.output<typeof batchRowUpdate>;

/**
 * POST /api/batches/:id/book and POST /api/batches/:id/rows/:row/book: books every rated row with
 * a choice not yet booked (or the one row), each as a single booking is made. The booker accepts
 * the booking disclaimer once for the rows.
 */
export const batchBookRequest = z.object({
  disclaimer_accepted: z.boolean({ error: 'validation.disclaimer' }).refine((v) => v, { error: 'validation.disclaimer' }),
});
export type BatchBookRequest = z.output<typeof batchBookRequest>;

/** GET /api/batches/:id/manifest.csv: its columns, in order (one line per booked row). */
export const BATCH_MANIFEST_COLUMNS = [
  'line',
  'client_ref',
  'bol_number',
  'carrier',
  'scac',
  'service',
  'pickup_date',
  'destination',
  'currency',
  'price',
] as const;
