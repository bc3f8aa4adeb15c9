import {
  addressBookEntryView,
  batchResultRow,
  batchStatusView,
  batchSummary,
  batchView,
  carrierInvoiceCarrierView,
  firstPickupDate,
  invoiceListItem,
  invoiceView,
  pageMetaView,
  productView,
  proofOfDeliveryView,
  quoteListItem,
  quoteView,
  shipmentEventsView,
  shipmentListItem,
  shipmentView,
  webhookDeliveryView,
  webhookView,
} from '@freight/contracts';
import { z } from 'zod';
import type { ApiRoute } from './api-routes';

/**
 * What each /api/v1 route answers on success: its envelope and status, and what `data` holds. An
 * answer with a zod schema from the contracts is documented from it (openapi.ts), and the API tests
 * check the route's answers against the same schema; the others still say their main fields in
 * words, until their presenters' answers have schemas too. A route of API_ROUTES missing here stops
 * the document (openapi.ts), so a new API route says what it answers.
 */

/** The component every paged list's `meta` refers to (named in openapi.ts). */
export const PAGE_META = 'PageMeta';

export type Answer =
  | { kind: 'record'; status: 200 | 201 | 202; description: string; schema?: z.ZodType }
  | { kind: 'list'; description: string; schema?: z.ZodType }
  /** A list read a page at a time; `meta` is the contracts' pageMetaView, with what the list says beside it when it says more. */
  | { kind: 'page'; description: string; schema?: z.ZodType; meta?: z.ZodType }
  /** A list read a page at a time by its `page` query, `has_more` saying whether another follows. */
  | { kind: 'more'; description: string; schema: z.ZodType }
  | { kind: 'pdf' }
  | { kind: 'csv'; description: string }
  /** A file of one of several types (a document that is XML of one kind and PDF of the others). */
  | { kind: 'file'; description: string; types: string[] }
  | { kind: 'deleted' }
  /** No body, and nothing deleted: a mark moved (204), work taken to be done later (202), a proof made (201: the password confirmed). */
  | { kind: 'empty'; status: 201 | 202 | 204; description: string }
  /** A page the browser is sent on to (an outside service's return), with where in `Location`. */
  | { kind: 'redirect'; description: string }
  /**
   * A JSON answer outside the `data` envelope (a count beside a list, a bare count, a probe's
   * verdict): the schema is the whole body's, under each of `statuses` (an answer that says by its
   * status which of two outcomes it is: a readiness probe's 503, a mail not sent again's 200).
   */
  | { kind: 'body'; description: string; schema: z.ZodType; statuses: number[] }
  /**
   * Server-sent events (`text/event-stream`), open until the client goes. The stream takes the
   * socket over (Fastify's hijack), so the answer checks see none of it: its tests read it.
   */
  | { kind: 'stream'; description: string };

export const record = (description: string, schema?: z.ZodType, status: 200 | 201 | 202 = 200): Answer => ({
  kind: 'record',
  status,
  description,
  schema,
});
export const created = (description: string, schema?: z.ZodType) => record(description, schema, 201);
/** Taken, to be done later (202), with what was taken. */
export const accepted = (description: string, schema?: z.ZodType) => record(description, schema, 202);
export const page = (description: string, schema?: z.ZodType, moreMeta?: z.ZodRawShape): Answer => ({
  kind: 'page',
  description,
  schema,
  meta: moreMeta && pageMetaView.extend(moreMeta),
});
export const list = (description: string, schema?: z.ZodType): Answer => ({ kind: 'list', description, schema });
export const moreList = (description: string, schema: z.ZodType): Answer => ({ kind: 'more', description, schema });
export const pdf: Answer = { kind: 'pdf' };
export const csv = (description: string): Answer => ({ kind: 'csv', description });
export const deleted: Answer = { kind: 'deleted' };
export const file = (description: string, types: string[]): Answer => ({ kind: 'file', description, types });
export const empty = (description: string, status: 201 | 202 | 204 = 204): Answer => ({ kind: 'empty', status, description });
export const redirect = (description: string): Answer => ({ kind: 'redirect', description });
export const body = (description: string, schema: z.ZodType, statuses = [200]): Answer => ({ kind: 'body', description, schema, statuses });
export const stream = (description: string): Answer => ({ kind: 'stream', description });

