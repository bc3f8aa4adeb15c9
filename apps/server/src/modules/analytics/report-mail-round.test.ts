import { describe, expect, it } from 'vitest';
import { nextRound, unsubscribeToken, userOfUnsubscribeToken } from './report-mail';

const CHICAGO = 'America/Chicago';

describe('nextRound: 6 AM at the business on the next Monday or 1st', () => {
  it('from a Wednesday, the Monday after', () => {
    expect(nextRound(new Date('2031-12-03T18:00:00Z'), CHICAGO).toISOString()).toBe('2031-12-08T12:00:00.000Z');
  });
  it('on a Monday before 6 AM, that morning; after it, the 1st when it comes first', () => {
    expect(nextRound(new Date('2031-12-29T11:00:00Z'), CHICAGO).toISOString()).toBe('2031-12-29T12:00:00.000Z');
    expect(nextRound(new Date('2031-12-29T12:00:00Z'), CHICAGO).toISOString()).toBe('2032-01-01T12:00:00.000Z');
  });
  it('at the wall clock’s 6 AM on the day the clocks go back (Sunday November 1, 2026)', () => {
    expect(nextRound(new Date('2026-10-30T12:00:00Z'), CHICAGO).toISOString()).toBe('2026-11-01T12:00:00.000Z');
  });
});

describe('the unsubscribe token', () => {
  it('names its user, and a changed one names nobody', () => {
    const token = unsubscribeToken('key', '8e93ad59-ce75-46f3-bf48-e9b1c3623b43');
    expect(userOfUnsubscribeToken('key', token)).toBe('8e93ad59-ce75-46f3-bf48-e9b1c3623b43');
    expect(userOfUnsubscribeToken('other key', token)).toBeUndefined();
    expect(userOfUnsubscribeToken('key', token.replace('8e93', '8e94'))).toBeUndefined();
    expect(userOfUnsubscribeToken('key', `${token}.x`)).toBeUndefined();
  });
});
