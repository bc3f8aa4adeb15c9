import { describe, expect, it } from 'vitest';
import type { Country } from '../settings';
import { addBusinessDays, addDays, isBusinessDay } from './calendar';
import { firstPickupDate, originToday, type PickupOrigin, pickupExpiry } from './pickup-date';
import { zonedInstant, zoneOf } from './zones';

const CUTOFF = '14:00';
const IL: PickupOrigin = { country: 'US', state: 'IL' };

describe('firstPickupDate', () => {
  it('on the Wednesday before Thanksgiving offers the Monday after, saying why', () => {
    const at = new Date('2026-11-25T16:00:00Z'); // 10:00 in Chicago
    expect(firstPickupDate(IL, at, CUTOFF)).toEqual({
      date: '2026-11-30',
      today: '2026-11-25',
      skipped: [
        { date: '2026-11-26', reason: 'holiday', holiday: 'Thanksgiving Day' },
        { date: '2026-11-27', reason: 'holiday', holiday: 'Day after Thanksgiving' },
        { date: '2026-11-28', reason: 'weekend' },
        { date: '2026-11-29', reason: 'weekend' },
      ],
    });
    const es = firstPickupDate(IL, at, CUTOFF, 'es').skipped;
    expect(es[0]?.holiday).toBe('Acción de Gracias');
    expect(es[1]?.holiday).toBe('Día después de Acción de Gracias');
  });

  it('past the cut-off moves on one more business day, and says the cut-off passed', () => {
    const first = firstPickupDate(IL, new Date('2026-11-25T20:00:00Z'), CUTOFF); // 14:00 in Chicago
    expect(first.date).toBe('2026-12-01');
    expect(first.skipped.at(-1)).toEqual({ date: '2026-11-30', reason: 'cutoff' });
    expect(firstPickupDate(IL, new Date('2026-11-25T19:59:00Z'), CUTOFF).date).toBe('2026-11-30');
    expect(firstPickupDate(IL, new Date('2026-11-24T19:59:00Z'), '12:00').date).toBe('2026-11-30');
  });

  it('reads the cut-off and the date at the origin, not in UTC', () => {
    const at = new Date('2026-11-23T19:30:00Z'); // Monday: 14:30 in New York, 13:30 in Chicago, 11:30 in Los Angeles
    expect(firstPickupDate({ country: 'US', state: 'NY' }, at, CUTOFF).date).toBe('2026-11-25');
    expect(firstPickupDate(IL, at, CUTOFF).date).toBe('2026-11-24');
    expect(firstPickupDate({ country: 'US', state: 'CA' }, at, CUTOFF).date).toBe('2026-11-24');
    // 03:00 UTC on Wednesday is still Tuesday evening in Chicago.
    const evening = new Date('2026-11-25T03:00:00Z');
    expect(originToday(IL, evening)).toBe('2026-11-24');
    expect(firstPickupDate(IL, evening, CUTOFF)).toMatchObject({ today: '2026-11-24', date: '2026-11-30' });
  });

  it('on a weekend the next business day is already past its cut-off (Friday)', () => {
    const saturday = new Date('2026-11-21T15:00:00Z');
    expect(firstPickupDate(IL, saturday, CUTOFF)).toEqual({
      date: '2026-11-24',
      today: '2026-11-21',
      skipped: [
        { date: '2026-11-22', reason: 'weekend' },
        { date: '2026-11-23', reason: 'cutoff' },
      ],
    });
  });

  it('skips Canada Day in Canada only', () => {
    const at = new Date('2026-06-30T14:00:00Z'); // 10:00 in Toronto
    expect(firstPickupDate({ country: 'CA', state: 'ON' }, at, CUTOFF)).toEqual({
      date: '2026-07-02',
      today: '2026-06-30',
      skipped: [{ date: '2026-07-01', reason: 'holiday', holiday: 'Canada Day' }],
    });
    expect(firstPickupDate(IL, at, CUTOFF).date).toBe('2026-07-01');
  });

  it("skips Mexico's Independence Day, named in the reader's language", () => {
    const at = new Date('2026-09-15T15:00:00Z'); // 09:00 in Mexico City
    const jal: PickupOrigin = { country: 'MX', state: 'JAL' };
    expect(firstPickupDate(jal, at, CUTOFF, 'es')).toMatchObject({
      date: '2026-09-17',
      skipped: [{ date: '2026-09-16', reason: 'holiday', holiday: 'Día de la Independencia' }],
    });
    expect(firstPickupDate(jal, at, CUTOFF, 'en').skipped[0]?.holiday).toBe('Independence Day');
  });

  it('crosses Christmas and the New Year', () => {
    const dec23 = new Date('2026-12-23T15:00:00Z');
    expect(firstPickupDate(IL, dec23, CUTOFF)).toMatchObject({
      date: '2026-12-28',
      skipped: [
        { date: '2026-12-24', reason: 'holiday', holiday: 'Christmas Eve' },
        { date: '2026-12-25', reason: 'holiday', holiday: 'Christmas Day' },
        { date: '2026-12-26', reason: 'weekend' },
        { date: '2026-12-27', reason: 'weekend' },
      ],
    });
    expect(firstPickupDate(IL, new Date('2026-12-31T15:00:00Z'), CUTOFF)).toMatchObject({
      date: '2027-01-04',
      skipped: [{ date: '2027-01-01', reason: 'holiday' }, { reason: 'weekend' }, { reason: 'weekend' }],
    });
    // New Year's Day 2028 is a Saturday: observed on Friday 31 December 2027.
    expect(firstPickupDate(IL, new Date('2027-12-30T15:00:00Z'), CUTOFF)).toMatchObject({
      date: '2028-01-03',
      skipped: [
        { date: '2027-12-31', reason: 'holiday' },
        { date: '2028-01-01', reason: 'holiday' },
        { date: '2028-01-02', reason: 'weekend' },
      ],
    });
    expect(firstPickupDate({ country: 'MX', state: 'NLE' }, new Date('2026-12-31T15:00:00Z'), CUTOFF).date).toBe('2027-01-04');
  });

  const ORIGINS: [Country, string][] = [
    ['US', 'IL'],
    ['US', 'NY'],
    ['US', 'CA'],
    ['CA', 'ON'],
    ['CA', 'BC'],
    ['MX', 'JAL'],
  ];
  /** Local wall times tried each day: early, just before and at the cut-off, evening. */
  const HOURS = [7 * 60, 13 * 60 + 59, 14 * 60, 21 * 60];

  it.each(ORIGINS)(
    'every day of 2026 and 2027 in %s-%s: a business day after today, within the cut-off, nothing nearer quotable',
    (country, state) => {
      const origin = { country, state };
      const zone = zoneOf(state, country);
      let previous = '';
      for (let day = '2026-01-01'; day < '2028-01-01'; day = addDays(day, 1)) {
        for (const minutes of HOURS) {
          const at = zonedInstant(day, minutes, zone);
          const first = firstPickupDate(origin, at, CUTOFF);
          expect(first.today).toBe(day);
          expect(first.date > day).toBe(true);
          expect(isBusinessDay(first.date, country)).toBe(true);
          // Its rates hold now; the business day before it (if after today) could no longer be asked for.
          expect(pickupExpiry(first.date, origin, CUTOFF).getTime()).toBeGreaterThan(at.getTime());
          const before = addBusinessDays(first.date, -1, country);
          if (before > day) expect(pickupExpiry(before, origin, CUTOFF).getTime()).toBeLessThanOrEqual(at.getTime());
          // The skipped days are exactly the days between, each with its reason.
          expect(first.skipped.map((s) => s.date)).toEqual(Array.from({ length: first.skipped.length }, (_, n) => addDays(day, n + 1)));
          expect(first.skipped.length === 0 || addDays(first.skipped.at(-1)?.date ?? '', 1) === first.date).toBe(true);
          for (const s of first.skipped) {
            if (s.reason === 'cutoff') expect(isBusinessDay(s.date, country)).toBe(true);
            else expect(isBusinessDay(s.date, country)).toBe(false);
            if (s.reason === 'holiday') expect(s.holiday).toBeTruthy();
          }
          // Time only moves the answer later.
          expect(first.date >= previous).toBe(true);
          previous = first.date;
        }
      }
    },
  );
});

describe('pickupExpiry', () => {
  it('is the cut-off at the origin on the business day before the pickup', () => {
    expect(pickupExpiry('2026-11-30', IL, CUTOFF).toISOString()).toBe('2026-11-25T20:00:00.000Z');
    expect(pickupExpiry('2026-11-30', { country: 'US', state: 'NY' }, CUTOFF).toISOString()).toBe('2026-11-25T19:00:00.000Z');
    // Summer time: 14:00 in Chicago is 19:00 UTC.
    expect(pickupExpiry('2026-07-06', IL, CUTOFF).toISOString()).toBe('2026-07-02T19:00:00.000Z');
  });
});
