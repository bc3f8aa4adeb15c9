import type { StaffQuoteDetail } from '@freight/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/admin/quotes/:id: a stored quote's rates, with their cost and margin for staff who may see them. */
export const staffQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'quotes', 'detail', id],
    queryFn: ({ signal }) =>
      api.get<{ data: StaffQuoteDetail }>(`/api/admin/quotes/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
  });
