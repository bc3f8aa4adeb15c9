import type {
  AnalyticsAccess,
  InvitationAcceptRequest,
  InvitationPreview,
  Paginated,
  TeamActivityView,
  TeamInvitationView,
  TeamInviteRequest,
  TeamMemberUpdateRequest,
  TeamMemberView,
  TeamTransferRequest,
  TeamView,
} from '@freight/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The account's team (account admins; anyone else gets 403). */
export const TEAM_KEY = ['team'] as const;

export const teamQuery = () =>
  queryOptions({
    queryKey: TEAM_KEY,
    queryFn: ({ signal }) => api.get<{ data: TeamView }>('/api/team', { signal }).then((r) => r.data),
    retry: false,
  });

const id = (value: string) => encodeURIComponent(value);
const data = <T>(r: { data: T }) => r.data;

export const teamActions = {
  invite: (body: TeamInviteRequest) => api.post<{ data: TeamInvitationView }>('/api/team/invitations', body).then(data),
  resend: (invitationId: string) => api.post<{ data: TeamInvitationView }>(`/api/team/invitations/${id(invitationId)}/resend`).then(data),
  revoke: (invitationId: string) => api.delete(`/api/team/invitations/${id(invitationId)}`),
  update: (userId: string, body: TeamMemberUpdateRequest) =>
    api.put<{ data: TeamMemberView }>(`/api/team/users/${id(userId)}`, body).then(data),
  deactivate: (userId: string) => api.post<{ data: TeamMemberView }>(`/api/team/users/${id(userId)}/deactivate`).then(data),
  reactivate: (userId: string) => api.post<{ data: TeamMemberView }>(`/api/team/users/${id(userId)}/reactivate`).then(data),
  transfer: (body: TeamTransferRequest) => api.post<{ data: TeamView }>('/api/team/transfer-admin', body).then(data),
};

/** The activity log's pages sit under the team's key: a change reads both again. */
export const ACTIVITY_KEY = [...TEAM_KEY, 'activity'] as const;

/** After any change: the team and its activity log are read again. */
export const afterTeamChange = (client: QueryClient) => client.invalidateQueries({ queryKey: TEAM_KEY });
export const ACTIVITY_EXPORT_PATH = '/api/team/activity/export.csv';

export const activityQuery = (search: Record<string, string>) =>
  queryOptions({
    queryKey: [...ACTIVITY_KEY, search],
    queryFn: ({ signal }) => api.get<Paginated<TeamActivityView>>('/api/team/activity', { signal, query: search }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The public invitation page: what the link invites to (404 when it no longer works). */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      api.get<{ data: InvitationPreview }>(`/api/invitation/${id(token)}`, { signal, skipAuthRedirect: true }).then(data),
    retry: false,
  });

export const acceptInvitation = (token: string, body: InvitationAcceptRequest) =>
  api.post(`/api/invitation/${id(token)}/accept`, body, { skipAuthRedirect: true });

/** Whether the account's viewers read Analytics (its team admins only: anyone else gets 403). */
export const ANALYTICS_ACCESS_KEY = ['team', 'analytics-access'] as const;

export const analyticsAccessQuery = () =>
  queryOptions({
    queryKey: ANALYTICS_ACCESS_KEY,
    queryFn: ({ signal }) => api.get<{ data: AnalyticsAccess }>('/api/account/analytics-access', { signal }).then(data),
    retry: false,
  });

export const saveAnalyticsAccess = (viewers: boolean) =>
  api.put<{ data: AnalyticsAccess }>('/api/account/analytics-access', { viewers }).then(data);
