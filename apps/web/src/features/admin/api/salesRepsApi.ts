import type { SalesRepAssignment, SalesRepView } from '@freight/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The users an account's sales rep may be chosen from: those holding a sales role. */
export const salesRepsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'sales-reps'],
    queryFn: ({ signal }) => api.get<{ data: SalesRepView[] }>('/api/admin/sales-reps', { signal }).then((r) => r.data),
    staleTime: 60_000,
  });

/** Makes `userId` the account's rep, or leaves it without one (null); answers the rep now. */
export const setSalesRep = (accountId: string, userId: string | null) =>
  api
    .put<{ data: SalesRepAssignment | null }>(`/api/admin/accounts/${encodeURIComponent(accountId)}/sales-rep`, { user_id: userId })
    .then((r) => r.data);
