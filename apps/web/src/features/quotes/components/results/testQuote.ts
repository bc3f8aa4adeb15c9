import type { Quote, QuoteRate } from '../../api/quotesApi';

/** A rate for tests: charges given in cents, the total their sum. */
export function makeRate(
  id: string,
  carrier_name: string,
  scac: string,
  transit_days: number,
  charges: [string, string | null, number, string?][],
): QuoteRate {
  const lines = charges.map(([code, detail, amount_cents, label]) => ({ code, label: label ?? code, detail, amount_cents }));
  return {
    id,
    carrier_name,
    scac,
    service: 'standard',
    service_name: null,
    transit_days,
    estimated_delivery: '2026-03-12',
    delivery_window: null,
    crossing: null,
    currency: 'USD',
    total_cents: lines.reduce((s, l) => s + l.amount_cents, 0),
    charges: lines,
  };
}

/** The server's order: the preferred carrier (Old Dominion) first, then the others cheapest first. */
export const RATES: QuoteRate[] = [
  makeRate('r-odfl', 'Old Dominion', 'ODFL', 3, [['freight', '70', 18_000, 'Freight']]),
  makeRate('r-saia', 'Saia', 'SAIA', 4, [
    ['freight', '70', 20_000, 'Freight'],
    ['discount', null, -8_000, 'Discount'],
    ['fuel', null, 2_500, 'Fuel surcharge'],
    ['accessorial', 'liftgate_delivery', 500, 'Accessorial'],
  ]),
  makeRate('r-abfs', 'ABF Freight', 'ABFS', 3, [['freight', '70', 16_500, 'Freight']]),
  makeRate('r-exla', 'Estes', 'EXLA', 2, [['freight', '70', 21_000, 'Freight']]),
];

export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: 'q1',
    mode: 'ltl',
    client_ref: null,
    saved: false,
    currency: 'USD',
    created_at: '2026-03-09T15:00:00Z',
    number: 'Q00000001',
    expires_at: null,
    lowest_total_cents: 15_000,
    inputs: {
      mode: 'ltl',
      pickup_date: '2026-03-10',
      origin: { postal_code: '60606', country: 'US', site_type: 'business' },
      destination: { postal_code: '30301', country: 'US', site_type: 'residential' },
      items: [{ package_type: 'pallets', quantity: 2, length: 48, width: 40, height: 48, weight: 500, stackable: true, hazardous: false }],
      accessorials: [],
      insured_value: 8000,
      currency: 'USD',
      unit_system: 'imperial',
      signature: 'none',
      stops: [],
    },
    items: [],
    road_miles: 716,
    diesel_usd_per_gal: 3.7,
    rates: RATES,
    insurance_options: [
      { kind: 'none', premium_cents: 0, coverage_cents: 0, deductible_cents: 0 },
      { kind: 'first_tier', premium_cents: 5_000, coverage_cents: 500_000, deductible_cents: 0 },
      { kind: 'full', premium_cents: 5_000, coverage_cents: 800_000, deductible_cents: 0 },
    ],
    messages: [],
    booking_prefill: null,
    booked_at: null,
    ...overrides,
  };
}

/**
 * The results' count as the page shows it ('4 quotes returned'): the live region says the same
 * words once the results settle, so a find by the words alone may meet both.
 */
export const RATES_COUNT = '[data-testid="rates-count"]';
