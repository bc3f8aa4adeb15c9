import type { AnalyticsReport } from '@freight/contracts';
import { ANALYTICS_PARAMS } from '@freight/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export { ANALYTICS_PARAMS };
export type AnalyticsSearch = Partial<Record<(typeof ANALYTICS_PARAMS)[number], string>>;

/** The figures for the page's params. */
export const analyticsReportQuery = (search: AnalyticsSearch) =>
  queryOptions({
    queryKey: ['analytics', search],
    queryFn: ({ signal }) => api.get<{ data: AnalyticsReport }>('/api/analytics', { signal, query: search }).then((r) => r.data),
    // The last figures stay on screen while others are fetched.
    placeholderData: (previous) => previous,
  });
