import type { StaffAccountDetail } from '@freight/contracts';
import { api } from '../../../lib/api';

const proposalsPath = (accountId: string, rest = '') => `/api/admin/accounts/${encodeURIComponent(accountId)}/suspension-proposals${rest}`;

/** Sales and ops propose an account's suspension; those allowed to suspend dismiss a proposal (or suspend). */
export const suspensionActions = {
  propose: (accountId: string, note: string) =>
    api.post<{ data: StaffAccountDetail }>(proposalsPath(accountId), { note }).then((r) => r.data),
  dismiss: (accountId: string, proposalId: string) =>
    api.post<{ data: StaffAccountDetail }>(proposalsPath(accountId, `/${encodeURIComponent(proposalId)}/dismiss`)).then((r) => r.data),
};
