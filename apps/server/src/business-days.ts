import { addCalendarDays, startOfZonedDay, zonedDate, zonedMonthStart } from '@freight/domain';

/** The business's time zone when BUSINESS_TIME_ZONE is not set. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'America/Chicago';

/**
 * The business's days, in its one configured time zone (BUSINESS_TIME_ZONE): what staff call
 * "today" and "this month" on the dashboard, the lists its figures open, the invoice round,
 * autopay, and the dates of invoices and credit memos and the day a credit hold is judged on.
 * Without it those days would turn at midnight UTC, 6 PM in Chicago.
 */
export function businessDays(timeZone: string) {
  return {
    timeZone,
    /** The calendar day (YYYY-MM-DD) an instant falls on at the business: today, given now. */
    today: (now: Date) => zonedDate(now, timeZone),
    /** The first day of the month it is now at the business. */
    monthStart: (now: Date) => zonedMonthStart(now, timeZone),
    /** The instant a business day begins. */
    start: (date: string) => startOfZonedDay(date, timeZone),
    /** The start of the last `count` business days, today included (1: today's start). */
    lastDays: (now: Date, count: number) => startOfZonedDay(addCalendarDays(zonedDate(now, timeZone), 1 - count), timeZone),
    /** The instant a business day ends (the next one begins): an inclusive 'to' day as an exclusive bound. */
    end: (date: string) => startOfZonedDay(addCalendarDays(date, 1), timeZone),
  };
}
export type BusinessDays = ReturnType<typeof businessDays>;
