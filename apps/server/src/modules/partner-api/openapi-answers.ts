import type { ApiRoute } from './api-routes';

/**
 * What each /api/v1 route answers on success. The zod contracts describe requests only (answers
 * are presenters' plain objects), so the document gives each answer's envelope and status here,
 * with its main fields in words. A route of API_ROUTES missing here stops the document (openapi.ts),
 * so a new API route says what it answers.
 */

/** The component every paged list's `meta` refers to (named in openapi.ts). */
export const PAGE_META = 'PageMeta';

type Answer =
  | { kind: 'record'; status: 200 | 201; description: string }
  | { kind: 'list' | 'page'; description: string }
  | { kind: 'pdf' }
  | { kind: 'deleted' };

const record = (description: string, status: 200 | 201 = 200): Answer => ({ kind: 'record', status, description });
const created = (description: string) => record(description, 201);
const page = (description: string): Answer => ({ kind: 'page', description });
const list = (description: string): Answer => ({ kind: 'list', description });
const pdf: Answer = { kind: 'pdf' };
const deleted: Answer = { kind: 'deleted' };

const QUOTE =
  'The quote: `id`, `number`, `mode`, `inputs`, `expires_at` (when its rates stop holding: booking it later answers 409 `quote_expired`), `currency`, `rates` (each `id`, `carrier_name`, `scac`, `total_cents`, `transit_days`, `estimated_delivery`, `charges`), `insurance_options` and `messages`.';
const SHIPMENT =
  "The shipment: `id`, `bol_number`, `status`, `carrier_name`, `scac`, `pickup_date`, `estimated_delivery`, `pickup`, `delivery`, `items`, `charges`, `total_cents`, `booked_by` and `approved_by` (`{id, name}` of the account's users, or null), `documents` and `events`.";
const WEBHOOK =
  "The subscription: `id`, `created_by` (`{id, name}` of the account's user who made it, or null), `url`, `description`, `events`, `enabled`, `disabled_reason`, `last_success_at`, `last_failure_at`.";

const ANSWERS: Record<string, Answer> = {
  'POST /api/quotes': created(`${QUOTE} A quote with no rates says why in \`messages\` (e.g. a holiday pickup date).`),
  'GET /api/quotes': page(
    "Quotes, newest first: `id`, `number`, `mode`, `expires_at`, `created_at`, `created_by` (`{id, name}` of the account's user who ran it), `pickup_date`, `origin`, `destination`, `load`, `rates_count`, `lowest_total_cents`. `mine=true` keeps those the acting user ran.",
  ),
  'GET /api/quotes/:id': record(QUOTE),
  'GET /api/pickup-dates/first': record(
    '`date` (YYYY-MM-DD, the first quotable pickup date at the origin, counted in its time zone), `skipped` (the nearer days passed over: each `date`, `reason` (`weekend`, `holiday` with its `holiday` name in the language of Accept-Language, or `cutoff`)), `cutoff` (origin-local HH:MM after which the next business day is no longer offered) and `expires_at` (when a quote for `date` stops holding).',
  ),
  'POST /api/shipments': created(
    `${SHIPMENT} A retry with the same Idempotency-Key and body answers the same shipment. A booking beyond the acting user's booking limit or approval rules is not booked: it answers 202 with \`data.status\` \`awaiting_approval\` and \`data.approval\` (\`id\`, \`status\`, \`reasons\`, \`total_cents\`, \`rate_expires_at\`), and nothing reaches the carrier until an account admin approves it in the portal.`,
  ),
  'GET /api/shipments': page(
    "Shipments: `id`, `bol_number`, `status`, `carrier_name`, `pickup_date`, `estimated_delivery`, `origin`, `destination`, `total_cents`, `booked_by` (`{id, name}` of the account's user who booked it). `mine=true` keeps those the acting user booked.",
  ),
  'GET /api/shipments/:id': record(SHIPMENT),
  'POST /api/shipments/:id/cancel': record(`The canceled shipment. ${SHIPMENT}`),
  'GET /api/shipments/:id/events': record(
    '`shipment_id`, `status` and `events`, newest first: each `status`, `status_code`, `reason_code`, `description`, `city`, `state`, `occurred_at` (UTC) and `local_time` (at the place).',
  ),
  'GET /api/shipments/:id/documents/:kind': pdf,
  'GET /api/addresses': page('Address book entries.'),
  'POST /api/addresses': created('The new entry.'),
  'GET /api/addresses/:id': record('The entry.'),
  'PUT /api/addresses/:id': record('The changed entry.'),
  'DELETE /api/addresses/:id': deleted,
  'GET /api/products': page('Catalog products.'),
  'POST /api/products': created('The new product.'),
  'GET /api/products/:id': record('The product.'),
  'PUT /api/products/:id': record('The changed product.'),
  'DELETE /api/products/:id': deleted,
  'GET /api/invoices': page(
    'Open invoices: `id`, `number`, `status`, `invoice_date`, `due_date`, `bol_number`, `total_cents`, `balance_cents`, `currency`.',
  ),
  'GET /api/invoices/history': page('Paid invoices, with the period searched in `meta.from` and `meta.to`.'),
  'GET /api/invoices/:id': record(
    'The invoice with its `charges`, `payments` (each naming who paid in `paid_by`), `disputes` (each naming who opened it in `opened_by`) and `pdf_url`.',
  ),
  'GET /api/invoices/:id/pdf': pdf,
  'GET /api/webhooks': list('The subscriptions of the account.'),
  'POST /api/webhooks': created(`${WEBHOOK} Its signing \`secret\` is in this answer only.`),
  'PUT /api/webhooks/:id': record(WEBHOOK),
  'DELETE /api/webhooks/:id': deleted,
  'GET /api/webhooks/:id/deliveries': list(
    'The newest 100 deliveries: `id`, `event_id`, `event_type`, `status`, `attempts`, `last_status_code`, `next_attempt_at`, `delivered_at`, `replay_of` and `payload` (the JSON body that was sent: `type`, `timestamp`, `data`).',
  ),
  'POST /api/webhooks/:id/deliveries/:delivery/replay': created('The new delivery, carrying the same event id.'),
};

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { type: 'integer', description: 'Requests a credential may make a minute' },
  'RateLimit-Remaining': { type: 'integer', description: 'Requests left in the current minute' },
  'RateLimit-Reset': { type: 'integer', description: 'Seconds until the minute starts again' },
};
export const LIMITED_HEADERS = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before the next request' },
  ...RATE_LIMIT_HEADERS,
};

/** The success response of an API route, in @fastify/swagger's response shape. */
export function successResponse(route: ApiRoute) {
  const answer = ANSWERS[`${route.method} ${route.path}`];
  if (!answer) throw new Error(`${route.method} ${route.path} is in API_ROUTES but not in openapi-answers.ts: say what it answers`);
  const headers = RATE_LIMIT_HEADERS;
  if (answer.kind === 'deleted') return { 204: { type: 'null', description: 'Deleted.', headers } };
  if (answer.kind === 'pdf') {
    return {
      200: { description: 'The PDF file.', headers, content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    };
  }
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
