import type { ShipmentWatchersView, WatcherColleague } from '@freight/contracts';
import { queryOptions } from '@tanstack/react-query';
import { shipmentKey } from '../../../components/tracking/api';
import { api } from '../../../lib/api';

/** A shipment's watchers sit under its own key: reading the shipment again reads them too. */
export const watchersKey = (shipmentId: string) => [...shipmentKey(shipmentId), 'watchers'] as const;
const colleaguesKey = (shipmentId: string) => [...watchersKey(shipmentId), 'colleagues'] as const;

const path = (shipmentId: string, rest = '') => `/api/shipments/${encodeURIComponent(shipmentId)}/watchers${rest}`;
const data = <T>(r: { data: T }) => r.data;

export const watchersQuery = (shipmentId: string) =>
  queryOptions({
    queryKey: watchersKey(shipmentId),
    queryFn: ({ signal }) => api.get<{ data: ShipmentWatchersView }>(path(shipmentId), { signal }).then(data),
  });

/** Whom a user who may book can add (403 for anyone else: only asked for them). */
export const colleaguesQuery = (shipmentId: string) =>
  queryOptions({
    queryKey: colleaguesKey(shipmentId),
    queryFn: ({ signal }) => api.get<{ data: WatcherColleague[] }>(path(shipmentId, '/colleagues'), { signal }).then(data),
  });

/** Each change answers the watchers as they now are. */
export const watcherActions = {
  watch: (shipmentId: string) => api.put<{ data: ShipmentWatchersView }>(path(shipmentId, '/me')).then(data),
  unwatch: (shipmentId: string) => api.delete<{ data: ShipmentWatchersView }>(path(shipmentId, '/me')).then(data),
  add: (shipmentId: string, userId: string) => api.post<{ data: ShipmentWatchersView }>(path(shipmentId), { user_id: userId }).then(data),
  remove: (shipmentId: string, userId: string) =>
    api.delete<{ data: ShipmentWatchersView }>(path(shipmentId, `/${encodeURIComponent(userId)}`)).then(data),
};
