import type { CurrentUser, DashboardView, DisputeView } from '@freight/contracts';
import { canManageCredit } from '@freight/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The days the dashboard's series covers when it opens (the reader may pick 14 or 90). */
export const FIRST_DASHBOARD_DAYS = '30';

export const dashboardQuery = (days: number) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', days],
    queryFn: ({ signal }) =>
      api.get<{ data: DashboardView }>('/api/admin/dashboard', { signal, query: { days: String(days) } }).then((r) => r.data),
    // Asked for as the portal starts on the dashboard and read by the page a moment later: fresh
    // for a while, so the page does not ask again (staff's changes invalidate it at once).
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

/** The open invoice disputes, the accounting staff's queue on the dashboard. */
export const openDisputesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'disputes'],
    queryFn: ({ signal }) => api.get<{ data: DisputeView[] }>('/api/admin/disputes', { signal }).then((r) => r.data),
    // Asked for before the dashboard is drawn (below); a change invalidates them.
    staleTime: 30_000,
  });

/**
 * What the dashboard's first render shows, asked for before its scripts are in: the figures, and
 * for staff who settle disputes, the open ones (drawn below the figures, the largest part painted).
 */
export function prefetchDashboard(client: QueryClient, user: Pick<CurrentUser, 'roles'>) {
  void client.prefetchQuery(dashboardQuery(Number(FIRST_DASHBOARD_DAYS)));
  if (canManageCredit(user.roles)) void client.prefetchQuery(openDisputesQuery());
}
