import { randomUUID } from 'node:crypto';
import { addDays, isBusinessDay, originToday } from '@freight/domain/rating';
import { catalogs } from '../../i18n';
import type { TestApp, TestClient } from '../../test/harness';

/** Booking test helpers shared by the shipments and payments tests. */

/** Today at the tests' pickup in Chicago, as the server judges a pickup date (not UTC's day, a day ahead every evening). */
export const today = (t: TestApp) => originToday({ country: 'US', state: 'IL' }, t.clock.now);

/** A U.S. business day at least a week ahead of the test clock. */
export function businessDay(t: TestApp, ahead = 7) {
  let d = addDays(today(t), ahead);
  while (!isBusinessDay(d, 'US')) d = addDays(d, 1);
  return d;
}

export const pallet = {
  package_type: 'pallets',
  quantity: 2,
  length: 48,
  width: 40,
  height: 48,
  weight: 400,
  stackable: true,
  hazardous: false,
};
export const box = { package_type: 'boxes', quantity: 1, length: 12, width: 10, height: 8, weight: 10, stackable: true, hazardous: false };

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

export interface QuoteData {
  id: string;
  mode: 'ltl' | 'parcel' | 'truckload';
  currency: string;
  inputs: {
    pickup_date: string;
    origin: { postal_code: string };
    destination: { postal_code: string; site_type?: string };
    signature?: string;
    equipment_type?: string;
  };
  rates: { id: string; carrier_name: string; scac: string; total_cents: number; transit_days: number; estimated_delivery: string }[];
  insurance_options: { kind: string; premium_cents: number; coverage_cents: number; deductible_cents: number; online?: boolean }[];
  booking_prefill: { pickup: Record<string, unknown>; delivery: Record<string, unknown> } | null;
}

export async function createQuote(t: TestApp, c: TestClient, over: Record<string, unknown> = {}): Promise<QuoteData> {
  const res = await c.post('/api/quotes', quoteRequest(t, over));
  if (res.statusCode !== 201) throw new Error(`quote failed: ${res.statusCode} ${res.body}`);
  const quote = res.json().data as QuoteData;
  if (quote.rates.length === 0) throw new Error(`quote has no rates: ${res.body}`);
  return quote;
}

export const chicagoPlace = (over: Record<string, unknown> = {}) => ({
  company: 'Acme Chicago Dock',
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann.lee@acme.example',
  phone: '(312) 555-0101',
  street1: '233 S Wacker Dr',
  street2: 'Dock 4',
  city: 'Chicago',
  state: 'IL',
  postal_code: '60606',
  country: 'US',
  opens_at: '08:00',
  closes_at: '16:00',
  ...over,
});

export const dallasPlace = (over: Record<string, unknown> = {}) => ({
  company: 'Dallas Receiving LLC',
  first_name: 'Raul',
  last_name: 'Ortiz',
  email: 'raul@dallas-receiving.example',
  phone: '(214) 555-0177',
  street1: '2200 Ross Ave',
  city: 'Dallas',
  state: 'TX',
  postal_code: '75201',
  country: 'US',
  ...over,
});

/**
 * The questions a booking of the quote's mode answers: a parcel's options as quoted (picked up),
 * the dock question for LTL and truckload, a reefer's temperature range.
 */
export function modeAnswers(quote: QuoteData) {
  if (quote.mode === 'parcel') {
    return {
      parcel_options: {
        handoff: 'pickup',
        signature: quote.inputs.signature ?? 'none',
        residential: quote.inputs.destination.site_type === 'residential',
      },
    };
  }
  return {
    residential_or_liftgate: false,
    ...(quote.inputs.equipment_type === 'reefer' ? { temperature: { low_f: 34, high_f: 38, run: 'continuous' } } : {}),
  };
}

/** A complete booking of the quote's first (cheapest) rate. */
export function bookingBody(quote: QuoteData, over: Record<string, unknown> = {}) {
  return {
    quote_id: quote.id,
    rate_id: quote.rates[0]!.id,
    pickup: chicagoPlace(),
    delivery: dallasPlace(),
    pickup_date: quote.inputs.pickup_date,
    ready_time: '09:00',
    close_time: '17:00',
    ...modeAnswers(quote),
    reference_type: 'po_number',
    reference_number: 'PO-4471',
    disclaimer_accepted: true,
    ...over,
  };
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
