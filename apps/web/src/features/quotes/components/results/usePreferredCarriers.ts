import type { CarrierVisibility, QuoteMode } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../../lib/api';
import type { QuoteRate } from '../../api/quotesApi';
import { useGuestQuote } from '../guest';

/** The same key and answer as the settings' carrier visibility modal, so a change there shows here. */
const CARRIERS_KEY = ['carriers'] as const;

/**
 * Whether a rate is from one of the user's preferred carriers (GET /api/carriers; rates carry the
 * carrier's SCAC, not its id). While the list loads, or if it fails, no carrier is marked.
 */
export function usePreferredCarriers(mode: QuoteMode): (rate: QuoteRate) => boolean {
  // A visitor has no carrier choices.
  const guest = useGuestQuote();
  const q = useQuery({
    enabled: !guest,
    queryKey: CARRIERS_KEY,
    queryFn: () => api.get<{ data: CarrierVisibility[] }>('/api/carriers'),
    staleTime: 60_000,
    retry: false,
  });
  const carriers = q.data?.data;
  return useMemo(() => {
    const scacs = new Set((carriers ?? []).filter((c) => c.preferred && c.mode === mode).map((c) => c.scac));
    return (rate: QuoteRate) => scacs.has(rate.scac);
  }, [carriers, mode]);
}
