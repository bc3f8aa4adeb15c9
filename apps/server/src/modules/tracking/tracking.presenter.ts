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
