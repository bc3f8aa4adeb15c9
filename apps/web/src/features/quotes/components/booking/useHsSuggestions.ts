import type { HsSuggestion, HsSuggestionsResponse } from '@freight/contracts';
import { printedHsCode } from '@freight/domain/customs';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../../lib/api';
import type { Quote } from '../../api/quotesApi';
import type { BookingValues } from './model';

const suggest = (descriptions: string[], signal: AbortSignal) =>
  api.post<HsSuggestionsResponse>('/api/customs/hs-suggestions', { descriptions }, { signal }).then((r) => r.data);

/**
 * The HS code the catalogs know each quoted item by (the account's products first, then the part
 * catalog), asked once per quote of a booking across the border: an item whose HS code is still
 * empty gets it (and its product's SAT key, for a Mexican lane's Carta Porte), and each item's
 * suggestion is answered so its field can say where it came from.
 */
export function useHsSuggestions(form: UseFormReturnType<BookingValues>, quote: Quote): (HsSuggestion | null)[] {
  const descriptions = (quote.inputs.items ?? []).map((i) => i.description ?? '');
  const query = useQuery({
    queryKey: ['hs-suggestions', quote.id, descriptions],
    queryFn: ({ signal }) => suggest(descriptions, signal),
    enabled: descriptions.some(Boolean),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const found = query.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once when the answer comes, never over what was typed since
  useEffect(() => {
    found?.forEach((s, n) => {
      const item = form.getValues().customs?.items[n];
      if (s && item?.hs_code === '') form.setFieldValue(`customs.items.${n}.hs_code`, printedHsCode(s.hs_code));
      if (s?.sat_key && item?.sat_key === '') form.setFieldValue(`customs.items.${n}.sat_key`, s.sat_key);
    });
  }, [found]);
  return found ?? [];
}
