import { describe, expect, it } from 'vitest';
import { fromTodayOn, inForceOn } from './versions';

const v = (number: number, effective_date: string) => ({ number, effective_date });

describe('inForceOn', () => {
  const versions = [v(1, '2026-01-01'), v(2, '2026-06-01'), v(3, '2026-12-01')];

  it('takes the latest version effective on or before the day', () => {
    expect(inForceOn(versions, '2026-05-31')?.number).toBe(1);
    expect(inForceOn(versions, '2026-06-01')?.number).toBe(2);
    expect(inForceOn(versions, '2026-11-30')?.number).toBe(2);
    expect(inForceOn(versions, '2027-03-01')?.number).toBe(3);
  });

  it('has nothing before the first version, or without versions', () => {
    expect(inForceOn(versions, '2025-12-31')).toBeUndefined();
    expect(inForceOn([], '2026-01-01')).toBeUndefined();
  });

  it('prefers the higher number when two start the same day, whatever their order', () => {
    expect(inForceOn([v(5, '2026-06-01'), v(4, '2026-06-01')], '2026-06-01')?.number).toBe(5);
    expect(inForceOn([v(4, '2026-06-01'), v(5, '2026-06-01')], '2026-07-01')?.number).toBe(5);
  });
});

describe('fromTodayOn', () => {
  it('keeps the version in force today and the future ones only', () => {
    const versions = [v(1, '2026-01-01'), v(2, '2026-06-01'), v(3, '2026-12-01')];
    expect(fromTodayOn(versions, '2026-07-01').map((x) => x.number)).toEqual([2, 3]);
    expect(fromTodayOn(versions, '2025-07-01').map((x) => x.number)).toEqual([1, 2, 3]);
  });
});
