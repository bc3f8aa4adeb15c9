import type { QuoteRequestInput } from '@freight/contracts';
import { firstPickupDate } from '../form/pickupDatesApi';

/**
 * The request that rates a quote again once its rates expired (booking answered 409
 * quote_expired): the same inputs for the first pickup date the origin can take now. An expired
 * quote's own date is always past its cut-off, so it can no longer be kept.
 */
export async function expiredQuoteRequest(inputs: QuoteRequestInput): Promise<QuoteRequestInput> {
  const first = await firstPickupDate(inputs.origin);
  return { ...inputs, pickup_date: first.date };
}
