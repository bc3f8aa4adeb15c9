import type {
  AdminCreditApplicationView,
  AdminCreditView,
  CreditTermsRequest,
  DisputeResolutionRequest,
  DisputeView,
  HoldRequest,
  InvoiceListItem,
  InvoiceView,
  Paginated,
} from '@freight/contracts';
import type { InvoiceFilter } from '@freight/domain';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The accounting staff's calls (docs/api.md, Staff: credit and disputes). */
const account = (accountId: string) => `/api/admin/accounts/${encodeURIComponent(accountId)}`;
const dispute = (disputeId: string) => `/api/admin/disputes/${encodeURIComponent(disputeId)}`;

/** An account's credit view; its invoice pages sit under the same key, so one invalidation refreshes both. */
export const creditKey = (accountId: string) => ['admin', 'credit', accountId] as const;

export const creditQuery = (accountId: string) =>
  queryOptions({
    queryKey: creditKey(accountId),
    queryFn: ({ signal }) => api.get<{ data: AdminCreditView }>(`${account(accountId)}/credit`, { signal }).then((r) => r.data),
  });

export const ACCOUNT_INVOICES_PER_PAGE = 10;

export const accountInvoicesQuery = (accountId: string, params: { filter: InvoiceFilter; page: number }) =>
  queryOptions({
    queryKey: [...creditKey(accountId), 'invoices', params],
    queryFn: ({ signal }) =>
      api.get<Paginated<InvoiceListItem>>(`${account(accountId)}/invoices`, {
        signal,
        query: { filter: params.filter, page: params.page, per_page: ACCOUNT_INVOICES_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });

/** The account's credit applications, newest first (their decisions are made on the credit applications' page). */
export const accountApplicationsQuery = (accountId: string) =>
  queryOptions({
    queryKey: [...creditKey(accountId), 'applications'],
    queryFn: ({ signal }) =>
      api.get<Paginated<AdminCreditApplicationView>>('/api/admin/credit-applications', {
        signal,
        query: { account_id: accountId, status: 'all', per_page: 10 },
      }),
  });

/** One invoice as accounting opens it from a dispute or the account's list: its charges, payments and disputes. */
export const staffInvoiceQuery = (accountId: string, invoiceId: string) =>
  queryOptions({
    queryKey: [...creditKey(accountId), 'invoice', invoiceId],
    queryFn: ({ signal }) =>
      api.get<{ data: InvoiceView }>(`/api/admin/invoices/${encodeURIComponent(invoiceId)}`, { signal }).then((r) => r.data),
  });

export const saveCreditTerms = (accountId: string, body: CreditTermsRequest) =>
  api.put<{ data: AdminCreditView }>(`${account(accountId)}/credit`, body).then((r) => r.data);

export const setHold = (accountId: string, body: HoldRequest) =>
  api.post<{ data: AdminCreditView }>(`${account(accountId)}/hold`, body).then((r) => r.data);

export const replyAsStaff = (disputeId: string, body: string) =>
  api.post<{ data: DisputeView }>(`${dispute(disputeId)}/messages`, { body }).then((r) => r.data);

export const resolveDispute = (disputeId: string, body: DisputeResolutionRequest) =>
  api.post<{ data: DisputeView }>(`${dispute(disputeId)}/resolve`, body).then((r) => r.data);

/**
 * After staff changed an account's credit (terms, hold): its view as the server answered, and the
 * rest of the admin screens that show its state (status badges, the dashboard's counts) refetched.
 */
export function afterCreditChange(client: QueryClient, view: AdminCreditView) {
  client.setQueryData(creditKey(view.account_id), view);
  return client.invalidateQueries({ queryKey: ['admin'], predicate: (q) => q.queryKey[1] !== 'credit' });
}

/** After a reply or a resolution: the dispute shows in the account's view, its invoices, the queue and the counts. */
export const afterDisputeChange = (client: QueryClient) => client.invalidateQueries({ queryKey: ['admin'] });
