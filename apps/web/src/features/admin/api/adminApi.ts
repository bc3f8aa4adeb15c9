import type { AccountAddress, Paginated } from '@freight/contracts';
import type { Role } from '@freight/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface AccountRow {
  id: string;
  name: string;
  status: 'active' | 'credit_hold';
  users_count: number;
  created_at: string;
}
export interface AccountDetail {
  id: string;
  name: string;
  status: 'active' | 'credit_hold';
  created_at: string;
  billing_address: AccountAddress | null;
  account_address: AccountAddress | null;
  users: { id: string; name: string; email: string; email_verified_at: string | null }[];
}
export interface RoleUsers {
  role: Role;
  users: { id: string; name: string; email: string }[];
}

export const accountsQuery = (params: { page: number; perPage: number; search: string }) =>
  queryOptions({
    queryKey: ['admin', 'accounts', params],
    queryFn: ({ signal }) =>
      api.get<Paginated<AccountRow>>('/api/admin/accounts', {
        signal,
        query: { page: params.page, per_page: params.perPage, search: params.search },
      }),
    placeholderData: keepPreviousData,
  });

export const accountQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'accounts', 'detail', id],
    queryFn: ({ signal }) =>
      api.get<{ data: AccountDetail }>(`/api/admin/accounts/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'roles'],
    queryFn: ({ signal }) => api.get<{ data: RoleUsers[] }>('/api/admin/roles', { signal }).then((r) => r.data),
  });
