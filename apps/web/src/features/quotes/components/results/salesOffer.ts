import type { Quote } from '../../api/quotesApi';

/**
 * No-rate reasons the sales team can quote offline: volume (7+ pallets, partial or full
 * truckload), oversize, over height or capacity, permits, high insured values, cross-border,
 * no carrier at all.
 */
const SALES_KEYS = new Set([
  'quote.no_rate.volume_pallets',
  'quote.no_rate.truckload_pallets',
  'quote.no_rate.height_call',
  'quote.no_rate.cubic_capacity',
  'quote.no_rate.insured_value_call',
  'quote.no_rate.overlength',
  'quote.no_rate.cross_border',
  'quote.no_rate.parcel_exceeds_dimensions',
  'quote.no_rate.parcel_exceeds_length',
  'quote.no_rate.parcel_exceeds_weight',
  'quote.no_rate.truckload_oversize_call',
  'quote.no_rate.truckload_overweight',
  'quote.no_rate.truckload_overwidth',
  'quote.no_rate.class_not_in_tariff',
  'quote.no_rate.accessorial_unavailable',
  'quote.no_rate.no_carriers',
]);

/** Reasons the shipper fixes by changing the details (a date, a package): sales cannot help. */
const FIX_IT_YOURSELF = new Set([
  'quote.no_rate.pickup_past',
  'quote.no_rate.pickup_today',
  'quote.no_rate.pickup_weekend',
  'quote.no_rate.pickup_holiday',
  'quote.no_rate.parcel_no_packages',
  'quote.no_rate.parcel_signature_unavailable',
]);

/**
 * Whether to offer 'Send this request to our sales team': a no-rate reason sales can quote, or no
 * rate at all for a reason that is not only a detail the shipper can fix (a weekend pickup date).
 */
export function offersSalesRequest(quote: Pick<Quote, 'rates' | 'messages'>): boolean {
  const noRate = quote.messages.filter((m) => m.level === 'no_rate');
  if (noRate.some((m) => SALES_KEYS.has(m.key))) return true;
  if (quote.rates.length > 0) return false;
  return noRate.length === 0 || noRate.some((m) => !FIX_IT_YOURSELF.has(m.key));
}
