/** 'YYYY-MM-DD' as a local date (new Date('2026-01-08') would be UTC midnight: the day before in the Americas). */
export function localDate(iso: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : iso;
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
