import type { Paginated, ShipmentListItem } from '@freight/contracts';
import { ANALYTICS_PARAMS } from '@freight/domain';
import type { ShipmentListParams } from '../../../components/tracking/api';
import { api } from '../../../lib/api';

/** The params of an Analytics figure in My Shipments' URL: the figure, the page's period and filters. */
export const DRILL_PARAMS = ['figure', 'kind', ...ANALYTICS_PARAMS] as const;

/** The figure's params when the URL names one (a link from Analytics), else undefined. */
export function drillOf(params: URLSearchParams): Record<string, string> | undefined {
  if (!params.get('figure')) return undefined;
  return Object.fromEntries(DRILL_PARAMS.flatMap((p) => (params.get(p) ? [[p, params.get(p) as string]] : [])));
}

/** The shipments behind an Analytics figure, paged and sorted as My Shipments lists them. */
export const listDrilledShipments = (drill: Record<string, string>, { mine, ...query }: ShipmentListParams) =>
  api.get<Paginated<ShipmentListItem>>('/api/analytics/shipments', { query: { ...drill, ...query, mine: mine ? 'true' : undefined } });
