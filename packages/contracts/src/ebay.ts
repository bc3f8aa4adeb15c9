import type { ParcelProblemReason } from '@freight/domain/rating/mode-eligibility';
import { z } from 'zod';
import type { QuoteRequestInput } from './quotes';

/** eBay orders: connected stores, their orders, and what the quote form is filled with. */
export const EBAY_ORDER_STATUSES = ['awaiting', 'quoted', 'shipped', 'canceled'] as const;
export type EbayOrderStatus = (typeof EBAY_ORDER_STATUSES)[number];

/**
 * Why a call to eBay failed, as the API names it (a store's last sync, an order's tracking
 * write-back); the web words it in the reader's language. `http_<status>` is an answer other than
 * success. A record from before these codes holds free text, which the web shows as it is.
 */
export const EBAY_PROBLEMS = ['consent_lost', 'account_deleted', 'timeout', 'unreachable'] as const;
export type EbayProblem = (typeof EBAY_PROBLEMS)[number] | `http_${number}`;

export interface EbayStoreView {
  id: string;
  ebay_user: string;
  status: 'connected' | 'disconnected';
  last_sync_at: string | null;
  /** An `EbayProblem`. */
  last_sync_error: string | null;
  next_sync_at: string | null;
  /** When the seller's consent lapses; the page warns 30 days before. */
  consent_expires_at: string | null;
  consent_expiring: boolean;
}

export interface EbayOrderView {
  id: string;
  store: { id: string; ebay_user: string };
  ebay_order_id: string;
  ordered_at: string;
  buyer: string;
  ship_to: { name: string; line1: string; line2: string; city: string; state: string; postal_code: string; country: string; phone: string };
  items: Array<{ line_item_id: string; sku: string; title: string; quantity: number }>;
  total_cents: number;
  currency: string;
  status: EbayOrderStatus;
  quote_id: string | null;
  shipment: { id: string; bol_number: string; tracking_number: string | null; carrier: string } | null;
  fulfilled_at: string | null;
  /** An `EbayProblem`. */
  fulfillment_error: string | null;
}

export const ebayOrderQuery = z.object({
  status: z.enum(EBAY_ORDER_STATUSES, { error: 'validation.choice' }).optional(),
  store: z.uuid({ error: 'validation.choice' }).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export const ebayLinkRequest = z.object({ shipment_id: z.uuid({ error: 'validation.choice' }) });
export const ebayQuotedRequest = z.object({ quote_id: z.uuid({ error: 'validation.choice' }) });

/** A quote's booking places that came from an eBay order say so (the server writes them, never the browser). */
export const EBAY_ORDER_PREFILL = 'ebay_order';
/** An eBay order's quote books without the buyer's email: eBay gives none. */
export const isEbayOrderPrefill = (prefill: unknown) => (prefill as { source?: unknown } | null | undefined)?.source === EBAY_ORDER_PREFILL;

/** The quote form filled from an order: what could be matched, and the items to complete by hand. */
export interface EbayQuoteInput {
  input: Partial<QuoteRequestInput>;
  unmatched: Array<{ sku: string; title: string; quantity: number }>;
  ship_to: EbayOrderView['ship_to'];
  /** The ship-to checked as the address book checks addresses: ZIP, city and state agree ('USPS verified'). */
  ship_to_verified: boolean;
  /**
   * The modes the matched items can go by (the quote form's rule). Both: the seller is asked and
   * `input` names no mode; one: `input.mode` is it, and `parcel_problem` says why parcel is out.
   */
  modes: { ltl: boolean; parcel: boolean; parcel_problem: ParcelProblemReason | null };
}

/** The cheapest rate of one mode for an order (GET /api/ebay/orders/:id/mode-rates); nothing is stored. */
export interface EbayModeRate {
  total_cents: number;
  currency: string;
  carrier_name: string;
  transit_days: number;
}

/** Both modes rated for an order that fits both; a mode no carrier rated is null. */
export interface EbayModeRates {
  parcel: EbayModeRate | null;
  ltl: EbayModeRate | null;
  cheapest: 'parcel' | 'ltl' | null;
}
