import type { AnalyticsReport } from '@freight/contracts';
import type { DrillFigure } from '@freight/domain';
import { paths } from '../../../lib/paths';
import type { AnalyticsSearch } from '../api/analyticsApi';

/**
 * My Shipments narrowed to the shipments behind a figure: the report's own days (a preset such as
 * "this month" would move at midnight), its currency, the page's filters and the figure's.
 */
export function drillTo(
  report: AnalyticsReport,
  search: AnalyticsSearch,
  figure: DrillFigure,
  extra: AnalyticsSearch & { kind?: string } = {},
) {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...search, ...extra })) if (v) query[k] = v;
  Object.assign(query, { period: 'custom', from: report.period.from, to: report.period.to, currency: report.currency, figure });
  return `${paths.myShipments}?${new URLSearchParams(query)}`;
}
