import { describe, expect, it } from 'vitest';
import { startOfZonedDay, zonedDate, zonedDateTime, zonedMonthStart } from './zoned-time';

const CHICAGO = 'America/Chicago';

describe('business days in a time zone', () => {
  it('turns the day at local midnight, not at UTC midnight', () => {
    // 5:59 PM and 6:01 PM on 30 November 2026 in Chicago (CST, UTC-6) are 23:59 and 00:01 UTC.
    expect(zonedDate(new Date('2026-11-30T23:59:00Z'), CHICAGO)).toBe('2026-11-30');
    expect(zonedDate(new Date('2026-12-01T00:01:00Z'), CHICAGO)).toBe('2026-11-30');
    expect(zonedMonthStart(new Date('2026-12-01T00:01:00Z'), CHICAGO)).toBe('2026-11-01');
    expect(zonedDate(new Date('2026-12-01T06:00:00Z'), CHICAGO)).toBe('2026-12-01');
  });

  it('starts a day at its local midnight, daylight saving included', () => {
    expect(startOfZonedDay('2026-11-30', CHICAGO).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(startOfZonedDay('2026-07-01', CHICAGO).toISOString()).toBe('2026-07-01T05:00:00.000Z');
    // The day daylight saving ends (1 November 2026) still starts at CDT's midnight.
    expect(startOfZonedDay('2026-11-01', CHICAGO).toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('writes the wall clock of an instant', () => {
    expect(zonedDateTime(new Date('2026-11-25T16:30:00Z'), CHICAGO)).toBe('2026-11-25T10:30');
    expect(zonedDateTime(new Date('2026-11-25T16:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-25T08:30');
  });
});
