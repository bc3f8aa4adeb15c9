/**
 * The local time of places: the IANA time zone of a state or province, and its UTC offset at an
 * instant (daylight saving time included). Events keep their place's offset, so the tracking
 * history can show when they happened there.
 */

/** Time zones of US states, Canadian provinces and a few Mexican states; others fall back to the country's. */
const ZONES: Record<string, string> = {
  ...Object.fromEntries(
    'CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV'.split(' ').map((s) => [`US-${s}`, 'America/New_York']),
  ),
  ...Object.fromEntries('AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI'.split(' ').map((s) => [`US-${s}`, 'America/Chicago'])),
  ...Object.fromEntries('CO ID MT NM UT WY'.split(' ').map((s) => [`US-${s}`, 'America/Denver'])),
  ...Object.fromEntries('CA NV OR WA'.split(' ').map((s) => [`US-${s}`, 'America/Los_Angeles'])),
  'US-AZ': 'America/Phoenix',
  'US-AK': 'America/Anchorage',
  'US-HI': 'Pacific/Honolulu',
  'US-PR': 'America/Puerto_Rico',
  'CA-NL': 'America/St_Johns',
  'CA-NS': 'America/Halifax',
  'CA-NB': 'America/Halifax',
  'CA-PE': 'America/Halifax',
  'CA-QC': 'America/Toronto',
  'CA-ON': 'America/Toronto',
  'CA-MB': 'America/Winnipeg',
  'CA-SK': 'America/Regina',
  'CA-AB': 'America/Edmonton',
  'CA-BC': 'America/Vancouver',
  'CA-YT': 'America/Whitehorse',
  'CA-NT': 'America/Edmonton',
  'CA-NU': 'America/Iqaluit',
  'MX-BC': 'America/Tijuana',
  'MX-BCN': 'America/Tijuana',
  'MX-SON': 'America/Hermosillo',
  'MX-SIN': 'America/Mazatlan',
  'MX-BCS': 'America/Mazatlan',
  'MX-ROO': 'America/Cancun',
};
const COUNTRY_ZONES: Record<string, string> = { US: 'America/Chicago', CA: 'America/Toronto', MX: 'America/Mexico_City' };

/** The time zone of a state or province (IANA name). */
export function zoneOf(state: string, country: string) {
  return ZONES[`${country}-${state.trim().toUpperCase()}`] ?? COUNTRY_ZONES[country] ?? 'America/Chicago';
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** The zone's UTC offset (minutes) at an instant. */
export function offsetAt(zone: string, instantMs: number) {
  let f = offsetFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, f);
  }
  // 'GMT-06:00', or 'GMT' at UTC itself.
  return utcOffsetMinutes(f.formatToParts(instantMs).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT');
}

/** ISO 8601 of an instant written in the zone's local time with its offset, e.g. 2026-11-24T09:40:00-06:00. */
export function zonedIso(instantMs: number, zone: string) {
  const offset = offsetAt(zone, instantMs);
  const local = new Date(instantMs + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The UTC offset (minutes) at a place at an instant: what an event the portal records itself keeps. */
export function placeOffsetMinutes(state: string, country: string, at: Date) {
  return offsetAt(zoneOf(state, country), at.getTime());
}

/** 'YYYY-MM-DDTHH:MM' at the event's place: the UTC instant shifted by the place's offset. */
export function localTime(occurredAt: Date, offsetMinutes: number) {
  return new Date(occurredAt.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 16);
}

/** The UTC offset written in an ISO 8601 time ('Z' or ±HH:MM), in minutes; 0 when it has none. */
export function utcOffsetMinutes(iso: string) {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso.trim());
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}
