import type { EquipmentTypeRequestInput, EquipmentTypeView } from '@freight/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const BASE = '/api/admin/truckloads/equipment-types';
const KEY = ['admin', 'equipment-types'] as const;

/** Every equipment type, retired ones included (a short list: no paging). */
export const equipmentTypesAdminQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<{ data: EquipmentTypeView[] }>(BASE, { signal }).then((r) => r.data),
  });

/** Adds (no id) or updates a type; answers it. */
export const saveEquipmentType = (id: string | null, body: EquipmentTypeRequestInput) =>
  (id
    ? api.put<{ data: EquipmentTypeView }>(`${BASE}/${encodeURIComponent(id)}`, body)
    : api.post<{ data: EquipmentTypeView }>(BASE, body)
  ).then((r) => r.data);

export const retireEquipmentType = (id: string) =>
  api.post<{ data: EquipmentTypeView }>(`${BASE}/${encodeURIComponent(id)}/retire`).then((r) => r.data);
export const restoreEquipmentType = (id: string) =>
  api.post<{ data: EquipmentTypeView }>(`${BASE}/${encodeURIComponent(id)}/restore`).then((r) => r.data);

/** After a write: this list, and the truckload form's list of this browser. */
export const afterEquipmentChange = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: KEY }), client.invalidateQueries({ queryKey: ['equipment-types'] })]);
