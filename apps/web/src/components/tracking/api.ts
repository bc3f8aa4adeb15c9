import type { Paginated, ShipmentListItem, ShipmentSort, ShipmentView } from '@freight/contracts';
import type { ShipmentStatus } from '@freight/domain';
import { api } from '../../lib/api';
import { getShipment } from '../shipment/api';

/**
 * The shipment lists' and actions' calls. One shipment is read through components/shipment's
 * client and cache key (`shipmentKey(id)`, under SHIPMENTS_KEY with the lists), so the booking
 * confirmation, the payment panel and these pages share it, and a cancel refreshes them all.
 */
export { SHIPMENTS_KEY, shipmentKey } from '../shipment/api';

export interface ShipmentListParams {
  q?: string;
  status?: ShipmentStatus;
  sort?: ShipmentSort;
  dir?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
  /** Only the shipments the caller booked. */
  mine?: boolean;
}

/** GET /api/shipments: one server page of the account's shipments (or the caller's own). */
export const listShipments = ({ mine, ...query }: ShipmentListParams) =>
  api.get<Paginated<ShipmentListItem>>('/api/shipments', { query: { ...query, mine: mine ? 'true' : undefined } });

/** POST /api/shipments/:id/cancel (409 conflict once the carrier has the freight). */
export const cancelShipment = (id: string) => api.post<{ data: ShipmentView }>(`/api/shipments/${encodeURIComponent(id)}/cancel`);

export type ReshipKind = 'reship' | 'return';

/** POST /api/shipments/:id/reship: a new prefilled quote (201 {data: quote}). */
export const reshipShipment = (id: string, body: { kind: ReshipKind; email: string; phone: string }) =>
  api.post<{ data: { id: string } }>(`/api/shipments/${encodeURIComponent(id)}/reship`, body);

/** GET /api/shipments/:id (events included, oldest first), unwrapped. */
export const fetchShipment = (id: string, signal?: AbortSignal) => getShipment(id, signal).then((r) => r.data);
