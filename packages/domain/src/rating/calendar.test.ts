import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addDays,
  dayOfWeek,
  estimatedDelivery,
  estimatedDeliveryWindow,
  holidayName,
  isBusinessDay,
  ltlCarrierTransitDays,
  ltlTransitDays,
  nextBusinessDay,
  pickupDateProblems,
} from './calendar';

describe('isBusinessDay', () => {
  it('knows weekdays', () => {
    expect(dayOfWeek('2026-11-21')).toBe(6); // Saturday
    expect(dayOfWeek('1970-01-01')).toBe(4);
    expect(dayOfWeek('1969-12-28')).toBe(0);
  });

  it('closes weekends in every country', () => {
    for (const c of ['US', 'CA', 'MX'] as const) {
      expect(isBusinessDay('2026-11-21', c)).toBe(false);
      expect(isBusinessDay('2026-11-22', c)).toBe(false);
      expect(isBusinessDay('2026-11-23', c)).toBe(true);
    }
  });

  it('closes Thanksgiving 2026 and the day after in the US only', () => {
    expect(isBusinessDay('2026-11-26', 'US')).toBe(false);
    expect(isBusinessDay('2026-11-27', 'US')).toBe(false);
    expect(holidayName('2026-11-27', 'US')).toBe('Day after Thanksgiving');
    expect(isBusinessDay('2026-11-26', 'CA')).toBe(true);
    expect(isBusinessDay('2026-11-27', 'MX')).toBe(true);
    // another year, to check the 4th-Thursday rule: Thanksgiving 2025 was Nov 27
    expect(isBusinessDay('2025-11-28', 'US')).toBe(false);
    expect(isBusinessDay('2025-11-21', 'US')).toBe(true);
  });

  it('closes Christmas Eve in the US (carrier closure) but not in Canada', () => {
    expect(isBusinessDay('2026-12-24', 'US')).toBe(false);
    expect(holidayName('2026-12-24', 'US')).toBe('Christmas Eve');
    expect(isBusinessDay('2026-12-24', 'CA')).toBe(true);
    expect(isBusinessDay('2026-12-25', 'CA')).toBe(false);
    expect(isBusinessDay('2026-12-25', 'MX')).toBe(false);
  });

  it('applies observed rules: Saturday -> Friday, Sunday -> Monday', () => {
    // July 4 2026 is a Saturday
    expect(dayOfWeek('2026-07-04')).toBe(6);
    expect(isBusinessDay('2026-07-03', 'US')).toBe(false);
    expect(holidayName('2026-07-03', 'US')).toMatch(/Independence Day/);
    // July 4 2027 is a Sunday
    expect(isBusinessDay('2027-07-05', 'US')).toBe(false);
    // New Year's Day 2028 (Saturday) observed Friday Dec 31 2027, across the year boundary
    expect(isBusinessDay('2027-12-31', 'US')).toBe(false);
    // Juneteenth 2027 (Saturday) -> Friday June 18
    expect(isBusinessDay('2027-06-18', 'US')).toBe(false);
  });

  it('closes the US federal holidays of 2026', () => {
    const federal = [
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ];
    for (const d of federal) expect(isBusinessDay(d, 'US'), d).toBe(false);
    // observances are not closures
    expect(isBusinessDay('2026-02-13', 'US')).toBe(true);
    expect(isBusinessDay('2026-04-15', 'US')).toBe(true); // Tax Day
    expect(isBusinessDay('2026-12-31', 'US')).toBe(true); // New Year's Eve
  });

  it('closes Canada Day only in Canada', () => {
    expect(isBusinessDay('2026-07-01', 'CA')).toBe(false);
    expect(holidayName('2026-07-01', 'CA')).toBe('Canada Day');
    expect(isBusinessDay('2026-07-01', 'US')).toBe(true);
    expect(isBusinessDay('2026-07-01', 'MX')).toBe(true);
  });

  it('closes Día de la Independencia only in Mexico', () => {
    expect(isBusinessDay('2026-09-16', 'MX')).toBe(false);
    expect(holidayName('2026-09-16', 'MX')).toBe('Día de la Independencia');
    expect(isBusinessDay('2026-09-16', 'US')).toBe(true);
    expect(isBusinessDay('2026-09-16', 'CA')).toBe(true);
    // Día de la Revolución: 3rd Monday of November
    expect(isBusinessDay('2026-11-16', 'MX')).toBe(false);
  });

  it('rejects malformed dates', () => {
    expect(() => isBusinessDay('2026-02-30', 'US')).toThrow(RangeError);
    expect(() => isBusinessDay('2026-1-5', 'US')).toThrow(RangeError);
    expect(() => isBusinessDay('', 'US')).toThrow(RangeError);
  });

  it('is fast enough (10,000 calls)', () => {
    const start = performance.now();
    let open = 0;
    for (let i = 0; i < 10_000; i += 1) {
      if (isBusinessDay(addDays('2026-01-01', i % 730), 'US')) open += 1;
    }
    const ms = performance.now() - start;
    console.log(`isBusinessDay x10,000: ${ms.toFixed(1)} ms`);
    expect(open).toBeGreaterThan(6_000);
    expect(ms).toBeLessThan(2_000);
  });
});

