import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, isVicsBolNumber, vicsBolNumber } from './bol';

describe('gs1CheckDigit', () => {
  it('matches published GS1 numbers', () => {
    // GTIN-13 4006381333931 and GTIN-12 036000291452 (GS1 check digit calculator examples).
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('03600029145')).toBe(2);
    // SSCC 106141412345678908 from the GS1 General Specifications.
    expect(gs1CheckDigit('10614141234567890')).toBe(8);
  });

  it('refuses anything but digits', () => {
    expect(() => gs1CheckDigit('12a4')).toThrow();
  });
});

describe('vicsBolNumber', () => {
  it('is the prefix, the zero-padded serial and the check digit: 17 digits', () => {
    const bol = vicsBolNumber(42, '0614141');
    expect(bol).toHaveLength(17);
    expect(bol.slice(0, 16)).toBe('0614141000000042');
    expect(Number(bol[16])).toBe(gs1CheckDigit('0614141000000042'));
  });

  it('always validates, and a changed digit never does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999 }),
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 1, max: 9 }),
        (serial, at, delta) => {
          const bol = vicsBolNumber(serial);
          expect(isVicsBolNumber(bol)).toBe(true);
          const changed = bol.slice(0, at) + String((Number(bol[at]) + delta) % 10) + bol.slice(at + 1);
          expect(isVicsBolNumber(changed)).toBe(false);
        },
      ),
    );
  });

  it('refuses serials out of range and malformed prefixes', () => {
    expect(() => vicsBolNumber(-1)).toThrow();
    expect(() => vicsBolNumber(1_000_000_000)).toThrow();
    expect(() => vicsBolNumber(1, '123')).toThrow();
    expect(isVicsBolNumber('1234')).toBe(false);
  });
});
