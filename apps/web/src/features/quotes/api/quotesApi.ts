import type {
  BookingPlace,
  CrossingView,
  DeliveryWindowView,
  Paginated,
  QuoteItemFacts,
  QuoteListItem,
  QuoteMode,
  QuoteRequestInput,
} from '@freight/contracts';
import type { Country, Currency } from '@freight/domain';
import { api } from '../../../lib/api';

/** A charge line of a rate; `label` is in the caller's language. */
export interface QuoteCharge {
  code: string;
  label: string;
  detail: string | null;
  amount_cents: number;
}

export interface QuoteRate {
  id: string;
  carrier_name: string;
  scac: string;
  service: string;
  /** A truckload's equipment type, named in the reader's language (null for LTL and parcel). */
  service_name?: string | null;
  transit_days: number;
  /** 'YYYY-MM-DD' */
  estimated_delivery: string;
  /** The lane's learned delivery window, or the promise; null on quotes rated before windows. */
  delivery_window?: DeliveryWindowView | null;
  /** Across a border: the port of entry (its two cities) and whether the truck crosses or hands over; null within one country. */
  crossing?: CrossingView | null;
  currency: Currency;
  total_cents: number;
  charges: QuoteCharge[];
}

export interface QuoteMessage {
  level: 'no_rate' | 'warning';
  key: string;
  params: Record<string, unknown>;
  /** In the caller's language. */
  text: string;
}

export interface QuoteInsuranceOption {
  kind: string;
  premium_cents: number;
  coverage_cents: number;
  deductible_cents: number;
  /** False: cover above the online maximum, bought by phone (absent on older quotes: online). */
  online?: boolean;
}

/** GET /api/quotes/:id and POST /api/quotes (docs/api.md, Quotes). */
export interface Quote {
  id: string;
  mode: QuoteMode;
  client_ref: string | null;
  saved: boolean;
  currency: Currency;
  created_at: string;
  /** 'Q' and eight digits (none on a visitor's quote, which is not stored). */
  number?: string;
  /** When the rates stop holding (the cut-off for the pickup date); null on quotes from before expiry. */
  expires_at?: string | null;
  lowest_total_cents: number | null;
  /** The request as stored, currency and unit system resolved. */
  inputs: QuoteRequestInput;
  items: QuoteItemFacts[];
  road_miles: number | null;
  diesel_usd_per_gal: number | null;
  rates: QuoteRate[];
  insurance_options: QuoteInsuranceOption[];
  messages: QuoteMessage[];
  /**
   * The places of the shipment a reship or return-ship started from, to fill the booking form;
   * null (or absent, from a server before booking) for a new quote.
   */
  booking_prefill?: { pickup: BookingPlace; delivery: BookingPlace; stops?: BookingPlace[] } | null;
}

/** A line of the quote history / saved quotes lists. */
export type QuoteSummary = QuoteListItem;

export interface QuoteListQuery {
  page?: number;
  per_page?: number;
  saved?: boolean;
  mode?: QuoteMode;
  /** Matches the client reference and the origin/destination postal codes. */
  q?: string;
  /** Only the quotes the caller ran. */
  mine?: boolean;
}

/** City and state of a postal code (GET /api/postal-codes/:country/:postal_code). */
export interface PostalPlace {
  postal_code: string;
  country: Country;
  city: string;
  state: string;
}

/** The request-to-sales form (POST /api/quotes/:id/sales-request). */
export interface SalesRequest {
  name: string;
  email: string;
  phone: string;
  notes?: string;
}

type One<T> = { data: T };

export const QUOTES_KEY = ['quotes'] as const;

export const createQuote = (body: QuoteRequestInput) => api.post<One<Quote>>('/api/quotes', body);
export const getQuote = (id: string) => api.get<One<Quote>>(`/api/quotes/${encodeURIComponent(id)}`);
export const saveQuote = (id: string) => api.post<One<Quote>>(`/api/quotes/${encodeURIComponent(id)}/save`);
export const unsaveQuote = (id: string) => api.delete<One<Quote>>(`/api/quotes/${encodeURIComponent(id)}/save`);
export const rerunQuote = (id: string) => api.post<One<Quote>>(`/api/quotes/${encodeURIComponent(id)}/rerun`);
export const listQuotes = ({ saved, mine, ...query }: QuoteListQuery) =>
  api.get<Paginated<QuoteSummary>>('/api/quotes', { query: { ...query, saved: saved ? '1' : undefined, mine: mine ? 'true' : undefined } });
/** A postal code's place; a visitor (`guest`) asks the public endpoint. */
export const lookupPostalCode = (country: Country, postalCode: string, guest = false) =>
  api.get<One<PostalPlace>>(`/api/${guest ? 'public/' : ''}postal-codes/${country}/${encodeURIComponent(postalCode)}`, {
    skipAuthRedirect: guest,
  });

/** What POST /api/public/quotes answers: a rating, nothing stored (no id, no saving). */
export type PublicRating = Pick<
  Quote,
  'inputs' | 'items' | 'road_miles' | 'diesel_usd_per_gal' | 'rates' | 'insurance_options' | 'messages'
>;

/**
 * POST /api/public/quotes, answered as a Quote the rate results can show: it has no id of its
 * own (a local one keys the screen's choices) and is never saved.
 */
export async function createPublicQuote(body: QuoteRequestInput): Promise<{ data: Quote }> {
  const { data } = await api.post<One<PublicRating>>('/api/public/quotes', body, { skipAuthRedirect: true });
  const totals = data.rates.map((r) => r.total_cents);
  return {
    data: {
      ...data,
      id: `public-${Date.now()}`,
      mode: data.inputs.mode,
      client_ref: null,
      saved: false,
      currency: 'USD',
      created_at: new Date().toISOString(),
      lowest_total_cents: totals.length ? Math.min(...totals) : null,
    },
  };
}
export const requestSalesQuote = (id: string, body: SalesRequest) =>
  api.post<One<{ id: string; created_at: string }>>(`/api/quotes/${encodeURIComponent(id)}/sales-request`, body);
