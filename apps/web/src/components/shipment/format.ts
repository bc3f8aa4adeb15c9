import { localeOf } from '../../lib/format';

/** 'YYYY-MM-DD' as a local date (new Date('2026-01-08') would be UTC midnight: the day before in the Americas). */
export function localDate(iso: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : iso;
}

/** 'HH:MM' (24 h, a place's local time) in the language's style: '2:30 PM', '14:30'; '' stays ''. */
export function formatTimeOfDay(hhmm: string | null | undefined, language: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm ?? '');
  if (!m) return hhmm ?? '';
  const d = new Date(2000, 0, 1, Number(m[1]), Number(m[2]));
  return new Intl.DateTimeFormat(localeOf(language), { hour: 'numeric', minute: '2-digit' }).format(d);
}

/** Minor units to major units for useFormat().money. */
export const major = (cents: number) => cents / 100;

/**
 * The time left until `dueAt`, split for display: under an hour 'mm:ss', else hours and minutes.
 * `ms` <= 0 means the time is up.
 */
export function timeLeft(ms: number): { expired: boolean; h: number; m: number; s: number } {
  if (ms <= 0) return { expired: true, h: 0, m: 0, s: 0 };
  const total = Math.ceil(ms / 1000);
  return { expired: false, h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}
