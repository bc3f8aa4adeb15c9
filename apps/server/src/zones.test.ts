import { describe, expect, it } from 'vitest';
import { offsetAt, placeOffsetMinutes, zonedIso, zoneOf } from './zones';

const ms = (iso: string) => new Date(iso).getTime();

describe('zones', () => {
  it('knows the zone of a state or province, and falls back to the country', () => {
    expect(zoneOf('AZ', 'US')).toBe('America/Phoenix');
    expect(zoneOf(' bc ', 'CA')).toBe('America/Vancouver');
    expect(zoneOf('JAL', 'MX')).toBe('America/Mexico_City');
  });

  it('gives the offset at an instant, daylight saving time included', () => {
    expect(offsetAt('America/Phoenix', ms('2026-07-01T12:00:00Z'))).toBe(-420);
    expect(offsetAt('America/Chicago', ms('2026-07-01T12:00:00Z'))).toBe(-300);
    expect(offsetAt('America/Chicago', ms('2026-11-24T12:00:00Z'))).toBe(-360);
    expect(placeOffsetMinutes('IL', 'US', new Date('2026-11-24T03:51:00Z'))).toBe(-360);
    // Half-hour zones, and UTC itself.
    expect(placeOffsetMinutes('NL', 'CA', new Date('2026-11-24T12:00:00Z'))).toBe(-210);
    expect(offsetAt('Asia/Kathmandu', ms('2026-07-01T12:00:00Z'))).toBe(345);
    expect(offsetAt('UTC', ms('2026-07-01T12:00:00Z'))).toBe(0);
    expect(zonedIso(ms('2026-11-24T15:30:00Z'), 'America/New_York')).toBe('2026-11-24T10:30:00-05:00');
  });
});
