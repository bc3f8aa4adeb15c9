import { describe, expect, it } from 'vitest';
import { localDateTime, offsetAt } from './zones';

/** The offset as Intl reads it at that very instant, without the day cache. */
function direct(zone: string, ms: number) {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(ms)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

describe('offsetAt', () => {
  it('agrees with Intl at every instant around the 2026 changes, half-hour zones and zones without DST included', () => {
    const zones = ['America/Chicago', 'America/New_York', 'America/Denver', 'America/Phoenix', 'America/St_Johns', 'America/Mexico_City'];
    const windows = ['2026-03-07T00:00:00Z', '2026-10-31T00:00:00Z', '2026-11-01T00:00:00Z'];
    // Every 7 minutes over three days, so each day is read first at an odd instant.
    for (const zone of zones)
      for (const start of windows)
        for (let ms = Date.parse(start); ms < Date.parse(start) + 3 * 86_400_000; ms += 7 * 60_000)
          expect(offsetAt(zone, ms), `${zone} ${new Date(ms).toISOString()}`).toBe(direct(zone, ms));
  });

  it('changes at the very minute: Chicago springs forward at 2 AM local (08:00 UTC)', () => {
    expect(localDateTime(new Date('2026-03-08T07:59:00Z'), 'America/Chicago')).toEqual({ date: '2026-03-08', minutes: 60 + 59 });
    expect(localDateTime(new Date('2026-03-08T08:00:00Z'), 'America/Chicago')).toEqual({ date: '2026-03-08', minutes: 3 * 60 });
    expect(localDateTime(new Date('2026-11-01T06:59:00Z'), 'America/Chicago')).toEqual({ date: '2026-11-01', minutes: 60 + 59 });
    expect(localDateTime(new Date('2026-11-01T07:00:00Z'), 'America/Chicago')).toEqual({ date: '2026-11-01', minutes: 60 });
  });
});
