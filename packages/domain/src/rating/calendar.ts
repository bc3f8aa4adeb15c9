/**
 * Business-day calendar for pickup validation and transit estimates. Dates are ISO 'YYYY-MM-DD'
 * strings throughout; the day arithmetic underneath is days.ts's (whole UTC days).
 *
 * Closed days: Saturdays, Sundays, the public holidays date-holidays knows for the country
 * (national level only, type 'public', including its observed substitute days: Saturday ->
 * Friday, Sunday -> Monday for US federal holidays), and for the US the days carriers close
 * besides: the day after Thanksgiving and Christmas Eve (docs/freight-rules.md).
 */
import Holidays from 'date-holidays';
import { LRUCache } from 'lru-cache';
import type { Country, Language } from '../settings';
import { addDays, dayOfWeek, fromDayNumber, type IsoDate, isWeekend, toDayNumber } from './days';
import type { RateMessage } from './types';

export { addDays, dayOfWeek, type IsoDate, isWeekend } from './days';

export interface TransitDays {
  min: number;
  max: number;
}

export interface DeliveryWindow {
  earliest: IsoDate;
  latest: IsoDate;
}

// --- holiday tables ------------------------------------------------------------------------

/** One Holidays instance per country (construction parses the rule data). */
const holidayInstances = new Map<Country, Holidays>();
/** Closed days per `${country}:${year}:${language}`: ISO date -> holiday name. */
const closedDayTables = new Map<string, Map<IsoDate, string>>();

function holidaysFor(country: Country): Holidays {
  let h = holidayInstances.get(country);
  if (!h) {
    h = new Holidays(country);
    holidayInstances.set(country, h);
  }
  return h;
}

/** The Thursday of US Thanksgiving (4th Thursday of November) for a year. */
function usThanksgiving(year: number): IsoDate {
  const nov1 = `${year}-11-01`;
  const offset = (4 - dayOfWeek(nov1) + 7) % 7; // days to the first Thursday
  return addDays(nov1, offset + 21);
}

/** The two US carrier closures are no public holidays, so date-holidays has no words for them. */
const CARRIER_CLOSURE_NAMES = {
  dayAfterThanksgiving: { en: 'Day after Thanksgiving', es: 'Día después de Acción de Gracias' },
  christmasEve: { en: 'Christmas Eve', es: 'Nochebuena' },
} as const;

/** `language` undefined: date-holidays' default language of the country, the closures in English. */
function buildClosedDays(country: Country, year: number, language?: Language): Map<IsoDate, string> {
  const table = new Map<IsoDate, string>();
  const h = holidaysFor(country);
  // Substitute days can fall in the neighbouring year (New Year's Day on a Saturday is observed
  // on Dec 31 of the year before), so read three years and keep the dates of this one.
  for (const y of [year - 1, year, year + 1]) {
    for (const hol of language ? h.getHolidays(y, language) : h.getHolidays(y)) {
      if (hol.type !== 'public') continue;
      const date = hol.date.slice(0, 10);
      if (!date.startsWith(`${year}-`)) continue;
      const existing = table.get(date);
      table.set(date, existing ? `${existing} / ${hol.name}` : hol.name);
    }
  }
  if (country === 'US') {
    const dayAfter = addDays(usThanksgiving(year), 1);
    if (!table.has(dayAfter)) table.set(dayAfter, CARRIER_CLOSURE_NAMES.dayAfterThanksgiving[language ?? 'en']);
    const eve = `${year}-12-24`;
    if (!table.has(eve)) table.set(eve, CARRIER_CLOSURE_NAMES.christmasEve[language ?? 'en']);
  }
  return table;
}

function closedDays(country: Country, year: number, language?: Language): Map<IsoDate, string> {
  const key = `${country}:${year}:${language ?? ''}`;
  let table = closedDayTables.get(key);
  if (!table) {
    table = buildClosedDays(country, year, language);
    closedDayTables.set(key, table);
  }
  return table;
}

/**
 * The name of the public holiday or carrier closure on `date` in `country`, or undefined.
 * Names come from date-holidays, in `language` when given, else in the country's default language
 * (English for US and CA, Spanish for MX); the two US carrier closures are named here.
 */
export function holidayName(date: IsoDate, country: Country, language?: Language): string | undefined {
  toDayNumber(date); // validate
  return closedDays(country, Number(date.slice(0, 4)), language).get(date);
}

export function isHoliday(date: IsoDate, country: Country): boolean {
  return holidayName(date, country) !== undefined;
}

/** A weekday that is not a public holiday (or, in the US, a carrier closure). */
export function isBusinessDay(date: IsoDate, country: Country): boolean {
  return !isWeekend(date) && !isHoliday(date, country);
}

/**
 * The date `n` business days after `date` (the start day itself is never counted, whether or
 * not it is a business day). n = 0 returns `date` unchanged; a negative n counts backwards.
 */
export function addBusinessDays(date: IsoDate, n: number, country: Country): IsoDate {
  if (!Number.isInteger(n)) throw new RangeError(`Business days must be an integer: ${n}`);
  const step = n < 0 ? -1 : 1;
  let remaining = Math.abs(n);
  let day = toDayNumber(date);
  while (remaining > 0) {
    day += step;
    if (isBusinessDay(fromDayNumber(day), country)) remaining -= 1;
  }
  return fromDayNumber(day);
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: IsoDate, country: Country): IsoDate {
  return addBusinessDays(date, 1, country);
}