const ANSWERS: Record<string, Answer> = {
  'POST /api/quotes': created(
    'The quote with every rate found. A quote with no rates says why in `messages` (a holiday pickup date; `quote.no_rate.cross_border` for a lane across a border no carrier serves). Its rates hold until `expires_at`: booking it later answers 409 `quote_expired`.',
    quoteView,
  ),
  'GET /api/quotes': page('Quotes, newest first. `mine=true` keeps those the acting user ran.', quoteListItem),
  'GET /api/quotes/:id': record('The quote with its rates as they were found.', quoteView),
  'GET /api/pickup-dates/first': record('The first quotable pickup date at the origin, and the nearer days passed over.', firstPickupDate),
  'POST /api/shipments': created(
    "The booked shipment. A retry with the same Idempotency-Key and body answers the same shipment. A booking beyond the acting user's booking limit or approval rules is not booked: it answers 202 with `data.status` `awaiting_approval` and `data.approval` (`id`, `status`, `reasons`, `total_cents`, `rate_expires_at`), and nothing reaches the carrier until an account admin approves it in the portal.",
    shipmentView,
  ),
  'GET /api/shipments': page(
    'Shipments, newest first unless `sort` and `dir` say otherwise. `mine=true` keeps those the acting user booked.',
    shipmentListItem,
  ),
  'GET /api/shipments/:id': record('The shipment with its tracking events (oldest first) and its documents.', shipmentView),
  'POST /api/shipments/:id/cancel': record('The canceled shipment.', shipmentView),
  'POST /api/batches': created(
    "The new batch with every row kept, good or not, each with its problems in the quote form's words (in the language of Accept-Language); nothing is rated or booked yet. A file whose header is wrong, or an empty one, keeps nothing: 422 with `file_errors`.",
    batchView,
  ),
  'GET /api/batches': page('Batches, newest first, without their rows.', batchSummary),
  'GET /api/batches/:id': record('The batch with every row.', batchView),
  'GET /api/batches/:id/status': record(
    'The batch without its rows, its rows counted by status and how far rating and booking have come. Rating and booking answer once every row is done; a program polls this meanwhile.',
    batchStatusView,
  ),
  'POST /api/batches/:id/rate': record(
    "The rated batch. Each row not invalid nor booked is quoted (four at a time): `rated` with the rate its batch's rule picks (none, and why in `result.message`, when no rate fits), or `rating_failed` with why.",
    batchView,
  ),
  'POST /api/batches/:id/book': record(
    "The batch after booking. Each rated row with a chosen rate is booked as a single booking is, by the acting user with their team rights, under a key of the batch and row: a retry (or a second call) books only the rows not yet booked or held, never one twice. A row beyond the user's booking limit or approval rules is `awaiting_approval` (nothing reaches the carrier until an account admin approves it); a row whose booking fails is `booking_failed` with why, and the others go on.",
    batchView,
  ),
  'PUT /api/batches/:id/rows/:row': record(
    "The batch with the row checked again. `:row` is the row's `line`. With `cells` (by column, text; the others stay) and/or `more_items` (all its further item lines, each its item cells as text; they replace the row's) the row is checked as on upload, a further line's problem on `more_items.<n>.<column>`: a change to booking's columns only keeps its rating, any other drops it (rate again). With `rate_id` a rated row gets another of its rates. A row booked or held is 409.",
    batchView,
  ),
  'POST /api/batches/:id/rows/:row/book': record(
    "The batch after booking the row, under the row's own key, as when the batch is booked: 409 when it is booked or held, 422 on `rate_id` when it has no rate chosen.",
    batchView,
  ),
  'GET /api/batches/:id/results': list('Every row in line order, with its outcome.', batchResultRow),
  'GET /api/batches/:id/documents.pdf': pdf,
  'GET /api/batches/:id/manifest.csv': csv(
    'One line per booked row: `line`, `client_ref`, `bol_number`, `carrier`, `scac`, `service`, `pickup_date`, `destination`, `currency`, `price` (in the currency’s units). 404 while no row is booked.',
  ),
  'GET /api/batches/:id/manifest.pdf': pdf,
  'GET /api/batches/template.csv': csv(
    'The header of every column a batch file may have, in order, and one example row (an LTL shipment of two pallets picked up on the next weekday) that uploads as a good row.',
  ),
  'GET /api/shipments/:id/events': record("The shipment's status and its tracking events, oldest first.", shipmentEventsView),
  'GET /api/shipments/:id/documents/:kind': file(
    'The document as a PDF; the Carta Porte (`carta_porte`) as its stamped CFDI XML (`carta_porte_pdf` is its printed form).',
    ['application/pdf', 'application/xml'],
  ),
  'GET /api/shipments/:id/proof-of-delivery': record(
    'The delivery receipt of a delivered shipment (404 before one is received), with the exceptions the consignee noted.',
    proofOfDeliveryView,
  ),
  'GET /api/shipments/:id/proof-of-delivery/pdf': pdf,
  'GET /api/addresses': page(
    'Address book entries, by company unless `sort` says otherwise; `q` finds the company, contact, street1, city or postal code containing the text.',
    addressBookEntryView,
  ),
  'POST /api/addresses': created(
    'The new entry, as saved: texts trimmed, the phone formatted, and `verified` when a U.S. address agrees with the postal data.',
    addressBookEntryView,
  ),
  'GET /api/addresses/:id': record('The entry.', addressBookEntryView),
  'PUT /api/addresses/:id': record(
    'The changed entry: every field is replaced, and an optional one not sent goes back to its default.',
    addressBookEntryView,
  ),
  'DELETE /api/addresses/:id': deleted,
  'GET /api/products': page(
    'Catalog products, by description unless `sort` says otherwise; `q` finds those whose description contains the text or whose product number or NMFC starts with it.',
    productView,
  ),
  'POST /api/products': created('The new product, as saved: texts trimmed, the HS code without dots or spaces.', productView),
  'GET /api/products/:id': record('The product.', productView),
  'PUT /api/products/:id': record(
    'The changed product: every field is replaced, and an optional one not sent goes back to its default.',
    productView,
  ),
  'DELETE /api/products/:id': deleted,
  'GET /api/invoices': page('Invoices not paid yet, the first due first unless `sort` and `dir` say otherwise.', invoiceListItem),
  'GET /api/invoices/history': page(
    'Paid invoices, newest paid first, with the period searched in `meta.from` and `meta.to` (`YYYY-MM-DD`).',
    invoiceListItem,
    {
      from: z.string().meta({ description: 'The first day searched (YYYY-MM-DD)' }),
      to: z.string().meta({ description: 'The last day searched (YYYY-MM-DD)' }),
    },
  ),
  'GET /api/invoices/:id': record(
    'The invoice with its `charges` (as quoted and as invoiced), `payments` (each naming who paid in `paid_by`), `disputes` (each naming who opened it in `opened_by`), `credit_memos` and `pdf_url`.',
    invoiceView,
  ),
  'GET /api/invoices/:id/pdf': pdf,
  'GET /api/webhooks': list('The subscriptions of the account.', webhookView),
  'POST /api/webhooks': created('The new subscription. Its signing `secret` is in this answer only.', webhookView),
  'PUT /api/webhooks/:id': record('The changed subscription.', webhookView),
  'DELETE /api/webhooks/:id': deleted,
  'GET /api/webhooks/:id/deliveries': list('The newest 100 deliveries.', webhookDeliveryView),
  'POST /api/webhooks/:id/deliveries/:delivery/replay': created('The new delivery, carrying the same event id.', webhookDeliveryView),
  'POST /api/carrier-invoices': created(
    "The invoice as received, matched by PRO, else BOL, to a shipment the carrier carried: `approved` when it is as expected (within the tolerance), `pending_audit` while accounting audits it, `unmatched` when no shipment of the carrier has its PRO or BOL, `duplicate` when the carrier's invoice number was received before.",
    carrierInvoiceCarrierView,
  ),
  'GET /api/carrier-invoices/:id': record('The invoice, with what will be paid and its dispute thread.', carrierInvoiceCarrierView),
  'POST /api/carrier-invoices/:id/messages': created('The disputed invoice with the answer in its thread.', carrierInvoiceCarrierView),
};

