import type { EndedSessions, UserSession } from '@freight/contracts';
import { api } from '../../../lib/api';

/** The signed-in user's sessions (Settings > Security): listed, ended one at a time or all but this one. */
export const SESSIONS_KEY = ['user-sessions'] as const;
export const listSessions = () => api.get<{ data: UserSession[] }>('/api/user/sessions');
export const endSession = (id: string) => api.delete(`/api/user/sessions/${encodeURIComponent(id)}`);
export const endOtherSessions = () => api.delete<{ data: EndedSessions }>('/api/user/sessions');
