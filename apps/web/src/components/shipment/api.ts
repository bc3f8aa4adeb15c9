import type { BookingHeld, BookingRequestInput, DocumentKind, PaymentRequest, ShipmentView } from '@freight/contracts';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';

/**
 * Client calls of shipments (booking, one shipment, card payment, documents), shared by the
 * Quote & Ship flow and the tracking pages.
 */

type One<T> = { data: T };

/** react-query key of all shipments; a shipment's own key is `shipmentKey(id)`. */
export const SHIPMENTS_KEY = ['shipments'] as const;
export const shipmentKey = (id: string) => [...SHIPMENTS_KEY, id] as const;

/** The tracking detail page of a shipment (/track/detail/:loadId). */
export const trackDetailPath = paths.trackDetail;

/** GET /api/shipments/:id/documents/:kind: a PDF. */
export const documentPath = (id: string, kind: DocumentKind) =>
  `/api/shipments/${encodeURIComponent(id)}/documents/${encodeURIComponent(kind)}`;

/**
 * A document's path as this reader reaches it (staff through /api/admin: the shipment's own list
 * says so), without its query; the customer's path when the shipment lists no such document.
 */
export function documentUrlOf(s: Pick<ShipmentView, 'id' | 'documents'>, kind: DocumentKind): string {
  const url = s.documents.find((d) => d.kind === kind)?.url;
  return url?.startsWith('/api/') ? (url.split('?')[0] ?? url) : documentPath(s.id, kind);
}

/** A fresh Idempotency-Key (one per booking or payment attempt; kept while the same content is retried). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers: 122 random bits in the UUID v4 layout.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const withKey = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });

/**
 * POST /api/shipments: book one rate of a quote -> 201 {data: ShipmentView}, or 202 {data:
 * BookingHeld} when it goes beyond the booker's rights and waits for an account admin.
 */
export const bookShipment = (body: BookingRequestInput, idempotencyKey: string) =>
  api.post<One<ShipmentView | BookingHeld>>('/api/shipments', body, withKey(idempotencyKey));

export const isHeld = (outcome: ShipmentView | BookingHeld): outcome is BookingHeld => outcome.status === 'awaiting_approval';

/** GET /api/shipments/:id. */
export const getShipment = (id: string, signal?: AbortSignal) =>
  api.get<One<ShipmentView>>(`/api/shipments/${encodeURIComponent(id)}`, { signal });

/** POST /api/shipments/:id/payment: pay a booking awaiting payment by card. */
export const payShipment = (id: string, body: PaymentRequest, idempotencyKey: string) =>
  api.post<One<ShipmentView>>(`/api/shipments/${encodeURIComponent(id)}/payment`, body, withKey(idempotencyKey));

/** POST /api/shipments/:id/payment/confirm: the payer is back from the challenge of this intent; the server asks the processor. */
export const confirmShipmentPayment = (id: string, paymentIntent: string) =>
  api.post<One<ShipmentView>>(`/api/shipments/${encodeURIComponent(id)}/payment/confirm`, { payment_intent: paymentIntent });

/** POST /api/shipments/:id/payment/extend: the time to pay moved on once, by the original window. */
export const extendPayment = (id: string) => api.post<One<ShipmentView>>(`/api/shipments/${encodeURIComponent(id)}/payment/extend`);
