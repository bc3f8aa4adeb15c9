/**
 * What a test books, as data alone: the items, the places, the quote's answer and a complete
 * booking of it. No app or database here, so the browser scenarios' seeding (e2e/support/seed.ts)
 * builds the same bookings as the API tests without bringing the server's code into their build.
 */

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
