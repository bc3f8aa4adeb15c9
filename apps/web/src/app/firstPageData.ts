import { isStaff } from '@freight/domain';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchDashboard } from '../features/admin/api/dashboardApi';
import { getAuthUser } from '../lib/authState';
import { paths } from '../lib/paths';

/** The addresses that open the dashboard (/admin leads to it). */
const DASHBOARD = new Set([paths.admin.dashboard, '/admin', '/admin/']);

/**
 * The data of the page the portal opens on, asked for as it starts, beside the page's own scripts,
 * rather than after its first render. Only where what the page paints largest is that data: the
 * dashboard's figures and disputes. A list page is not here: drawn in its first render, its rows
 * made that render longer and the page painted later than with the rows drawn after its frame
 * (bench/HISTORY.md, "Signed-in pages").
 */
export function prefetchFirstPageData(client: QueryClient, pathname: string) {
  const user = getAuthUser();
  if (user && isStaff(user.roles) && DASHBOARD.has(pathname)) prefetchDashboard(client, user);
}
