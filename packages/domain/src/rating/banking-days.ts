/**
 * The days US banks move money (the Federal Reserve's ACH calendar), which is not the carriers'
 * calendar: banks open on the day after Thanksgiving and on Christmas Eve, when carriers close,
 * and a federal holiday falling on a Saturday closes nothing (the Fed does not observe it on the
 * Friday), while one falling on a Sunday is observed on the Monday.
 */
import Holidays from 'date-holidays';
import { addDays, dayOfWeek, type IsoDate } from './days';

let federal: Holidays | undefined;
const closedByYear = new Map<number, Set<IsoDate>>();

function bankHolidays(year: number): Set<IsoDate> {
  let closed = closedByYear.get(year);
  if (!closed) {
    federal ??= new Holidays('US');
    closed = new Set(
      federal
        .getHolidays(year)
        // A substitute day on a Friday is a Saturday holiday moved back: banks stay open then.
        .filter((h) => h.type === 'public' && !(h.substitute && dayOfWeek(h.date.slice(0, 10)) === 5))
        .map((h) => h.date.slice(0, 10)),
    );
    closedByYear.set(year, closed);
  }
  return closed;
}

/** A weekday on which the Federal Reserve settles ACH. */
export function isBankingDay(date: IsoDate): boolean {
  const dow = dayOfWeek(date);
  return dow !== 0 && dow !== 6 && !bankHolidays(Number(date.slice(0, 4))).has(date);
}

/** The first banking day strictly after `date`. */
export function nextBankingDay(date: IsoDate): IsoDate {
  let day = addDays(date, 1);
  while (!isBankingDay(day)) day = addDays(day, 1);
  return day;
}
