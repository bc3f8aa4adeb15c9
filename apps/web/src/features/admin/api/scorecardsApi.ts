import type { CarrierComparison, CarrierScorecard } from '@freight/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** A carrier's scorecard page. */
export const scorecardPath = (carrierId: string) => `${paths.admin.page('carrierScorecards')}/${encodeURIComponent(carrierId)}`;

/** Every carrier's figures over the months in the page's URL (`from`, `to`). */
export const carrierComparisonQuery = (search: Record<string, string>) =>
  queryOptions({
    queryKey: ['admin', 'carrier-scorecards', search],
    queryFn: ({ signal }) =>
      api.get<{ data: CarrierComparison }>('/api/admin/carrier-scorecards', { signal, query: search }).then((r) => r.data),
    // The last figures stay on screen while other months are fetched.
    placeholderData: (previous) => previous,
  });

/** One carrier's last twelve months. */
export const carrierScorecardQuery = (carrierId: string) =>
  queryOptions({
    queryKey: ['admin', 'carrier-scorecards', 'carrier', carrierId],
    queryFn: ({ signal }) =>
      api.get<{ data: CarrierScorecard }>(`/api/admin/carrier-scorecards/${encodeURIComponent(carrierId)}`, { signal }).then((r) => r.data),
  });
