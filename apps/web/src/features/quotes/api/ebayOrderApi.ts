import type { EbayModeRates, EbayOrderView, EbayQuoteInput } from '@freight/contracts';
import { api } from '../../../lib/api';
import type { Quote } from './quotesApi';

/** The eBay order a quote page starts from: its form fill, and telling it what became of it. */
const path = (id: string, action = '') => `/api/ebay/orders/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export const getEbayOrder = (id: string) => api.get<{ data: EbayOrderView }>(path(id)).then((r) => r.data);
/** The form's fill for an order, and the other orders of its buyer shipped with it (`together`). */
export const getEbayQuoteInput = (id: string, together: string[]) =>
  api.get<{ data: EbayQuoteInput }>(path(id, 'quote-input'), { query: { with: together.join(',') } }).then((r) => r.data);
/** Parcel and LTL rated for an order that fits both (nothing stored), the cheapest named. */
export const getEbayModeRates = (id: string, together: string[]) =>
  api.get<{ data: EbayModeRates }>(path(id, 'mode-rates'), { query: { with: together.join(',') } }).then((r) => r.data);
/** The order was quoted: answers the quote with the order's places for the booking form. */
export const markEbayQuoted = (id: string, quoteId: string) =>
  api.post<{ data: Quote }>(path(id, 'quote'), { quote_id: quoteId }).then((r) => r.data);
