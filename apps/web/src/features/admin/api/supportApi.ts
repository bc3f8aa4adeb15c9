import type {
  CannedAnswerView,
  InboxConversation,
  InboxConversationView,
  InboxSummary,
  Paginated,
  SupportLiveEvent,
  SupportMessageView,
  TeamPerson,
} from '@freight/contracts';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useLiveEvents } from '../../../lib/liveEvents';

/** The support inbox's calls. Everything lives under SUPPORT_KEY, refreshed by the live stream. */
export const SUPPORT_KEY = ['admin', 'support'] as const;

const path = (id: string, action = '') => `/api/admin/support/conversations/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export const inboxQuery = (search: Record<string, string>) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'list', search],
    queryFn: ({ signal }) => api.get<Paginated<InboxConversation>>('/api/admin/support/conversations', { signal, query: search }),
    placeholderData: keepPreviousData,
  });

export const inboxConversationQuery = (id: string) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'conversation', id],
    queryFn: ({ signal }) => api.get<{ data: InboxConversationView }>(path(id), { signal }).then((r) => r.data),
  });

export const inboxSummaryQuery = () =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'summary'],
    queryFn: ({ signal }) => api.get<{ data: InboxSummary }>('/api/admin/support/summary', { signal }).then((r) => r.data),
  });

export const assigneesQuery = () =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'assignees'],
    queryFn: ({ signal }) => api.get<{ data: TeamPerson[] }>('/api/admin/support/assignees', { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });

export const cannedAnswersQuery = () =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'canned'],
    queryFn: ({ signal }) => api.get<{ data: CannedAnswerView[] }>('/api/admin/support/canned-answers', { signal }).then((r) => r.data),
  });

export const staffReply = (id: string, body: string, attachmentIds: string[], internal: boolean) =>
  api.post<{ data: SupportMessageView }>(path(id, 'messages'), { body, attachment_ids: attachmentIds, internal }).then((r) => r.data);
export const staffMarkRead = (id: string) => api.post(path(id, 'read'));
export const setConversationState = (id: string, action: 'resolve' | 'reopen') =>
  api.post<{ data: InboxConversationView }>(path(id, action)).then((r) => r.data);
export const assignConversation = (id: string, assigneeId: string | null) =>
  api.post<{ data: InboxConversationView }>(path(id, 'assign'), { assignee_id: assigneeId }).then((r) => r.data);
export const createCannedAnswer = (body: { title: string; body_en: string; body_es: string }) =>
  api.post<{ data: CannedAnswerView }>('/api/admin/support/canned-answers', body).then((r) => r.data);
export const deleteCannedAnswer = (id: string) => api.delete(`/api/admin/support/canned-answers/${encodeURIComponent(id)}`);

export const STAFF_UPLOAD_PATH = '/api/admin/support/attachments';

/**
 * The staff's live stream, held by the admin layout: every event refreshes the inbox, the open
 * conversation and the navigation's unread count, so replies appear without a reload.
 */
export function useStaffSupportLive(enabled: boolean) {
  const queryClient = useQueryClient();
  useLiveEvents<SupportLiveEvent>('/api/admin/support/stream', enabled, {
    onEvent: () => void queryClient.invalidateQueries({ queryKey: SUPPORT_KEY }),
    onReady: () => void queryClient.invalidateQueries({ queryKey: SUPPORT_KEY }),
  });
}
