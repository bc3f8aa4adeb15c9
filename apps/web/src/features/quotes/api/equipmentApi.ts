import type { EquipmentOption } from '@freight/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * The truckload equipment types a quote may use (staff keep them): named in `language`, with
 * their limits. Kept a minute: a type staff add or retire reaches open forms on the next load.
 */
export const equipmentTypesQuery = (language: string) =>
  queryOptions({
    queryKey: ['equipment-types', language],
    queryFn: ({ signal }) => api.get<{ data: EquipmentOption[] }>('/api/equipment-types', { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