/**
 * Why a pickup date cannot be rated online. `today` is passed in (the caller
 * decides the shipper's local date). Past and today exclude each other; a weekend and a holiday
 * can both be reported (July 4 2026 is a Saturday and a holiday).
 */
export function pickupDateProblems(pickupDate: IsoDate, today: IsoDate, country: Country): RateMessage[] {
  const problems: RateMessage[] = [];
  const pickup = toDayNumber(pickupDate);
  const now = toDayNumber(today);
  if (pickup < now) problems.push({ level: 'no_rate', key: 'quote.no_rate.pickup_past' });
  else if (pickup === now) problems.push({ level: 'no_rate', key: 'quote.no_rate.pickup_today' });
  if (isWeekend(pickupDate)) problems.push({ level: 'no_rate', key: 'quote.no_rate.pickup_weekend' });
  const holiday = holidayName(pickupDate, country);
  if (holiday !== undefined) {
    problems.push({ level: 'no_rate', key: 'quote.no_rate.pickup_holiday', params: { holiday } });
  }
  return problems;
}

// --- transit -------------------------------------------------------------------------------

/** The upper bound of a distance band (whole miles) -> business days. */
const LTL_TRANSIT_TABLE: ReadonlyArray<{ maxMiles: number; days: TransitDays }> = [
  { maxMiles: 250, days: { min: 1, max: 1 } },
  { maxMiles: 500, days: { min: 1, max: 2 } },
  { maxMiles: 1000, days: { min: 2, max: 3 } },
  { maxMiles: 1500, days: { min: 3, max: 4 } },
  { maxMiles: 2000, days: { min: 4, max: 5 } },
];
const LTL_TRANSIT_LONGEST: TransitDays = { min: 5, max: 7 };

/**
 * LTL transit in business days from the heuristic table. Miles are rounded to the nearest whole
 * mile first (the table is in whole miles), so 250.4 -> 1-1 and 250.5 -> 1-2.
 */
export function ltlTransitDays(miles: number): TransitDays {
  if (!Number.isFinite(miles) || miles < 0) throw new RangeError(`Invalid distance: ${miles}`);
  const whole = Math.round(miles);
  const band = LTL_TRANSIT_TABLE.find((b) => whole <= b.maxMiles);
  return { ...(band ? band.days : LTL_TRANSIT_LONGEST) };
}

/** LTL service levels as carriers sell them: a guaranteed date, the standard network, or economy. */
export const LTL_SERVICE_LEVELS = ['guaranteed', 'standard', 'economy'] as const;
export type LtlServiceLevel = (typeof LTL_SERVICE_LEVELS)[number];

/**
 * One carrier's LTL transit on one lane, in business days, within the heuristic band of its
 * miles: a guaranteed service delivers in the band's fewest days and economy a day after its
 * most. A standard service is as fast as the carrier's network on that lane: some carriers run
 * it direct (the fewest days), others through one more terminal (the most), decided per carrier
 * and lane (origin and destination ZIP3) so the same quote always says the same.
 */
export function ltlCarrierTransitDays(
  miles: number,
  level: LtlServiceLevel,
  carrier: string,
  originZip: string,
  destinationZip: string,
): number {
  const band = ltlTransitDays(miles);
  if (level === 'guaranteed') return band.min;
  if (level === 'economy') return band.max + 1;
  const lane = `${carrier}:${originZip.slice(0, 3)}:${destinationZip.slice(0, 3)}`;
  let hash = 0;
  for (const c of lane) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return hash % 2 === 0 ? band.min : band.max;
}

/**
 * Delivery dates already counted, by country, pickup and transit days. Every carrier of a quote,
 * and every quote of the day, asks for the same few; the calendar never changes while a process
 * runs, so an answer stays right. Bounded: the answer asked least recently goes first.
 */
const deliveryDates = new LRUCache<string, IsoDate>({ max: 1_000 });

/**
 * Delivery date `transitDays` business days after pickup, on the destination country's
 * calendar; the pickup day is not counted.
 */
export function estimatedDelivery(pickupDate: IsoDate, transitDays: number, destinationCountry: Country): IsoDate {
  if (!Number.isInteger(transitDays) || transitDays < 0) {
    throw new RangeError(`Invalid transit days: ${transitDays}`);
  }
  const key = `${destinationCountry}|${pickupDate}|${transitDays}`;
  let date = deliveryDates.get(key);
  if (date === undefined) {
    date = addBusinessDays(pickupDate, transitDays, destinationCountry); // throws on an invalid date: nothing kept
    deliveryDates.set(key, date);
  }
  return date;
}

/** Earliest and latest delivery for a transit range (see estimatedDelivery). */
export function estimatedDeliveryWindow(pickupDate: IsoDate, transit: TransitDays, destinationCountry: Country): DeliveryWindow {
  return {
    earliest: estimatedDelivery(pickupDate, transit.min, destinationCountry),
    latest: estimatedDelivery(pickupDate, transit.max, destinationCountry),
  };
}
