/**
 * A place's local 'HH:MM' (24 h, as stored) in the reader's style, the same on screens and paper:
 * '2:30 p.m.' style for Spanish (Mexico), '2:30 PM' for English; anything else is kept as given.
 */
export function formatTimeOfDay(hhmm: string | null | undefined, language: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm ?? '');
  if (!m) return hhmm ?? '';
  const at = new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])));
  const text = new Intl.DateTimeFormat(language === 'es' ? 'es-MX' : 'en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(at);
  // Newer ICU puts a narrow no-break space before AM/PM, which the PDFs' standard fonts lack.
  return text.replace(/[\u202f\u00a0]/g, ' ');
}
