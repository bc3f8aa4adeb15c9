import type { DashboardView } from '@freight/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const dashboardQuery = (days: number) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', days],
    queryFn: ({ signal }) =>
      api.get<{ data: DashboardView }>('/api/admin/dashboard', { signal, query: { days: String(days) } }).then((r) => r.data),
    refetchInterval: 60_000,
  });
