import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface DashboardStats {
  accounts: number;
  users: number;
  unverified_users: number;
  credit_hold_accounts: number;
}

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => api.get<{ data: DashboardStats }>('/api/admin/dashboard', { signal }).then((r) => r.data),
  });
