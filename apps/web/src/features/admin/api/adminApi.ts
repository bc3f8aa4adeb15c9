import type { Paginated, StaffAccountDetail, StaffAccountRow, StaffUserView } from '@freight/contracts';
import type { Role } from '@freight/domain';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Account Management and Role Management. */

export const accountsQuery = (search: Record<string, string>) =>
  queryOptions({
    queryKey: ['admin', 'accounts', search],
    queryFn: ({ signal }) => api.get<Paginated<StaffAccountRow>>('/api/admin/accounts', { signal, query: search }),
    placeholderData: keepPreviousData,
  });

export const accountQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'accounts', 'detail', id],
    queryFn: ({ signal }) =>
      api.get<{ data: StaffAccountDetail }>(`/api/admin/accounts/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
  });

const accountPath = (id: string, action = '') => `/api/admin/accounts/${encodeURIComponent(id)}${action}`;

/** Staff's writes on an account; each answers the detail after it. */
export const accountActions = {
  update: (id: string, body: unknown) => api.put<{ data: StaffAccountDetail }>(accountPath(id), body).then((r) => r.data),
  suspend: (id: string, reason: string) =>
    api.post<{ data: StaffAccountDetail }>(accountPath(id, '/suspend'), { reason }).then((r) => r.data),
  reactivate: (id: string) => api.post<{ data: StaffAccountDetail }>(accountPath(id, '/reactivate')).then((r) => r.data),
  note: (id: string, body: string) => api.post<{ data: StaffAccountDetail }>(accountPath(id, '/notes'), { body }).then((r) => r.data),
  resendVerification: (userId: string) => api.post<{ message: string }>(`/api/admin/users/${encodeURIComponent(userId)}/verification`),
};

export async function afterAccountChange(client: QueryClient, detail: StaffAccountDetail) {
  client.setQueryData(accountQuery(detail.id).queryKey, detail);
  await client.invalidateQueries({ queryKey: ['admin', 'accounts'], predicate: (q) => q.queryKey[2] !== 'detail' });
}

export const rolesQuery = (q = '') =>
  queryOptions({
    queryKey: ['admin', 'roles', q],
    queryFn: async ({ signal }): Promise<StaffUserView[]> =>
      (await api.get<{ data: StaffUserView[] }>('/api/admin/roles', { signal, query: q ? { q } : {} })).data,
    placeholderData: keepPreviousData,
  });

/** `confirmAccountId`: the customer account of the user, once staff confirmed that this customer's user becomes staff. */
export const setRoles = (userId: string, roles: Role[], confirmAccountId?: string) =>
  api
    .put<{ data: StaffUserView }>(`/api/admin/roles/users/${encodeURIComponent(userId)}`, {
      roles,
      ...(confirmAccountId ? { confirm_account_id: confirmAccountId } : {}),
    })
    .then((r) => r.data);

export const inviteStaff = (body: unknown) => api.post<{ data: StaffUserView }>('/api/admin/roles/invitations', body).then((r) => r.data);
