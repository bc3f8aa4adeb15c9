import type { Paginated, ShipmentListItem, ShipmentSort, ShipmentView } from '@freight/contracts';
import type { ShipmentStatus } from '@freight/domain';
import { api } from '../../lib/api';

/** Every shipment query sits under this key, so a cancel refreshes lists and details alike. */
export const SHIPMENTS_KEY = ['shipments'] as const;

export interface ShipmentListParams {
  q?: string;
  status?: ShipmentStatus;
  sort?: ShipmentSort;
  dir?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

/** GET /api/shipments: one server page of the account's shipments. */
export const listShipments = (query: ShipmentListParams) => api.get<Paginated<ShipmentListItem>>('/api/shipments', { query: { ...query } });

/** POST /api/shipments/:id/cancel (409 conflict once the carrier has the freight). */
export const cancelShipment = (id: string) => api.post<{ data: ShipmentView }>(`/api/shipments/${encodeURIComponent(id)}/cancel`);

export type ReshipKind = 'reship' | 'return';

/** POST /api/shipments/:id/reship: a new prefilled quote (201 {data: quote}). */
export const reshipShipment = (id: string, body: { kind: ReshipKind; email: string; phone: string }) =>
  api.post<{ data: { id: string } }>(`/api/shipments/${encodeURIComponent(id)}/reship`, body);

/** GET /api/shipments/:id (events included, oldest first). */
export const getShipment = (id: string) => api.get<{ data: ShipmentView }>(`/api/shipments/${encodeURIComponent(id)}`).then((r) => r.data);
export const shipmentKey = (id: string) => [...SHIPMENTS_KEY, 'detail', id] as const;
