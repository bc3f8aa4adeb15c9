import type { AdminCreditView, CreditTermsRequest, DisputeResolutionRequest, DisputeView, HoldRequest } from '@freight/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The accounting staff's calls (docs/api.md, Staff: credit and disputes). */
export const creditKey = (accountId: string) => ['admin', 'credit', accountId] as const;

export const creditQuery = (accountId: string) =>
  queryOptions({
    queryKey: creditKey(accountId),
    queryFn: ({ signal }) =>
      api.get<{ data: AdminCreditView }>(`/api/admin/accounts/${encodeURIComponent(accountId)}/credit`, { signal }).then((r) => r.data),
  });

export const saveCreditTerms = (accountId: string, body: CreditTermsRequest) =>
  api.put<{ data: AdminCreditView }>(`/api/admin/accounts/${encodeURIComponent(accountId)}/credit`, body).then((r) => r.data);

export const setHold = (accountId: string, body: HoldRequest) =>
  api.post<{ data: AdminCreditView }>(`/api/admin/accounts/${encodeURIComponent(accountId)}/hold`, body).then((r) => r.data);

export const replyAsStaff = (disputeId: string, body: string) =>
  api.post<{ data: DisputeView }>(`/api/admin/disputes/${encodeURIComponent(disputeId)}/messages`, { body }).then((r) => r.data);

export const resolveDispute = (disputeId: string, body: DisputeResolutionRequest) =>
  api.post<{ data: DisputeView }>(`/api/admin/disputes/${encodeURIComponent(disputeId)}/resolve`, body).then((r) => r.data);

export const openDisputesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'disputes'],
    queryFn: ({ signal }) => api.get<{ data: DisputeView[] }>('/api/admin/disputes', { signal }).then((r) => r.data),
  });