export const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { type: 'integer', description: 'Requests a credential may make a minute' },
  'RateLimit-Remaining': { type: 'integer', description: 'Requests left in the current minute' },
  'RateLimit-Reset': { type: 'integer', description: 'Seconds until the minute starts again' },
};
export const LIMITED_HEADERS = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before the next request' },
  ...RATE_LIMIT_HEADERS,
};

/** What an API route answers on success. */
export function answerOf(route: Pick<ApiRoute, 'method' | 'path'>): Answer {
  const answer = ANSWERS[`${route.method} ${route.path}`];
  if (!answer) throw new Error(`${route.method} ${route.path} is in API_ROUTES but not in openapi-answers.ts: say what it answers`);
  return answer;
}

/**
 * The whole success body of a route whose `data` has a zod schema (the record, or a list of them,
 * with `meta` when paged) and its status; undefined for the others.
 */
export function answerBody(route: Pick<ApiRoute, 'method' | 'path'>) {
  return bodyOf(answerOf(route));
}

/** The whole success body an answer with a zod schema stands for, and its status; undefined for the others. */
export function bodyOf(answer: Answer) {
  if (answer.kind === 'body') return { status: answer.statuses[0] ?? 200, body: answer.schema, description: answer.description };
  if ((answer.kind !== 'record' && answer.kind !== 'list' && answer.kind !== 'page' && answer.kind !== 'more') || !answer.schema)
    return undefined;
  const data = answer.kind === 'record' ? answer.schema : z.array(answer.schema);
  const body = z.strictObject({
    data,
    ...(answer.kind === 'page' ? { meta: answer.meta ?? pageMetaView } : {}),
    ...(answer.kind === 'more' ? { has_more: z.boolean() } : {}),
  });
  return { status: answer.kind === 'record' ? answer.status : 200, body, description: answer.description };
}

