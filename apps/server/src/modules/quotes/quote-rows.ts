import { randomUUID } from 'node:crypto';
import type { DeliveryWindowView, QuoteItemFacts, QuoteRequest } from '@freight/contracts';
import type { Currency, UnitSystem } from '@freight/domain';
import type { QuoteCosts, RateCost } from '@freight/domain/pricing';
import type { ChargeLine, RateMessage } from '@freight/domain/rating';
import type { RateCrossing } from '../../carrier-adapters/adapter';
import type { NewQuoteRow } from './quotes.repository';

/**
 * A quote's shapes: the request and the rates as stored, who it is for, and the row a rated quote
 * is kept as.
 */

/** The request as stored: currency and unit system resolved from the user's settings. */
export type QuoteInput = QuoteRequest & { currency: Currency; unit_system: UnitSystem };

/** One carrier's rate as stored, in the quote's currency (kept once, on the quote). */
export interface StoredRate {
  id: string;
  carrier_id: string;
  carrier_name: string;
  scac: string;
  service: string;
  transit_days: number;
  estimated_delivery: string;
  total_cents: number;
  charges: ChargeLine[];
  /** The carrier's tariff version that priced it; absent on quotes from before versions. */
  tariff_version?: number | null;
  /** The lane's learned delivery window (or the promise) when rated; absent on quotes from before windows. */
  delivery_window?: DeliveryWindowView;
  /** Across a border: where and how it crosses; absent within one country. */
  crossing?: RateCrossing;
}

export interface QuoteResult {
  items: QuoteItemFacts[];
  road_miles: number | null;
  diesel_usd_per_gal: number | null;
  rates: StoredRate[];
  messages: RateMessage[];
  insurance_options: { kind: string; premium_cents: number; coverage_cents: number; deductible_cents: number }[];
}

/** Each rate's cost is kept apart from what the shipper sees (`quotes.costs`, never in `result`). */
export type { QuoteCosts, RateCost };

/** A rated quote: what the shipper sees (`result`, the prices) and, apart, each rate's cost. */
export interface RatedQuote {
  result: QuoteResult;
  costs: QuoteCosts;
}

/** Who a quote is for: the account that keeps it, the user who asked, and that user's carrier choices' version. */
export interface QuoteOwner {
  accountId: string;
  userId: string;
  carrierChoicesVersion: number;
}

/** The quote owner of a signed-in customer (`customer(request)`). */
export function quoteOwner({
  user,
  account,
  settings,
}: {
  user: { id: string };
  account: { id: string };
  settings: { carrierChoicesVersion: number };
}): QuoteOwner {
  return { accountId: account.id, userId: user.id, carrierChoicesVersion: settings.carrierChoicesVersion };
}

/**
 * A rated quote as stored: its lowest total is what the lists show and the carriers' share counts;
 * `expiresAt` is when its rates stop holding.
 */
export function quoteRowOf(
  owner: { accountId: string; userId: string },
  input: QuoteInput,
  { result, costs }: RatedQuote,
  createdAt: Date,
  saved = false,
  expiresAt: Date | null = null,
): NewQuoteRow {
  return {
    id: randomUUID(),
    accountId: owner.accountId,
    userId: owner.userId,
    mode: input.mode,
    clientRef: input.client_ref ?? null,
    input,
    result,
    lowestTotalCents: result.rates.length ? Math.min(...result.rates.map((r) => r.total_cents)) : null,
    costs,
    currency: input.currency,
    saved,
    createdAt,
    expiresAt,
  };
}