describe('addBusinessDays / nextBusinessDay', () => {
  it('crosses the July 4 2026 holiday weekend', () => {
    expect(addBusinessDays('2026-07-02', 1, 'US')).toBe('2026-07-06');
    expect(addBusinessDays('2026-07-02', 1, 'CA')).toBe('2026-07-03');
    expect(addBusinessDays('2026-07-06', -1, 'US')).toBe('2026-07-02');
  });

  it('crosses Labor Day and Thanksgiving', () => {
    expect(addBusinessDays('2026-09-04', 1, 'US')).toBe('2026-09-08');
    expect(addBusinessDays('2026-11-25', 1, 'US')).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-25', 3, 'US')).toBe('2026-12-02');
  });

  it('returns the date itself for n = 0 and rejects fractions', () => {
    expect(addBusinessDays('2026-11-21', 0, 'US')).toBe('2026-11-21');
    expect(() => addBusinessDays('2026-11-21', 1.5, 'US')).toThrow(RangeError);
  });

  it('nextBusinessDay is strictly after', () => {
    expect(nextBusinessDay('2026-11-23', 'US')).toBe('2026-11-24');
    expect(nextBusinessDay('2026-11-21', 'US')).toBe('2026-11-23');
    expect(nextBusinessDay('2026-12-23', 'US')).toBe('2026-12-28');
  });

  it('lands on a business day and round-trips from a business day (property)', () => {
    const date = fc.integer({ min: 0, max: 3650 }).map((i) => addDays('2022-01-01', i));
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 30 }), fc.constantFrom('US', 'CA', 'MX' as const), (d, n, c) => {
        const later = addBusinessDays(d, n, c);
        expect(isBusinessDay(later, c)).toBe(true);
        expect(later > d).toBe(true);
        if (isBusinessDay(d, c)) expect(addBusinessDays(later, -n, c)).toBe(d);
      }),
    );
  });
});

describe('pickupDateProblems', () => {
  const today = '2026-11-20'; // a Friday
  const keys = (p: ReturnType<typeof pickupDateProblems>) => p.map((m) => m.key);

  it('accepts an ordinary future business day', () => {
    expect(pickupDateProblems('2026-11-23', today, 'US')).toEqual([]);
  });

  it('flags today and the past', () => {
    expect(keys(pickupDateProblems('2026-11-20', today, 'US'))).toEqual(['quote.no_rate.pickup_today']);
    expect(keys(pickupDateProblems('2026-11-19', today, 'US'))).toEqual(['quote.no_rate.pickup_past']);
  });

  it('flags weekends', () => {
    expect(keys(pickupDateProblems('2026-11-21', today, 'US'))).toEqual(['quote.no_rate.pickup_weekend']);
  });

  it('flags holidays with their name', () => {
    expect(pickupDateProblems('2026-11-26', today, 'US')).toEqual([
      { level: 'no_rate', key: 'quote.no_rate.pickup_holiday', params: { holiday: 'Thanksgiving Day' } },
    ]);
    expect(keys(pickupDateProblems('2026-11-26', today, 'CA'))).toEqual([]);
  });

  it('can report a weekend that is also a holiday', () => {
    expect(keys(pickupDateProblems('2027-07-04', today, 'US'))).toEqual(['quote.no_rate.pickup_weekend', 'quote.no_rate.pickup_holiday']);
  });
});

