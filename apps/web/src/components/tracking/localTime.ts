import { dateTimeFormat } from '../../lib/format';

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/**
 * A wall-clock time or date as written ('YYYY-MM-DDTHH:MM', 'YYYY-MM-DD'), formatted in the UI
 * language without moving it into the browser's time zone: a carrier's 14:05 in Chicago stays
 * 14:05 for a shipper in Monterrey, and a pickup on the 10th stays on the 10th.
 */
function wallClock(value: string): { date: Date; hasTime: boolean } | null {
  const m = LOCAL_TIME.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m;
  const hasTime = h !== undefined;
  return { date: new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), hasTime ? Number(h) : 0, hasTime ? Number(mi) : 0)), hasTime };
}

/** 'Nov 23, 2026, 2:05 PM' for the carrier's local time '2026-11-23T14:05'. */
export function formatLocalTime(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const w = wallClock(value);
  if (!w) return value;
  return dateTimeFormat(language, { dateStyle: 'medium', ...(w.hasTime ? { timeStyle: 'short' } : {}), timeZone: 'UTC' }).format(w.date);
}

/** 'Nov 23, 2026' for a calendar date '2026-11-23' (a pickup or delivery date). */
export function formatLocalDate(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const w = wallClock(value);
  if (!w) return value;
  return dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(w.date);
}

/** 'Chicago, IL' (either part may be missing). */
export function placeName(p: { city?: string | null; state?: string | null }): string {
  return [p.city, p.state].filter((s) => s?.trim()).join(', ');
}

/** A zone as the reader says it, e.g. 'Central Time (America/Chicago)' or 'hora central (America/Chicago)'. */
export function zoneLabel(timeZone: string, language: string) {
  const name = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(0)
    .find((p) => p.type === 'timeZoneName')?.value;
  return name && name !== timeZone ? `${name} (${timeZone})` : timeZone;
}
