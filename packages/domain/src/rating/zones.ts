/**
 * The local time of places: the IANA time zone of a state or province and its UTC offset at an
 * instant (daylight saving time included). Pickup dates count from the origin's local day, and
 * tracking events keep their place's offset.
 */

import { LRUCache } from 'lru-cache';

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
/** The zone's UTC offset (minutes) at an instant, as Intl reads it (a few microseconds each). */
function intlOffsetAt(zone: string, instantMs: number) {
  let f = offsetFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, f);
  }
  // 'GMT-06:00', or 'GMT' at UTC itself.
  const name = f.formatToParts(instantMs).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

const DAY_MS = 86_400_000;
/**
 * A zone's offset through a whole UTC day, when its first and last millisecond have the same one
 * (NaN: the offset changes that day). No zone changes its offset and back within one day, so a
 * day whose two ends agree has one offset throughout. Analytics reads the local day of a year of
 * events (hundreds of thousands), which would otherwise ask Intl each time; bounded, the day asked
 * least recently goes first.
 */
const dayOffsets = new LRUCache<string, number>({ max: 20_000 });

/** The zone's UTC offset (minutes) at an instant. */
export function offsetAt(zone: string, instantMs: number) {
  const day = Math.floor(instantMs / DAY_MS);
  const key = `${zone}|${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const first = intlOffsetAt(zone, day * DAY_MS);
    offset = first === intlOffsetAt(zone, (day + 1) * DAY_MS - 1) ? first : Number.NaN;
    dayOffsets.set(key, offset);
  }
  return Number.isNaN(offset) ? intlOffsetAt(zone, instantMs) : offset;
}

/** The local date ('YYYY-MM-DD') and minutes since local midnight of an instant in a zone. */
export function localDateTime(at: Date, zone: string): { date: string; minutes: number } {
  const shifted = new Date(at.getTime() + offsetAt(zone, at.getTime()) * 60_000);
  return { date: shifted.toISOString().slice(0, 10), minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

/** The instant of a local wall time ('YYYY-MM-DD', minutes since midnight) in a zone. */
export function zonedInstant(date: string, minutes: number, zone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  // The offset at the wall time read as UTC is off by at most the offset itself; asking again at
  // the corrected instant settles it (only a time skipped by a DST change has no exact answer).
  const first = wall - offsetAt(zone, wall) * 60_000;
  return new Date(wall - offsetAt(zone, first) * 60_000);
}
