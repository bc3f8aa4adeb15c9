import { addDays, holidayName, type IsoDate, isWeekend, localDateTime } from '@freight/domain/rating';
import type { Db } from './client';
import { siteNotifications } from './schema';

/** The next weekday the US carriers' calendar closes (after today in Chicago), within a year. */
function nextCarrierHoliday(now: Date): IsoDate | undefined {
  let day = localDateTime(now, 'America/Chicago').date;
  for (let n = 0; n < 366; n++) {
    day = addDays(day, 1);
    if (!isWeekend(day) && holidayName(day, 'US') !== undefined) return day;
  }
  return undefined;
}

/** 'Thursday, November 26' in the language's own way. */
const dayInWords = (day: IsoDate, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/**
 * A demo notice, so a newcomer sees the portal's banner (and can close it): the next carrier
 * holiday from the business calendar, shown until the day after it, whatever the day of the start.
 */
export async function seedDemoNotices(tx: Db, now: Date) {
  const holiday = nextCarrierHoliday(now);
  if (!holiday) return;
  const name = (language: 'en' | 'es') => holidayName(holiday, 'US', language) ?? '';
  await tx.insert(siteNotifications).values({
    severity: 'info',
    audience: 'customers',
    titleEn: 'Holiday pickups',
    titleEs: 'Recolecciones en días festivos',
    bodyEn: `Carriers do not pick up on ${name('en')}, ${dayInWords(holiday, 'en-US')}. Book pickups for the business days around it.`,
    bodyEs: `Los transportistas no recolectan el ${dayInWords(holiday, 'es-MX')} (${name('es')}). Reserve las recolecciones para los días hábiles de antes o de después.`,
    startsAt: now,
    // Midnight at the end of the day after, in Chicago (or an hour later in summer time).
    endsAt: new Date(`${addDays(holiday, 2)}T06:00:00Z`),
    createdAt: now,
    updatedAt: now,
  });
}
