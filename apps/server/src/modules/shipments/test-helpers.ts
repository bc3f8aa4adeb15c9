import { randomUUID } from 'node:crypto';
import { addDays, isBusinessDay, originToday } from '@freight/domain/rating';
import { catalogs } from '../../i18n';
import type { TestApp, TestClient } from '../../test/harness';
import { bookingBody, pallet, type QuoteData } from './booking-fixtures';

/** Booking test helpers shared by the shipments and payments tests. */

export { bookingBody, box, chicagoPlace, dallasPlace, modeAnswers, pallet, type QuoteData } from './booking-fixtures';

/** Today at the tests' pickup in Chicago, as the server judges a pickup date (not UTC's day, a day ahead every evening). */
export const today = (t: TestApp) => originToday({ country: 'US', state: 'IL' }, t.clock.now);

/** A U.S. business day at least a week ahead of the test clock. */
export function businessDay(t: TestApp, ahead = 7) {
  let d = addDays(today(t), ahead);
  while (!isBusinessDay(d, 'US')) d = addDays(d, 1);
  return d;
}

/** A day at least a week ahead that is a business day in all three countries, so any origin may pick up (the border's tests). */
export function everyCountryBusinessDay(t: TestApp) {
  let d = addDays(today(t), 7);
  while (!(['US', 'CA', 'MX'] as const).every((c) => isBusinessDay(d, c))) d = addDays(d, 1);
  return d;
}

/** A quote request Chicago 60606 -> Dallas 75201. */
export function quoteRequest(t: TestApp, over: Record<string, unknown> = {}) {
  return {
    mode: 'ltl',
    pickup_date: businessDay(t),
    origin: { postal_code: '60606', country: 'US', site_type: 'business' },
    destination: { postal_code: '75201', country: 'US', site_type: 'business' },
    items: [pallet],
    accessorials: [],
    insured_value: 0,
    ...over,
  };
}

export async function createQuote(t: TestApp, c: TestClient, over: Record<string, unknown> = {}): Promise<QuoteData> {
  const res = await c.post('/api/quotes', quoteRequest(t, over));
  if (res.statusCode !== 201) throw new Error(`quote failed: ${res.statusCode} ${res.body}`);
  const quote = res.json().data as QuoteData;
  if (quote.rates.length === 0) throw new Error(`quote has no rates: ${res.body}`);
  return quote;
}

export function book(c: TestClient, body: object, key: string | null = randomUUID()) {
  return c.request({ method: 'POST', url: '/api/shipments', payload: body, headers: key === null ? {} : { 'idempotency-key': key } });
}

/** Quote and book in one go; answers the shipment (ShipmentView). */
export async function quoteAndBook(
  t: TestApp,
  c: TestClient,
  quoteOver: Record<string, unknown> = {},
  bookOver: Record<string, unknown> = {},
) {
  const quote = await createQuote(t, c, quoteOver);
  const res = await book(c, bookingBody(quote, bookOver));
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return { quote, shipment: res.json().data };
}

/** The English text of a message key (the answers carry translated texts). */
export function text(key: string, params: Record<string, string> = {}) {
  let value: unknown = catalogs.en;
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`no message ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}
