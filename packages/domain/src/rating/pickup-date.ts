/**
 * The first pickup date that can be quoted for an origin at an instant (docs/freight-rules.md,
 * First pickup date). Counted in the origin's own local day and on its country's business calendar:
 *
 * - a pickup is asked for on the business day before it, by that day's cut-off at the origin
 *   (PICKUP_CUTOFF, 2 PM by default): the rates of a quote hold until then (`pickupExpiry`);
 * - so the first quotable date is the business day after today when today is a business day and
 *   its cut-off is still ahead, and otherwise the business day after the next one. On a weekend or
 *   a holiday nobody can ask for the next business day's pickup in time any more: its cut-off was
 *   on the business day before, which has passed.
 *
 * Today itself is never quotable (spec: no rates for today). The answer also says which nearer
 * days were passed over and why, so a form can tell the shipper "Thursday 26 is Thanksgiving".
 */
import type { Country, Language } from '../settings';
import { addBusinessDays, addDays, holidayName, type IsoDate, isBusinessDay, isWeekend, nextBusinessDay } from './calendar';
import { localDateTime, zonedInstant, zoneOf } from './zones';

/** Carriers plan next-day pickups by early afternoon at the pickup place. */
export const DEFAULT_PICKUP_CUTOFF = '14:00';

export const SKIP_REASONS = ['weekend', 'holiday', 'cutoff'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** A day between today and the first quotable date, and why it is not offered. */
export interface SkippedDay {
  date: IsoDate;
  reason: SkipReason;
  /** The holiday's (or carrier closure's) name, in the language asked for. */
  holiday?: string;
}

export interface FirstPickup {
  /** The first quotable pickup date. */
  date: IsoDate;
  /** The origin's local date at the instant asked. */
  today: IsoDate;
  /** Every day after today and before `date`, in order. */
  skipped: SkippedDay[];
}

/** Where the pickup is: the country's calendar, the state's (or province's) time zone. */
export interface PickupOrigin {
  country: Country;
  state?: string | null;
}

/** Minutes since midnight of an 'HH:MM' cut-off. */
function minutesOf(cutoff: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(cutoff);
  if (!m) throw new RangeError(`Invalid cut-off time: ${cutoff}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

const zoneOfOrigin = (origin: PickupOrigin) => zoneOf(origin.state ?? '', origin.country);

/** The origin's local date at an instant: "today" for every pickup rule. */
export function originToday(origin: PickupOrigin, at: Date): IsoDate {
  return localDateTime(at, zoneOfOrigin(origin)).date;
}

/** Why `date` (a day before the first quotable one) is passed over. */
function skipOf(date: IsoDate, country: Country, language: Language): SkippedDay {
  const holiday = holidayName(date, country, language);
  if (holiday !== undefined) return { date, reason: 'holiday', holiday };
  if (isWeekend(date)) return { date, reason: 'weekend' };
  return { date, reason: 'cutoff' };
}

/** The first quotable pickup date for `origin` at the instant `at`, with the nearer days passed over. */
export function firstPickupDate(origin: PickupOrigin, at: Date, cutoff: string, language: Language = 'en'): FirstPickup {
  const { country } = origin;
  const { date: today, minutes } = localDateTime(at, zoneOfOrigin(origin));
  const askToday = isBusinessDay(today, country) && minutes < minutesOf(cutoff);
  const askedOn = askToday ? today : nextBusinessDay(today, country);
  const date = nextBusinessDay(askedOn, country);
  const skipped: SkippedDay[] = [];
  for (let day = addDays(today, 1); day < date; day = addDays(day, 1)) skipped.push(skipOf(day, country, language));
  return { date, today, skipped };
}

/**
 * When a quote for `pickupDate` stops holding: the cut-off at the origin on the business day
 * before the pickup date (from that instant on, `firstPickupDate` answers a later day).
 */
export function pickupExpiry(pickupDate: IsoDate, origin: PickupOrigin, cutoff: string): Date {
  const askedOn = addBusinessDays(pickupDate, -1, origin.country);
  return zonedInstant(askedOn, minutesOf(cutoff), zoneOfOrigin(origin));
}
