import type { Paginated, Part, PartValues } from '@freight/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Every part query; invalidated after a write or an import. */
export const PARTS_KEY = ['admin', 'part-catalog'] as const;
export const PARTS_PATH = '/api/admin/part-catalog';

export const partsQuery = (search: Record<string, string>) =>
  queryOptions({
    queryKey: [...PARTS_KEY, 'list', search],
    queryFn: ({ signal }) => api.get<Paginated<Part>>(PARTS_PATH, { signal, query: search }),
    placeholderData: keepPreviousData,
  });

/** Creates (no id) or updates a part; answers it. */
export const savePart = (id: string | null, body: PartValues) =>
  (id ? api.put<{ data: Part }>(`${PARTS_PATH}/${encodeURIComponent(id)}`, body) : api.post<{ data: Part }>(PARTS_PATH, body)).then(
    (r) => r.data,
  );

export const deletePart = (id: string) => api.delete(`${PARTS_PATH}/${encodeURIComponent(id)}`);
