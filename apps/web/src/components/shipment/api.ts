import type { BookingRequestInput, DocumentKind, PaymentRequest, ShipmentView } from '@freight/contracts';
import { ApiError, api, fetchCsrfCookie, readCookie } from '../../lib/api';
import { clearAuthUser } from '../../lib/authState';
import i18n from '../../lib/i18n';
import { loginWithRedirect, paths } from '../../lib/paths';

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

/**
 * POST with an Idempotency-Key header. lib/api's RequestOptions has no way to add a header, so
 * this sends the same headers as apiRequest (X-Requested-With, Accept-Language, the XSRF token,
 * one retry after a 419) and rejects with the same ApiError; a 401 forgets the user and goes to
 * /login as apiRequest does. (When lib/api accepts extra headers this becomes api.post.)
 */
async function postWithKey<T>(path: string, body: unknown, key: string): Promise<T> {
  const send = async () => {
    if (readCookie('XSRF-TOKEN') === null) await fetchCsrfCookie();
    const headers: Record<string, string> = {
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    };
    if (i18n.language) headers['Accept-Language'] = i18n.language;
    const token = readCookie('XSRF-TOKEN');
    if (token !== null) headers['X-XSRF-TOKEN'] = token;
    return fetch(path, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
  };
  let res: Response;
  try {
    res = await send();
    if (res.status === 419) {
      await fetchCsrfCookie();
      res = await send();
    }
  } catch (e) {
    throw new ApiError(0, { message: e instanceof Error ? e.message : 'Network error', code: 'network' });
  }
  const text = res.status === 204 ? '' : await res.text();
  let parsed: Record<string, unknown> = {};
  if (text) {
    try {
      const v = JSON.parse(text) as unknown;
      parsed = v && typeof v === 'object' ? (v as Record<string, unknown>) : { value: v };
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
  }
  if (res.ok) return parsed as T;
  if (res.status === 401) {
    clearAuthUser();
    const { pathname, search } = window.location;
    window.location.assign(loginWithRedirect(`${pathname}${search}`));
  }
  throw new ApiError(res.status, parsed, res.headers.get('Retry-After'));
}

/** POST /api/shipments: book one rate of a quote -> 201 {data: ShipmentView}. */
export const bookShipment = (body: BookingRequestInput, idempotencyKey: string) =>
  postWithKey<One<ShipmentView>>('/api/shipments', body, idempotencyKey);

/** GET /api/shipments/:id. */
export const getShipment = (id: string, signal?: AbortSignal) =>
  api.get<One<ShipmentView>>(`/api/shipments/${encodeURIComponent(id)}`, { signal });

/** POST /api/shipments/:id/payment: pay a booking awaiting payment by card. */
export const payShipment = (id: string, body: PaymentRequest, idempotencyKey: string) =>
  postWithKey<One<ShipmentView>>(`/api/shipments/${encodeURIComponent(id)}/payment`, body, idempotencyKey);
