import type { AutomationMatchRequest } from '@freight/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../../lib/permissions';
import { rulesApi } from '../api/rulesApi';

/** What the rules set for one eBay order (its quote page), or nothing while loading or for those who may not ship. */
export function useEbayRuleOutcome(orderId: string) {
  const may = useCan('ebay.ship');
  return useQuery({
    queryKey: ['automation-rules', 'ebay', orderId],
    queryFn: async () => (await rulesApi.ebayOrders([orderId]))[0]?.outcome ?? null,
    enabled: may && orderId !== '',
    staleTime: 60_000,
  });
}

/** What the rules set for the quote form's shipment as typed (debounced); nothing until both places are known. */
export function useQuoteRuleOutcome(facts: AutomationMatchRequest | null) {
  const may = useCan('quotes.run');
  const [settled] = useDebouncedValue(facts, 400);
  return useQuery({
    queryKey: ['automation-rules', 'match', settled],
    queryFn: () => rulesApi.match(settled as AutomationMatchRequest),
    enabled: may && settled !== null,
    staleTime: 60_000,
  });
}
