import type { CarrierOption, EventClockView, Paginated, StaffShipmentDetail, StaffShipmentRow } from '@freight/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The search's params as the URL keeps them (only those set). */
export type ShipmentSearch = Record<string, string>;

const KEY = ['admin', 'shipments'] as const;

export const staffShipmentsQuery = (search: ShipmentSearch) =>
  queryOptions({
    queryKey: [...KEY, 'list', search],
    queryFn: ({ signal }) => api.get<Paginated<StaffShipmentRow>>('/api/admin/shipments', { signal, query: search }),
    placeholderData: keepPreviousData,
  });

export const staffShipmentQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) =>
      api.get<{ data: StaffShipmentDetail }>(`/api/admin/shipments/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
  });

export const carrierOptionsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'carriers'],
    queryFn: ({ signal }) => api.get<{ data: CarrierOption[] }>('/api/admin/shipments/carriers', { signal }).then((r) => r.data),
    staleTime: 10 * 60_000,
  });

type Action = 'events' | 'eta' | 'action-required' | 'cancel' | 'notes';

/** A staff action on a shipment; answers the detail after it. */
export const shipmentAction = (id: string, action: Action, body: unknown) =>
  api.post<{ data: StaffShipmentDetail }>(`/api/admin/shipments/${encodeURIComponent(id)}/${action}`, body).then((r) => r.data);

/** The detail after an action is the answer; the lists may have changed too. */
export async function afterShipmentAction(client: QueryClient, detail: StaffShipmentDetail) {
  client.setQueryData(staffShipmentQuery(detail.shipment.id).queryKey, detail);
  await client.invalidateQueries({ queryKey: [...KEY, 'list'] });
}

/** The time zone of an event's place (its state) and the time it is there now, by the server's clock. */
export const eventClockQuery = (id: string, state: string) =>
  queryOptions({
    queryKey: [...KEY, 'event-clock', id, state],
    queryFn: ({ signal }) =>
      api
        .get<{ data: EventClockView }>(`/api/admin/shipments/${encodeURIComponent(id)}/event-clock`, { signal, query: { state } })
        .then((r) => r.data),
    enabled: state.trim().length > 0,
    staleTime: 0,
  });
