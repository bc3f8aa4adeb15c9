/**
 * The local time of places: the IANA time zone of a state or province, and its UTC offset at an
 * instant (daylight saving time included). Events keep their place's offset, so the tracking
 * history can show when they happened there.
 */

import { offsetAt, zoneOf } from '@freight/domain/rating';

export { offsetAt, zoneOf };

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
