import type { DashboardLink } from '@freight/contracts';
import { paths } from '../../../../lib/paths';

/** The page of the list a figure opens, with the filters that make its count the figure. */
export function listPath(link: DashboardLink) {
  if (link.list === 'shipments') return paths.admin.shipments(link.query);
  const query = new URLSearchParams(link.query).toString();
  return `${paths.admin.page(link.list)}${query ? `?${query}` : ''}`;
}
