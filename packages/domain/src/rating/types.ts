/**
 * Shared vocabulary of the rating engine. Inside the engine: inches, pounds, integer cents (minor
 * units) of one currency, dates as ISO 'YYYY-MM-DD'. Conversions happen at the edges (units.ts).
 */
import type { Country, Currency } from '../settings';

export type Cents = number;

export interface Money {
  cents: Cents;
  currency: Currency;
}

export type ChargeCode = 'freight' | 'discount' | 'gross' | 'fuel' | 'accessorial' | 'insurance' | 'surcharge' | 'minimum' | 'total';

/** One line of a rate's breakdown. `label` is an i18n key; `detail` names the accessorial or surcharge. */
export interface ChargeLine {
  code: ChargeCode;
  label: string;
  detail?: string;
  amount_cents: Cents;
}

/** A parcel carrier's distance zone (geo.ts's parcelZone), kept here so parcel rates need no postal data. */
export type ParcelZone = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface Place {
  postal_code: string;
  country: Country;
}

/** A reason a rate cannot be given online, or a warning that goes with rates (i18n key + params). */
export interface RateMessage {
  level: 'no_rate' | 'warning';
  key: string;
  params?: Record<string, string | number>;
}
