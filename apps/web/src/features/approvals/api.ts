import type {
  ApprovalLinkTarget,
  ApprovalPage,
  ApprovalStatus,
  ApprovalSummary,
  ApprovedBooking,
  BookingApproval,
} from '@freight/contracts';
import { api } from '../../lib/api';

type One<T> = { data: T };

/** Held bookings: the account's for an admin, the caller's own for anyone else. */
export const APPROVALS_KEY = ['approvals'] as const;
export const approvalKey = (id: string) => [...APPROVALS_KEY, id] as const;
/** Under APPROVALS_KEY, so every decision or withdrawal that refreshes the approvals refreshes the count too. */
export const APPROVAL_SUMMARY_KEY = [...APPROVALS_KEY, 'summary'] as const;

export const listApprovals = (query: { status?: ApprovalStatus; page: number }) =>
  api.get<ApprovalPage>('/api/approvals', { query: { ...query } });
export const getApproval = (id: string) => api.get<One<BookingApproval>>(`/api/approvals/${encodeURIComponent(id)}`);
export const getApprovalSummary = (signal?: AbortSignal) =>
  api.get<One<ApprovalSummary>>('/api/approvals/summary', { signal }).then((r) => r.data);
export const approveBooking = (id: string) => api.post<One<ApprovedBooking>>(`/api/approvals/${encodeURIComponent(id)}/approve`);
export const declineBooking = (id: string, reason: string) =>
  api.post<One<BookingApproval>>(`/api/approvals/${encodeURIComponent(id)}/decline`, { reason });
export const withdrawBooking = (id: string) => api.post<One<BookingApproval>>(`/api/approvals/${encodeURIComponent(id)}/withdraw`);
export const openApprovalLink = (token: string) => api.post<One<ApprovalLinkTarget>>(`/api/approvals/links/${encodeURIComponent(token)}`);
