import type { SavedViewCreateRequest, SavedViewList, SavedViewUpdateRequest, SavedViewView } from '@freight/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const KEY = ['admin', 'saved-views'] as const;
export const savedViewsKey = (list: SavedViewList) => [...KEY, list] as const;

/** The signed-in staff user's views of a list, by name. */
export const savedViewsQuery = (list: SavedViewList) =>
  queryOptions({
    queryKey: savedViewsKey(list),
    queryFn: ({ signal }) => api.get<{ data: SavedViewView[] }>('/api/admin/saved-views', { signal, query: { list } }).then((r) => r.data),
  });

export const createSavedView = (body: SavedViewCreateRequest) =>
  api.post<{ data: SavedViewView }>('/api/admin/saved-views', body).then((r) => r.data);

export const updateSavedView = (id: string, body: SavedViewUpdateRequest) =>
  api.put<{ data: SavedViewView }>(`/api/admin/saved-views/${encodeURIComponent(id)}`, body).then((r) => r.data);

export const deleteSavedView = (id: string) => api.delete<void>(`/api/admin/saved-views/${encodeURIComponent(id)}`);
