import type {
  Paginated,
  PostalPlace,
  PublicQuoteView,
  QuoteListItem,
  QuoteMode,
  QuoteRateView,
  QuoteRequestInput,
  QuoteView,
} from '@freight/contracts';
import type { Country } from '@freight/domain';
import { api } from '../../../lib/api';

/*
 * The quote answers are typed from the contracts' answer schemas (quoteViews.ts), which the
 * server's API tests hold its answers to: restating them here let the two drift apart.
 */

/** GET /api/quotes/:id and POST /api/quotes (docs/api.md, Quotes): a signed-in user's stored quote. */
export type Quote = QuoteView;

/** A carrier's rate of a quote. */
export type QuoteRate = QuoteRateView;

/** A charge line of a rate; `label` is in the caller's language. */
export type QuoteCharge = QuoteRate['charges'][number];

/** Why a carrier gave no rate, or a warning that goes with the rates; `text` is in the caller's language. */
export type QuoteMessage = Quote['messages'][number];

export type QuoteInsuranceOption = Quote['insurance_options'][number];

/** What POST /api/public/quotes answers: a visitor's rating alone, with none of a stored quote's header (no id, number, expiry or saving). */
export type VisitorQuote = PublicQuoteView;

/**
 * A visitor's quote as the page keeps it: the rating with the header the page gives it itself
 * (createPublicQuote). It still has no number, expiry, booking prefill or booking, so it cannot
 * reach the Book step, which takes a `Quote`.
 */
export type ShownVisitorQuote = VisitorQuote &
  Pick<Quote, 'id' | 'mode' | 'client_ref' | 'saved' | 'currency' | 'created_at' | 'lowest_total_cents'>;

/** What the rate results read of a quote: a stored quote and a visitor's both have it. */
export type ResultsQuote = Pick<Quote, 'id' | 'mode' | 'saved' | 'currency' | 'inputs' | 'rates' | 'insurance_options' | 'messages'>;

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
export type { PostalPlace } from '@freight/contracts';

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

/**
 * POST /api/public/quotes, answered as a quote the rate results can show: it has no id of its
 * own (a local one keys the screen's choices) and is never saved.
 */
export async function createPublicQuote(body: QuoteRequestInput): Promise<{ data: ShownVisitorQuote }> {
  const { data } = await api.post<One<VisitorQuote>>('/api/public/quotes', body, { skipAuthRedirect: true });
  const totals = data.rates.map((r) => r.total_cents);
  return {
    data: {
      ...data,
      id: `public-${Date.now()}`,
      mode: data.inputs.mode,
      client_ref: null,
      saved: false,
      // The rates' currency as the answer states it (a visitor's quote is always in dollars).
      currency: data.inputs.currency,
      created_at: new Date().toISOString(),
      lowest_total_cents: totals.length ? Math.min(...totals) : null,
    },
  };
}
export const requestSalesQuote = (id: string, body: SalesRequest) =>
  api.post<One<{ id: string; created_at: string }>>(`/api/quotes/${encodeURIComponent(id)}/sales-request`, body);
