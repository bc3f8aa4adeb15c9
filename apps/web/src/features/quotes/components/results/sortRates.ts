import type { QuoteRate } from '../../api/quotesApi';

export const SORT_OPTIONS = ['price_asc', 'price_desc', 'carrier_asc', 'carrier_desc', 'transit_asc', 'transit_desc'] as const;
export type RateSort = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: RateSort = 'price_asc';

export function isRateSort(v: unknown): v is RateSort {
  return typeof v === 'string' && (SORT_OPTIONS as readonly string[]).includes(v);
}

/**
 * The rates in the chosen order.
 * The user's preferred carriers stay on top under every sort ("preferred carriers
 * are listed first"), each group ordered by the choice; ties go to the cheaper rate, then the
 * carrier name. Carrier names compare in the UI language.
 */
export function sortRates(
  rates: readonly QuoteRate[],
  sort: RateSort,
  isPreferred: (r: QuoteRate) => boolean,
  language: string,
): QuoteRate[] {
  const collator = new Intl.Collator(language === 'es' ? 'es' : 'en', { sensitivity: 'base', numeric: true });
  const byName = (a: QuoteRate, b: QuoteRate) => collator.compare(a.carrier_name, b.carrier_name);
  const byPrice = (a: QuoteRate, b: QuoteRate) => a.total_cents - b.total_cents;
  const byTransit = (a: QuoteRate, b: QuoteRate) => a.transit_days - b.transit_days;
  const primary = sort.startsWith('price') ? byPrice : sort.startsWith('carrier') ? byName : byTransit;
  const dir = sort.endsWith('_desc') ? -1 : 1;
  const rank = (r: QuoteRate) => (isPreferred(r) ? 0 : 1);
  return [...rates].sort(
    (a, b) => rank(a) - rank(b) || dir * primary(a, b) || byPrice(a, b) || byName(a, b) || a.service.localeCompare(b.service),
  );
}
