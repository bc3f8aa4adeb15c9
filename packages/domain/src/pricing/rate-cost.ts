import type { ChargeLine } from '../rating/types';
import type { AppliedPricing } from './types';

/**
 * The broker's side of one rate, in the quote's currency: what the carrier charges (the cost lines
 * and total) and the program entry that turned it into the rate the shipper sees.
 */
export interface RateCost {
  charges: ChargeLine[];
  total_cents: number;
  applied: AppliedPricing;
  /**
   * Set (true) when a contract price was under its program's minimum margin, so staff reading the
   * quote later see it flagged; absent otherwise, and on quotes rated before it was kept.
   */
  below_minimum?: true;
}

/** Each rate's cost, keyed by rate id; kept apart from what the shipper sees of the quote. */
export type QuoteCosts = Record<string, RateCost>;

/**
 * What a stored rate cost the broker: the quote's stored cost, or for a quote rated before pricing
 * went live (no costs kept), the rate itself, which was then the carrier's tariff shown as it was.
 */
export function costOfRate(costs: unknown, rate: { id: string; charges: ChargeLine[]; total_cents: number }): RateCost {
  const stored = (costs as QuoteCosts | null | undefined)?.[rate.id];
  return stored ?? { charges: rate.charges, total_cents: rate.total_cents, applied: { source: 'none' } };
}
