import type {
  AlertKind,
  AlertListResponse,
  AlertPreference,
  AlertPreferencesView,
  AlertUnreadResponse,
  ExceptionAcknowledgeResponse,
  ExceptionQueueResponse,
} from '@freight/contracts';
import { api } from '../../../lib/api';

const enc = encodeURIComponent;

/**
 * Every alert query of the shipper's pages lives under ALERTS_KEY (a read or a new page asks the
 * count again with them), staff's queue under EXCEPTIONS_KEY.
 */
export const ALERTS_KEY = ['alerts'] as const;
export const ALERTS_UNREAD_KEY = [...ALERTS_KEY, 'unread'] as const;
export const ALERT_PREFERENCES_KEY = [...ALERTS_KEY, 'preferences'] as const;
export const EXCEPTIONS_KEY = ['admin', 'exceptions'] as const;

/** Which alerts the shipper's list shows: those not closed yet, or every one. */
export type AlertFilter = 'open' | 'all';

// The shipper's side.
export const listAlerts = ({ status, page }: { status: AlertFilter; page: number }, signal?: AbortSignal) =>
  api.get<AlertListResponse>('/api/alerts', {
    query: { status: status === 'all' ? 'all' : undefined, page: page > 1 ? page : undefined },
    signal,
  });
export const getUnreadCount = (signal?: AbortSignal) => api.get<AlertUnreadResponse>('/api/alerts/unread-count', { signal });
export const markRead = (id: string) => api.post<AlertUnreadResponse>(`/api/alerts/${enc(id)}/read`);
export const markAllRead = () => api.post<AlertUnreadResponse>('/api/alerts/read-all');

/** The caller's channels per kind: GET and PUT answer the view itself (no `data` wrapper). */
export const getAlertPreferences = () => api.get<AlertPreferencesView>('/api/settings/alerts');
export const putAlertPreferences = (preferences: AlertPreference[]) =>
  api.put<AlertPreferencesView>('/api/settings/alerts', { preferences });

// Staff's side.
export const listExceptions = ({ kind, page }: { kind?: AlertKind; page: number }, signal?: AbortSignal) =>
  api.get<ExceptionQueueResponse>('/api/admin/exceptions', { query: { kind, page: page > 1 ? page : undefined }, signal });
export const acknowledgeExceptions = (ids: string[]) =>
  api.post<ExceptionAcknowledgeResponse>('/api/admin/exceptions/acknowledge', { ids });
