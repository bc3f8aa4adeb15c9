import { describe, expect, it } from 'vitest';
import { isBankingDay, nextBankingDay } from './banking-days';

describe('the banks’ (Federal Reserve) calendar', () => {
  it('closes on federal holidays and weekends', () => {
    expect(isBankingDay('2026-11-26')).toBe(false); // Thanksgiving
    expect(isBankingDay('2026-12-25')).toBe(false);
    expect(isBankingDay('2026-11-28')).toBe(false); // Saturday
    expect(isBankingDay('2026-11-25')).toBe(true);
  });

  it('opens on the carriers’ own closures: the day after Thanksgiving and Christmas Eve', () => {
    expect(nextBankingDay('2026-11-25')).toBe('2026-11-27');
    expect(isBankingDay('2026-12-24')).toBe(true);
  });

  it('does not move a Saturday holiday to the Friday, but observes a Sunday one on the Monday', () => {
    // 4 July 2026 is a Saturday: banks are open on Friday the 3rd.
    expect(nextBankingDay('2026-07-02')).toBe('2026-07-03');
    // 4 July 2027 is a Sunday: observed on Monday the 5th.
    expect(nextBankingDay('2027-07-02')).toBe('2027-07-06');
  });
});