/** The success response of an API route whose answer has no zod schema yet, in @fastify/swagger's response shape. */
export function successResponse(route: ApiRoute) {
  const answer = answerOf(route);
  const headers = RATE_LIMIT_HEADERS;
  if (answer.kind === 'deleted') return { 204: { type: 'null', description: 'Deleted.', headers } };
  if (answer.kind === 'empty') return { [answer.status]: { type: 'null', description: answer.description, headers } };
  if (answer.kind === 'redirect') return { 302: { type: 'null', description: answer.description, headers } };
  if (answer.kind === 'pdf') {
    return {
      200: { description: 'The PDF file.', headers, content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    };
  }
  if (answer.kind === 'csv')
    return { 200: { description: answer.description, headers, content: { 'text/csv': { schema: { type: 'string' } } } } };
  if (answer.kind === 'file') {
    const content = Object.fromEntries(answer.types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
    return { 200: { description: answer.description, headers, content } };
  }
  if (answer.kind === 'body') {
    const json = { description: answer.description, headers, content: { 'application/json': { schema: { type: 'object' } } } };
    return Object.fromEntries(answer.statuses.map((status) => [status, json]));
  }
  if (answer.kind === 'stream')
    return { 200: { description: answer.description, headers, content: { 'text/event-stream': { schema: { type: 'string' } } } } };
  const paged = answer.kind === 'page';
  const data = answer.kind === 'record' ? { type: 'object' } : { type: 'array', items: { type: 'object' } };
  const schema = {
    type: 'object',
    required: paged ? ['data', 'meta'] : ['data'],
    properties: { data, ...(paged ? { meta: { $ref: `#/components/schemas/${PAGE_META}` } } : {}) },
  };
  const status = answer.kind === 'record' ? answer.status : 200;
  return { [status]: { description: answer.description, headers, content: { 'application/json': { schema } } } };
}
