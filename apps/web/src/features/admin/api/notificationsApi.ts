import type { Paginated, SiteNotificationView, StaffAccountRow } from '@freight/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const KEY = ['admin', 'notifications'] as const;

export const notificationsQuery = (search: Record<string, string>) =>
  queryOptions({
    queryKey: [...KEY, 'list', search],
    queryFn: ({ signal }) => api.get<Paginated<SiteNotificationView>>('/api/admin/notifications', { signal, query: search }),
    placeholderData: keepPreviousData,
  });

export const notificationQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) =>
      api.get<{ data: SiteNotificationView }>(`/api/admin/notifications/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
  });

/** Creates (no id) or updates a notice; answers it. */
export const saveNotification = (id: string | null, body: unknown) =>
  (id
    ? api.put<{ data: SiteNotificationView }>(`/api/admin/notifications/${encodeURIComponent(id)}`, body)
    : api.post<{ data: SiteNotificationView }>('/api/admin/notifications', body)
  ).then((r) => r.data);

export const retireNotification = (id: string) =>
  api.post<{ data: SiteNotificationView }>(`/api/admin/notifications/${encodeURIComponent(id)}/retire`).then((r) => r.data);

export async function afterNotificationChange(client: QueryClient, notice: SiteNotificationView) {
  client.setQueryData(notificationQuery(notice.id).queryKey, notice);
  await Promise.all([client.invalidateQueries({ queryKey: [...KEY, 'list'] }), client.invalidateQueries({ queryKey: ['notices'] })]);
}

/** Accounts whose name (or user) matches, for the account picker of an account notice. */
export const accountOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'accounts', 'options', q],
    queryFn: async ({ signal }): Promise<StaffAccountRow[]> =>
      (await api.get<Paginated<StaffAccountRow>>('/api/admin/accounts', { signal, query: { q, per_page: '20' } })).data,
    placeholderData: keepPreviousData,
  });
