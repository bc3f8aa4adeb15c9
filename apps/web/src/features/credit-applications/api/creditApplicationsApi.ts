import type {
  AdminCreditApplicationView,
  CreditApplicationRequest,
  CreditApplicationStatus,
  CreditDecisionRequest,
  CreditStandingView,
  Paginated,
} from '@freight/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The account's terms and its applications (Settings > Credit). */
export const standingQuery = () =>
  queryOptions({
    queryKey: ['credit-standing'],
    queryFn: ({ signal }) => api.get<{ data: CreditStandingView }>('/api/credit-applications', { signal }).then((r) => r.data),
  });

export const applyForCredit = (body: CreditApplicationRequest) =>
  api.post<{ data: CreditStandingView }>('/api/credit-applications', body).then((r) => r.data);

export type QueueStatus = CreditApplicationStatus | 'all';

/** The staff queue, or one account's applications (`account_id`). */
export const queueQuery = (params: { status: QueueStatus; page: number; per_page: number; account_id?: string }) =>
  queryOptions({
    queryKey: ['admin', 'credit-applications', params],
    queryFn: ({ signal }) =>
      api.get<Paginated<AdminCreditApplicationView>>('/api/admin/credit-applications', {
        signal,
        query: params,
      }),
    placeholderData: keepPreviousData,
  });

const one = (id: string) => `/api/admin/credit-applications/${encodeURIComponent(id)}`;

export const applicationQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'credit-applications', 'one', id],
    queryFn: ({ signal }) => api.get<{ data: AdminCreditApplicationView }>(one(id), { signal }).then((r) => r.data),
  });

export const decide = (id: string, body: CreditDecisionRequest) =>
  api.post<{ data: AdminCreditApplicationView }>(`${one(id)}/decision`, body).then((r) => r.data);

/**
 * After a decision: the application as answered, and everything that shows it or the account's
 * terms refetched (the queue, the dashboard's figure, the account's credit panel).
 */
export async function afterDecision(client: QueryClient, view: AdminCreditApplicationView) {
  client.setQueryData(applicationQuery(view.id).queryKey, view);
  await client.invalidateQueries({ queryKey: ['admin'], predicate: (q) => q.queryKey[2] !== 'one' });
}
