/** 'YYYY-MM-DD' as a local date (new Date('2026-01-08') would be UTC midnight: the day before in the Americas). */
export function localDate(iso: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : iso;
}
