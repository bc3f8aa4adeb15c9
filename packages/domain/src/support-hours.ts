import { isBusinessDay } from './rating/calendar';
import { instantAt, localClock } from './zoned-time';

/**
 * Staff hours of the support desk: business days (US, no weekends or holidays) between
 * two local times in the provider's time zone. A separate entry (`@freight/domain/support-hours`)
 * so the web bundle carries no holiday data; the server answers the web's questions about hours.
 */
export interface SupportHours {
  /** IANA time zone of the desk. */
  timeZone: string;
  /** Local opening and closing times, 'HH:MM' (24-hour), closes after opens. */
  opensAt: string;
  closesAt: string;
}

export const DEFAULT_SUPPORT_HOURS: SupportHours = { timeZone: 'America/Chicago', opensAt: '08:00', closesAt: '18:00' };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whether the desk is staffed at `at`. */
export function isSupportOpen(at: Date, hours: SupportHours = DEFAULT_SUPPORT_HOURS): boolean {
  const { date, minutes } = localClock(at, hours.timeZone);
  return isBusinessDay(date, 'US') && minutes >= minutesOf(hours.opensAt) && minutes < minutesOf(hours.closesAt);
}

/** When the desk next opens (`at` itself when it is open now). */
export function nextSupportOpening(at: Date, hours: SupportHours = DEFAULT_SUPPORT_HOURS): Date {
  if (isSupportOpen(at, hours)) return at;
  let { date, minutes } = localClock(at, hours.timeZone);
  if (minutes >= minutesOf(hours.opensAt)) date = nextDate(date);
  while (!isBusinessDay(date, 'US')) date = nextDate(date);
  return instantAt(date, minutesOf(hours.opensAt), hours.timeZone);
}

/**
 * Staffed minutes between two instants: the first-response and resolution clocks of the inbox,
 * which stop at night, on weekends and on holidays.
 */
export function businessMinutesBetween(from: Date, to: Date, hours: SupportHours = DEFAULT_SUPPORT_HOURS): number {
  if (to <= from) return 0;
  const open = minutesOf(hours.opensAt);
  const close = minutesOf(hours.closesAt);
  let total = 0;
  let date = localClock(from, hours.timeZone).date;
  const lastDate = localClock(to, hours.timeZone).date;
  // A thread left for years would walk every day: a year of business days is plenty for a clock.
  for (let days = 0; date <= lastDate && days < 400; days++, date = nextDate(date)) {
    if (!isBusinessDay(date, 'US')) continue;
    const dayOpen = instantAt(date, open, hours.timeZone).getTime();
    const dayClose = instantAt(date, close, hours.timeZone).getTime();
    const start = Math.max(dayOpen, from.getTime());
    const end = Math.min(dayClose, to.getTime());
    if (end > start) total += end - start;
  }
  return Math.floor(total / 60_000);
}
