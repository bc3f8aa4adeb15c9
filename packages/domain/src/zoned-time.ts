/**
 * Wall-clock arithmetic in an IANA time zone, for the business's days (staff's "today" and "this
 * month", the invoice round) and the local time of places. Pure: Intl does the zone rules, daylight
 * saving included.
 */

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string) {
  let f = clockFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    clockFormats.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `at` in `timeZone`: ISO date and minutes since local midnight. */
export function localClock(at: Date, timeZone: string) {
  const parts = clockFormat(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

/** The instant at which the wall clock in `timeZone` reads `date` + `minutes`. */
export function instantAt(date: string, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), 0, minutes);
  // The zone's offset at the guess, applied twice to settle across a daylight-saving change.
  let at = guess;
  for (let i = 0; i < 2; i++) {
    const seen = localClock(new Date(at), timeZone);
    const seenUtc = Date.UTC(
      Number(seen.date.slice(0, 4)),
      Number(seen.date.slice(5, 7)) - 1,
      Number(seen.date.slice(8, 10)),
      0,
      seen.minutes,
    );
    at += guess - seenUtc;
  }
  return new Date(at);
}

/** The calendar day (YYYY-MM-DD) of `at` in `timeZone`. */
export const zonedDate = (at: Date, timeZone: string) => localClock(at, timeZone).date;

/** The instant a calendar day begins in `timeZone`. */
export const startOfZonedDay = (date: string, timeZone: string) => instantAt(date, 0, timeZone);

/** The first day (YYYY-MM-01) of the month `at` falls in, in `timeZone`. */
export const zonedMonthStart = (at: Date, timeZone: string) => `${zonedDate(at, timeZone).slice(0, 8)}01`;

/** 'YYYY-MM-DDTHH:MM' of `at` on the wall clock of `timeZone`. */
export function zonedDateTime(at: Date, timeZone: string) {
  const { date, minutes } = localClock(at, timeZone);
  return `${date}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
