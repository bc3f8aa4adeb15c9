import { CURRENCIES } from '@freight/domain';
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

/** A connected store as its owner sees it: never its tokens. */
export const ebayStoreView = z.strictObject({
  id: z.uuid(),
  ebay_user: z.string(),
  status: z.enum(['connected', 'disconnected']),
  last_sync_at: z.string().nullable(),
  last_sync_error: z
    .string()
    .nullable()
    .meta({ description: "Why the last sync failed: an `EbayProblem` code (older records: eBay's text); null when it worked" }),
  next_sync_at: z.string().nullable(),
  consent_expires_at: z.string().nullable().meta({ description: "When the seller's consent lapses; the page warns 30 days before" }),
  consent_expiring: z.boolean().meta({ description: 'The consent lapses within 30 days' }),
});
export type EbayStoreView = z.output<typeof ebayStoreView>;

/** POST /api/ebay/connect: eBay's consent page, where the browser goes next. */
export const ebayConsentView = z.strictObject({ url: z.string() });
export type EbayConsentView = z.output<typeof ebayConsentView>;

/** GET /api/ebay/notifications: eBay's endpoint check, answered with the hash of its challenge code, the token and the endpoint. */
export const ebayChallengeAnswer = z.strictObject({ challengeResponse: z.string() });

/** Where the buyer wants the order shipped, as eBay gave it (a deleted eBay user's keeps only city, state, postal code and country). */
export const ebayShipTo = z.strictObject({
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string(),
});

/** An order of a connected store, with the shipment booked for it. */
export const ebayOrderView = z.strictObject({
  id: z.uuid(),
  store: z.strictObject({ id: z.uuid(), ebay_user: z.string() }),
  ebay_order_id: z.string(),
  ordered_at: z.string(),
  buyer: z.string(),
  ship_to: ebayShipTo,
  items: z.array(z.strictObject({ line_item_id: z.string(), sku: z.string(), title: z.string(), quantity: z.number().int() })),
  total_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(EBAY_ORDER_STATUSES),
  quote_id: z.uuid().nullable(),
  shipment: z
    .strictObject({ id: z.uuid(), bol_number: z.string(), tracking_number: z.string().nullable(), carrier: z.string() })
    .nullable()
    .meta({ description: 'The shipment booked for it; null before' }),
  fulfilled_at: z.string().nullable().meta({ description: 'When its tracking went back to eBay' }),
  fulfillment_error: z.string().nullable().meta({ description: 'Why the tracking could not go back to eBay: an `EbayProblem` code' }),
});
export type EbayOrderView = z.output<typeof ebayOrderView>;

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

/** The quote form's start from an order: eBay's places and the catalog's items, in inches and pounds. */
const ebayQuoteFill = z.strictObject({
  mode: z.enum(['ltl', 'parcel']).optional().meta({ description: 'Only when the items fit one mode' }),
  pickup_date: z.string().meta({ description: 'The first date the origin can be quoted for' }),
  origin: z
    .strictObject({ postal_code: z.string(), country: z.string(), site_type: z.literal('business') })
    .optional()
    .meta({ description: "The account's company address; absent when it has none" }),
  destination: z.strictObject({ postal_code: z.string(), country: z.string(), site_type: z.literal('residential') }),
  items: z
    .array(
      z.strictObject({
        description: z.string(),
        package_type: z.string(),
        quantity: z.number().int(),
        length: z.number(),
        width: z.number(),
        height: z.number(),
        weight: z.number(),
        freight_class: z.number().optional(),
        nmfc: z.string().optional(),
        hazardous: z.boolean(),
      }),
    )
    .meta({ description: 'The line items whose SKU matched a catalog product' }),
  insured_value: z.number().meta({ description: "The orders' totals, in major units" }),
  client_ref: z.string().meta({ description: "The eBay order's number" }),
  unit_system: z.literal('imperial'),
});

const PARCEL_PROBLEMS = ['pallets', 'weight', 'length', 'dimensions'] as const satisfies readonly ParcelProblemReason[];

/** The quote form filled from an order (GET /api/ebay/orders/:id/quote-input): what could be matched, and the items to complete by hand. */
export const ebayQuoteInputView = z.strictObject({
  input: ebayQuoteFill,
  unmatched: z.array(z.strictObject({ sku: z.string(), title: z.string(), quantity: z.number().int() })),
  ship_to: ebayShipTo,
  ship_to_verified: z
    .boolean()
    .meta({ description: "The ship-to checked as the address book checks addresses: ZIP, city and state agree ('USPS verified')" }),
  modes: z.strictObject({ ltl: z.boolean(), parcel: z.boolean(), parcel_problem: z.enum(PARCEL_PROBLEMS).nullable() }).meta({
    description:
      "The modes the matched items can go by (the quote form's rule). Both: the seller is asked and `input` names no mode; one: `input.mode` is it, and `parcel_problem` says why parcel is out",
  }),
});

/** The quote form filled from an order; the form takes `input` as the start of a quote request. */
export type EbayQuoteInput = Omit<z.output<typeof ebayQuoteInputView>, 'input'> & { input: Partial<QuoteRequestInput> };

/** The cheapest rate of one mode for an order (GET /api/ebay/orders/:id/mode-rates); nothing is stored. */
export const ebayModeRate = z.strictObject({
  total_cents: z.number().int(),
  currency: z.enum(CURRENCIES),
  carrier_name: z.string(),
  transit_days: z.number().int(),
});
export type EbayModeRate = z.output<typeof ebayModeRate>;

/** Both modes rated for an order that fits both; a mode no carrier rated is null. */
export const ebayModeRates = z.strictObject({
  parcel: ebayModeRate.nullable(),
  ltl: ebayModeRate.nullable(),
  cheapest: z.enum(['parcel', 'ltl']).nullable(),
});
export type EbayModeRates = z.output<typeof ebayModeRates>;
