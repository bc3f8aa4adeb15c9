import { describe, expect, it } from 'vitest';
import { blanketCovers, isBlanketPeriod, lastBlanketDay } from './usmca';

describe('the USMCA blanket period', () => {
  it('runs up to 12 months, both days included', () => {
    expect(lastBlanketDay('2026-01-01')).toBe('2026-12-31');
    expect(lastBlanketDay('2026-07-15')).toBe('2027-07-14');
    expect(isBlanketPeriod('2026-01-01', '2026-12-31')).toBe(true);
    expect(isBlanketPeriod('2026-01-01', '2027-01-01')).toBe(false);
    expect(isBlanketPeriod('2026-03-01', '2026-03-01')).toBe(true);
  });

  it('ends at the end of a month with no such day a year on', () => {
    expect(lastBlanketDay('2028-02-29')).toBe('2029-02-28');
    expect(lastBlanketDay('2026-01-31')).toBe('2027-01-30');
  });

  it('refuses a period that ends before it starts', () => {
    expect(isBlanketPeriod('2026-05-01', '2026-04-30')).toBe(false);
  });

  it('covers a pickup on its first and last days', () => {
    const period = { from: '2026-01-01', to: '2026-12-31' };
    expect(blanketCovers(period, '2026-01-01')).toBe(true);
    expect(blanketCovers(period, '2026-12-31')).toBe(true);
    expect(blanketCovers(period, '2027-01-01')).toBe(false);
  });
});