describe('ltlTransitDays', () => {
  it.each([
    [0, 1, 1],
    [250, 1, 1],
    [251, 1, 2],
    [500, 1, 2],
    [501, 2, 3],
    [1000, 2, 3],
    [1001, 3, 4],
    [1500, 3, 4],
    [1501, 4, 5],
    [2000, 4, 5],
    [2001, 5, 7],
    [3500, 5, 7],
  ])('%d miles -> %d-%d days', (miles, min, max) => {
    expect(ltlTransitDays(miles)).toEqual({ min, max });
  });

  it('rounds to whole miles first and rejects bad input', () => {
    expect(ltlTransitDays(250.4)).toEqual({ min: 1, max: 1 });
    expect(ltlTransitDays(250.5)).toEqual({ min: 1, max: 2 });
    expect(() => ltlTransitDays(-1)).toThrow(RangeError);
    expect(() => ltlTransitDays(Number.NaN)).toThrow(RangeError);
  });

  it('returns a fresh object (callers may mutate)', () => {
    const a = ltlTransitDays(10);
    a.max = 99;
    expect(ltlTransitDays(10)).toEqual({ min: 1, max: 1 });
  });
});

describe('estimatedDelivery', () => {
  it('does not count the pickup day and skips weekends and holidays', () => {
    expect(estimatedDelivery('2026-11-23', 1, 'US')).toBe('2026-11-24');
    expect(estimatedDelivery('2026-11-25', 2, 'US')).toBe('2026-12-01');
    expect(estimatedDelivery('2026-07-02', 1, 'US')).toBe('2026-07-06');
  });

  it('uses the destination calendar', () => {
    expect(estimatedDelivery('2026-06-30', 1, 'CA')).toBe('2026-07-02');
    expect(estimatedDelivery('2026-06-30', 1, 'US')).toBe('2026-07-01');
  });

  it('answers the same when asked again, and past the bound of remembered dates', () => {
    const first = estimatedDelivery('2026-12-23', 3, 'US');
    for (let i = 0; i < 1_200; i += 1) estimatedDelivery(addDays('2026-01-01', i), 2, 'MX');
    expect(first).toBe('2026-12-30');
    expect(estimatedDelivery('2026-12-23', 3, 'US')).toBe('2026-12-30');
    expect(estimatedDelivery(addDays('2026-01-01', 1_199), 2, 'MX')).toBe(addBusinessDays(addDays('2026-01-01', 1_199), 2, 'MX'));
  });

  it('still rejects an invalid date after a valid one', () => {
    expect(estimatedDelivery('2026-11-23', 1, 'US')).toBe('2026-11-24');
    expect(() => estimatedDelivery('2026-02-30', 1, 'US')).toThrow(RangeError);
    expect(() => estimatedDelivery('2026-02-30', 1, 'US')).toThrow(RangeError);
    expect(() => estimatedDelivery('2026-11-23', 1.5, 'US')).toThrow(RangeError);
  });

  it('gives a window for a transit range', () => {
    expect(estimatedDeliveryWindow('2026-11-23', ltlTransitDays(600), 'US')).toEqual({
      earliest: '2026-11-25',
      latest: '2026-11-30',
    });
  });
});

describe('ltlCarrierTransitDays', () => {
  it("guaranteed is the band's fewest days, economy a day past its most, standard one of the two per carrier and lane", () => {
    // 800 miles: the 2-3 day band.
    expect(ltlCarrierTransitDays(800, 'guaranteed', 'FXFE', '60606', '30303')).toBe(2);
    expect(ltlCarrierTransitDays(800, 'economy', 'FXNL', '60606', '30303')).toBe(4);
    const standard = ['ODFL', 'SAIA', 'EXLA', 'ABFS', 'RLCA', 'SEFL', 'AVRT'].map((c) =>
      ltlCarrierTransitDays(800, 'standard', c, '60606', '30303'),
    );
    expect(new Set(standard)).toEqual(new Set([2, 3]));
    // The same carrier and lane always say the same.
    expect(ltlCarrierTransitDays(800, 'standard', 'ODFL', '60606', '30303')).toBe(standard[0]);
  });
});
