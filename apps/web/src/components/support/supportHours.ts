import type { SupportHoursView } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The desk's hours and contacts (public: the Support dialog opens before sign-in too). */
export function useSupportHours(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['support-hours'],
    queryFn: () => api.get<{ data: SupportHoursView }>('/api/support/hours').then((r) => r.data),
    staleTime: 60_000,
  });
}
