import type {
  AccountConversationSummary,
  ConversationView,
  NewConversationRequest,
  Paginated,
  SupportHoursView,
  SupportMessageView,
} from '@freight/contracts';
import { api } from '../../../lib/api';

/** The customer's support chat. Every conversation query lives under SUPPORT_KEY. */
export const SUPPORT_KEY = ['support'] as const;
export const conversationKey = (id: string) => [...SUPPORT_KEY, 'conversation', id] as const;
export const conversationsKey = [...SUPPORT_KEY, 'list'] as const;
export const HOURS_KEY = ['support-hours'] as const;

export type ConversationPage = Paginated<AccountConversationSummary> & { meta: { unread: number } };

export const listConversations = () => api.get<ConversationPage>('/api/support/conversations', { query: { per_page: 50 } });
export const getConversation = (id: string) =>
  api.get<{ data: ConversationView }>(`/api/support/conversations/${encodeURIComponent(id)}`).then((r) => r.data);
export const openConversation = (body: NewConversationRequest) =>
  api.post<{ data: ConversationView }>('/api/support/conversations', body).then((r) => r.data);
export const sendMessage = (id: string, body: string, attachmentIds: string[]) =>
  api
    .post<{ data: SupportMessageView }>(`/api/support/conversations/${encodeURIComponent(id)}/messages`, {
      body,
      attachment_ids: attachmentIds,
    })
    .then((r) => r.data);
export const markRead = (id: string) => api.post(`/api/support/conversations/${encodeURIComponent(id)}/read`);
export const reopenConversation = (id: string) =>
  api.post<{ data: ConversationView }>(`/api/support/conversations/${encodeURIComponent(id)}/reopen`).then((r) => r.data);
export const getSupportHours = () => api.get<{ data: SupportHoursView }>('/api/support/hours').then((r) => r.data);

export const UPLOAD_PATH = '/api/support/attachments';
export const STREAM_PATH = '/api/support/stream';
