import type { ApiScope } from '@freight/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The public API is the web's own routes under /api/v1, called with a bearer token
 * instead of a session: the same handlers, services and zod contracts, not a second
 * implementation. This table is the whole of it: a route not listed here is a 404 under /api/v1,
 * whatever the web has, and each listed route needs its scope. The OpenAPI document is made from
 * the same table (openapi.ts) and a test checks both against Fastify's route table.
 *
 * The address book and the product catalog feed quotes, so they go with the quote scopes.
 */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The web's route pattern; the API's is the same with /api/v1 for /api. */
  path: string;
  scope: ApiScope;
  tag:
    | 'Quotes'
    | 'Shipments'
    | 'Batches'
    | 'Tracking'
    | 'Documents'
    | 'Address book'
    | 'Products'
    | 'Invoices'
    | 'Webhooks'
    | 'Carrier invoices';
  summary: string;
  /** Who calls it: an account (the default; a partner names it in Account-Id) or a carrier partner, as its carrier. */
  audience?: 'carrier';
  /** Takes its body as a CSV file (text/csv) too, as the web uploads it, beside JSON. */
  csv?: true;
}

export const API_ROUTES: readonly ApiRoute[] = [
  {
    method: 'POST',
    path: '/api/quotes',
    scope: 'quotes:write',
    tag: 'Quotes',
    summary: 'Rate a shipment (LTL, parcel or truckload) with every carrier',
  },
  { method: 'GET', path: '/api/quotes', scope: 'quotes:read', tag: 'Quotes', summary: 'List quotes, newest first' },
  { method: 'GET', path: '/api/quotes/:id', scope: 'quotes:read', tag: 'Quotes', summary: 'A quote with its rates' },
  {
    method: 'GET',
    path: '/api/pickup-dates/first',
    scope: 'quotes:read',
    tag: 'Quotes',
    summary: 'The first pickup date a quote from an origin can take, and the nearer days passed over and why',
  },
  {
    method: 'POST',
    path: '/api/shipments',
    scope: 'shipments:write',
    tag: 'Shipments',
    summary: 'Book a rate of a quote (send an Idempotency-Key header)',
  },
  { method: 'GET', path: '/api/shipments', scope: 'shipments:read', tag: 'Shipments', summary: 'List shipments' },
  { method: 'GET', path: '/api/shipments/:id', scope: 'shipments:read', tag: 'Shipments', summary: 'A shipment with its tracking history' },
  {
    method: 'POST',
    path: '/api/shipments/:id/cancel',
    scope: 'shipments:write',
    tag: 'Shipments',
    summary: 'Cancel a shipment before pickup',
  },
  {
    method: 'GET',
    path: '/api/batches/template.csv',
    scope: 'quotes:write',
    tag: 'Batches',
    summary: "A batch file's template: every column in order, with two example rows",
  },
  {
    method: 'POST',
    path: '/api/batches',
    scope: 'quotes:write',
    tag: 'Batches',
    summary: 'Upload a batch of shipments (a CSV file or JSON rows), checked row by row',
    csv: true,
  },
  { method: 'GET', path: '/api/batches', scope: 'shipments:read', tag: 'Batches', summary: 'List batches, newest first' },
  { method: 'GET', path: '/api/batches/:id', scope: 'shipments:read', tag: 'Batches', summary: 'A batch with every row' },
  {
    method: 'GET',
    path: '/api/batches/:id/status',
    scope: 'shipments:read',
    tag: 'Batches',
    summary: "A batch's rows counted by status, and how far rating and booking have come",
  },
  {
    method: 'POST',
    path: '/api/batches/:id/rate',
    scope: 'quotes:write',
    tag: 'Batches',
    summary: 'Rate every row not yet booked; each gets the rate its batch’s rule picks',
  },
  {
    method: 'POST',
    path: '/api/batches/:id/book',
    scope: 'shipments:write',
    tag: 'Batches',
    summary: 'Book every rated row with a chosen rate; a retry books only what is missing',
  },
  {
    method: 'PUT',
    path: '/api/batches/:id/rows/:row',
    scope: 'quotes:write',
    tag: 'Batches',
    summary: 'Fix a row’s cells or further item lines (checked again as on upload), or choose another of its rates',
  },
  {
    method: 'POST',
    path: '/api/batches/:id/rows/:row/book',
    scope: 'shipments:write',
    tag: 'Batches',
    summary: 'Book one rated row (once: 409 when it is booked or held)',
  },
  {
    method: 'GET',
    path: '/api/batches/:id/results',
    scope: 'shipments:read',
    tag: 'Batches',
    summary: "Each row's outcome: its shipment, BOL number, price and problems",
  },
  {
    method: 'GET',
    path: '/api/batches/:id/documents.pdf',
    scope: 'documents:read',
    tag: 'Batches',
    summary: "Every booked row's bill of lading (a parcel's labels) merged into one PDF, in row order",
  },
  {
    method: 'GET',
    path: '/api/batches/:id/manifest.csv',
    scope: 'documents:read',
    tag: 'Batches',
    summary: 'The manifest of the booked rows as CSV',
  },
  {
    method: 'GET',
    path: '/api/batches/:id/manifest.pdf',
    scope: 'documents:read',
    tag: 'Batches',
    summary: "The manifest of the booked rows as PDF, in the acting user's language",
  },
  {
    method: 'GET',
    path: '/api/shipments/:id/events',
    scope: 'tracking:read',
    tag: 'Tracking',
    summary: 'The tracking events of a shipment',
  },
  {
    method: 'GET',
    path: '/api/shipments/:id/documents/:kind',
    scope: 'documents:read',
    tag: 'Documents',
    summary: 'A document as PDF: bol, labels, pallet_labels or shipment_summary',
  },
  {
    method: 'GET',
    path: '/api/shipments/:id/proof-of-delivery',
    scope: 'tracking:read',
    tag: 'Tracking',
    summary: "A delivered shipment's proof of delivery: signer, time, exceptions noted",
  },
  {
    method: 'GET',
    path: '/api/shipments/:id/proof-of-delivery/pdf',
    scope: 'documents:read',
    tag: 'Documents',
    summary: 'The proof of delivery as PDF',
  },
  { method: 'GET', path: '/api/addresses', scope: 'quotes:read', tag: 'Address book', summary: 'List address book entries' },
  { method: 'POST', path: '/api/addresses', scope: 'quotes:write', tag: 'Address book', summary: 'Add an address book entry' },
  { method: 'GET', path: '/api/addresses/:id', scope: 'quotes:read', tag: 'Address book', summary: 'An address book entry' },
  { method: 'PUT', path: '/api/addresses/:id', scope: 'quotes:write', tag: 'Address book', summary: 'Change an address book entry' },
  { method: 'DELETE', path: '/api/addresses/:id', scope: 'quotes:write', tag: 'Address book', summary: 'Delete an address book entry' },
  { method: 'GET', path: '/api/products', scope: 'quotes:read', tag: 'Products', summary: 'List catalog products' },
  { method: 'POST', path: '/api/products', scope: 'quotes:write', tag: 'Products', summary: 'Add a catalog product' },
  { method: 'GET', path: '/api/products/:id', scope: 'quotes:read', tag: 'Products', summary: 'A catalog product' },
  { method: 'PUT', path: '/api/products/:id', scope: 'quotes:write', tag: 'Products', summary: 'Change a catalog product' },
  { method: 'DELETE', path: '/api/products/:id', scope: 'quotes:write', tag: 'Products', summary: 'Delete a catalog product' },
  { method: 'GET', path: '/api/invoices', scope: 'invoices:read', tag: 'Invoices', summary: 'List open invoices' },
  { method: 'GET', path: '/api/invoices/history', scope: 'invoices:read', tag: 'Invoices', summary: 'List paid invoices' },
  { method: 'GET', path: '/api/invoices/:id', scope: 'invoices:read', tag: 'Invoices', summary: 'An invoice' },
  { method: 'GET', path: '/api/invoices/:id/pdf', scope: 'invoices:read', tag: 'Invoices', summary: 'An invoice as PDF' },
  { method: 'GET', path: '/api/webhooks', scope: 'webhooks:manage', tag: 'Webhooks', summary: 'List webhook subscriptions' },
  { method: 'POST', path: '/api/webhooks', scope: 'webhooks:manage', tag: 'Webhooks', summary: 'Subscribe an endpoint to events' },
  { method: 'PUT', path: '/api/webhooks/:id', scope: 'webhooks:manage', tag: 'Webhooks', summary: 'Change a subscription' },
  { method: 'DELETE', path: '/api/webhooks/:id', scope: 'webhooks:manage', tag: 'Webhooks', summary: 'Delete a subscription' },
  {
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    scope: 'webhooks:manage',
    tag: 'Webhooks',
    summary: 'The deliveries of a subscription, newest first',
  },
  {
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:delivery/replay',
    scope: 'webhooks:manage',
    tag: 'Webhooks',
    summary: 'Send a delivery again (same event id)',
  },
  {
    method: 'POST',
    path: '/api/carrier-invoices',
    scope: 'carrier_invoices:write',
    tag: 'Carrier invoices',
    summary: 'A carrier posts its freight invoice (EDI 210 as JSON); answers how it was matched and audited',
    audience: 'carrier',
  },
  {
    method: 'GET',
    path: '/api/carrier-invoices/:id',
    scope: 'carrier_invoices:read',
    tag: 'Carrier invoices',
    summary: 'The carrier’s own invoice: its status, the amount approved, due date and dispute thread',
    audience: 'carrier',
  },
  {
    method: 'POST',
    path: '/api/carrier-invoices/:id/messages',
    scope: 'carrier_invoices:write',
    tag: 'Carrier invoices',
    summary: 'The carrier answers in its disputed invoice’s thread',
    audience: 'carrier',
  },
];

export const API_PREFIX = '/api/v1/';

/** `GET /api/quotes/:id` -> its API route. */
export const API_ROUTE_BY_KEY: ReadonlyMap<string, ApiRoute> = new Map(API_ROUTES.map((r) => [`${r.method} ${r.path}`, r]));

/** The API path of a web route pattern ('/api/quotes/:id' -> '/api/v1/quotes/:id'). */
export const apiPath = (webPath: string) => `${API_PREFIX}${webPath.slice('/api/'.length)}`;

/** Fastify's rewriteUrl: /api/v1/x reaches the handler of /api/x; the hooks of bearer.ts decide whether it may. */
export function rewriteApiUrl(url: string | undefined): string {
  if (!url) return '/';
  return url.startsWith(API_PREFIX) ? `/api/${url.slice(API_PREFIX.length)}` : url;
}

/** A request to the public API: authenticated by its bearer token only, never by a session cookie. */
export const isApiRequest = (request: FastifyRequest) => request.originalUrl.startsWith(API_PREFIX);
