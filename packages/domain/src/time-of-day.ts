// Made once per locale: a formatter costs far more to make than to use, and a batch's bills of
// lading print thousands of times.
const clockFormats = new Map<string, Intl.DateTimeFormat>();
function clockFormat(locale: string) {
  let format = clockFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    clockFormats.set(locale, format);
  }
  return format;
}

/**
 * A place's local 'HH:MM' (24 h, as stored) in the reader's style, the same on screens and paper:
 * '2:30 p.m.' style for Spanish (Mexico), '2:30 PM' for English; anything else is kept as given.
 */
export function formatTimeOfDay(hhmm: string | null | undefined, language: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm ?? '');
  if (!m) return hhmm ?? '';
  const at = new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])));
  const text = clockFormat(language === 'es' ? 'es-MX' : 'en-US').format(at);
  // Newer ICU puts a narrow no-break space before AM/PM, which the PDFs' standard fonts lack.
  return text.replace(/[\u202f\u00a0]/g, ' ');
}
