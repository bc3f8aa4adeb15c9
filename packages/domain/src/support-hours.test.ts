import { describe, expect, it } from 'vitest';
import { businessMinutesBetween, isSupportOpen, nextSupportOpening } from './support-hours';

const hours = { timeZone: 'America/Chicago', opensAt: '08:00', closesAt: '18:00' };

describe('support hours', () => {
  it('is open on a weekday between the hours, in the desk time zone', () => {
    // Tuesday 2026-11-17, 09:00 in Chicago (CST, UTC-6).
    expect(isSupportOpen(new Date('2026-11-17T15:00:00Z'), hours)).toBe(true);
    // 07:59 local, and 18:00 local.
    expect(isSupportOpen(new Date('2026-11-17T13:59:00Z'), hours)).toBe(false);
    expect(isSupportOpen(new Date('2026-11-18T00:00:00Z'), hours)).toBe(false);
  });

  it('is closed on weekends and US holidays (Thanksgiving and the day after)', () => {
    expect(isSupportOpen(new Date('2026-11-21T16:00:00Z'), hours)).toBe(false); // Saturday
    expect(isSupportOpen(new Date('2026-11-26T16:00:00Z'), hours)).toBe(false); // Thanksgiving
    expect(isSupportOpen(new Date('2026-11-27T16:00:00Z'), hours)).toBe(false); // day after
  });

  it('names the next opening: tomorrow morning, or after the weekend and holidays', () => {
    expect(nextSupportOpening(new Date('2026-11-17T15:00:00Z'), hours).toISOString()).toBe('2026-11-17T15:00:00.000Z');
    expect(nextSupportOpening(new Date('2026-11-18T01:00:00Z'), hours).toISOString()).toBe('2026-11-18T14:00:00.000Z');
    // Wednesday evening before Thanksgiving: next is Monday 2026-11-30, 08:00 CST.
    expect(nextSupportOpening(new Date('2026-11-26T01:00:00Z'), hours).toISOString()).toBe('2026-11-30T14:00:00.000Z');
    // Early morning opens the same day; summer time is UTC-5.
    expect(nextSupportOpening(new Date('2026-07-07T10:00:00Z'), hours).toISOString()).toBe('2026-07-07T13:00:00.000Z');
  });

  it('counts staffed minutes only', () => {
    // Tuesday 17:00 to Wednesday 09:00 local: one hour Tuesday, one hour Wednesday.
    expect(businessMinutesBetween(new Date('2026-11-17T23:00:00Z'), new Date('2026-11-18T15:00:00Z'), hours)).toBe(120);
    // Friday 17:30 to Monday 08:30 local: 30 + 30.
    expect(businessMinutesBetween(new Date('2026-11-20T23:30:00Z'), new Date('2026-11-23T14:30:00Z'), hours)).toBe(60);
    expect(businessMinutesBetween(new Date('2026-11-18T15:00:00Z'), new Date('2026-11-17T15:00:00Z'), hours)).toBe(0);
  });
});
