import type { ActiveNotice } from '@freight/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { getAuthUser } from '../../lib/authState';

const ACTIVE_NOTICES = '/api/notifications/active';

/**
 * The signed-in reader's active notices, in `language` (the server words them in the request's
 * language, so the language is part of the key). Fresh for a minute: the copy asked for as the
 * portal starts is the one the frame shows, not asked again when the frame mounts.
 */
export const activeNoticesQuery = (language: string) =>
  queryOptions({
    queryKey: ['notices', ACTIVE_NOTICES, language],
    queryFn: ({ signal }) => api.get<{ data: ActiveNotice[] }>(ACTIVE_NOTICES, { signal }).then((r) => r.data),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    retry: false,
  });

/**
 * Asks for the notices as the portal starts, when a session is stored, beside the page's own code.
 * Asked by the frame once it mounts, a notice came one round trip after the page and pushed it down
 * (on Open Invoices and the dashboard the banner was the largest thing painted, a few hundred
 * milliseconds after the title at 4x CPU slowdown); now it is usually there for the first render.
 */
export function prefetchActiveNotices(client: QueryClient, language: string) {
  if (getAuthUser()) void client.prefetchQuery(activeNoticesQuery(language));
}
