import type { MarginReport } from '@freight/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const MARGIN_CSV_PATH = '/api/admin/margin.csv';

/** The margin report for the page's params (those set in its URL). */
export const marginReportQuery = (search: Record<string, string>) =>
  queryOptions({
    queryKey: ['admin', 'margin', search],
    queryFn: ({ signal }) => api.get<{ data: MarginReport }>('/api/admin/margin', { signal, query: search }).then((r) => r.data),
    // The last report stays on screen while another is fetched.
    placeholderData: (previous) => previous,
  });
