import type { MarginGroup, MarginReport } from '@freight/contracts';

/** The report's filters that the staff shipment list reads by the same names. */
export const MARGIN_FILTERS = ['account_id', 'carrier_id', 'mode', 'sales_rep_id', 'origin_state', 'destination_state'] as const;

/** The last day of a 'YYYY-MM' month. */
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * The staff shipment list's params that show a group's shipments: the report's pickup range and
 * filters, not canceled, narrowed to the group (its account, lane, carrier, mode, rep or month).
 */
export function drillDown(
  report: Pick<MarginReport, 'pickup_from' | 'pickup_to'>,
  groupBy: MarginGroup,
  key: string,
  filters: Record<string, string>,
): Record<string, string> {
  const base: Record<string, string> = {
    ...Object.fromEntries(MARGIN_FILTERS.flatMap((f) => (filters[f] ? [[f, filters[f]]] : []))),
    pickup_from: report.pickup_from,
    pickup_to: report.pickup_to,
    exclude_canceled: '1',
  };
  switch (groupBy) {
    case 'customer':
      return { ...base, account_id: key };
    case 'lane': {
      const [origin = '', destination = ''] = key.split('-');
      return { ...base, origin_state: origin, destination_state: destination };
    }
    case 'carrier':
      // Shipments whose carrier was removed since are not found by a carrier: the range alone.
      return key === 'none' ? base : { ...base, carrier_id: key };
    case 'mode':
      return { ...base, mode: key };
    case 'rep':
      return { ...base, sales_rep_id: key };
    case 'month': {
      const from = `${key}-01`;
      const to = monthEnd(key);
      return {
        ...base,
        pickup_from: from > report.pickup_from ? from : report.pickup_from,
        pickup_to: to < report.pickup_to ? to : report.pickup_to,
      };
    }
  }
}
