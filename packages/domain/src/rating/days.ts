/**
 * Calendar arithmetic on ISO 'YYYY-MM-DD' strings, done on whole UTC days so that no time zone
 * ever enters it. Apart from the business-day calendar (calendar.ts) because that one carries
 * date-holidays and its astronomy and moment tables (about half a megabyte in a browser bundle):
 * code that only counts days (an analytics period, a report's next mailing) imports this file and
 * leaves the holidays out of the portal's first script.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 for a valid ISO date; throws RangeError on anything else. */
export function toDayNumber(date: IsoDate): number {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`Invalid ISO date: ${date}`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new RangeError(`Invalid ISO date: ${date}`);
  }
  return ms / MS_PER_DAY;
}

/** The ISO date of a day number (days since 1970-01-01). */
export function fromDayNumber(day: number): IsoDate {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Calendar arithmetic: `date` plus `days` calendar days (negative allowed). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  // 1970-01-01 was a Thursday (4).
  return (((toDayNumber(date) + 4) % 7) + 7) % 7;
}

export function isWeekend(date: IsoDate): boolean {
  const dow = dayOfWeek(date);
  return dow === 0 || dow === 6;
}
