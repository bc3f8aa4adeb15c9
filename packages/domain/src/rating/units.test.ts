import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cmToInches,
  convertCents,
  type ExchangeRates,
  fromCents,
  fromInches,
  fromPounds,
  inchesToCm,
  kgToPounds,
  poundsToKg,
  toCents,
  toInches,
  toPounds,
} from './units';

const closeRel = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
const finite = fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true });

describe('length and weight', () => {
  it('uses the exact factors', () => {
    expect(inchesToCm(1)).toBe(2.54);
    expect(cmToInches(254)).toBe(100);
    expect(poundsToKg(1)).toBe(0.45359237);
    expect(kgToPounds(0.45359237)).toBe(1);
    expect(inchesToCm(48)).toBeCloseTo(121.92, 10);
    expect(kgToPounds(1000)).toBeCloseTo(2204.62262185, 8);
  });

  it('converts per unit system (imperial is identity)', () => {
    expect(toInches(48, 'imperial')).toBe(48);
    expect(toInches(121.92, 'metric')).toBeCloseTo(48, 10);
    expect(toPounds(500, 'imperial')).toBe(500);
    expect(toPounds(226.796185, 'metric')).toBeCloseTo(500, 10);
    expect(fromInches(48, 'metric')).toBeCloseTo(121.92, 10);
    expect(fromPounds(500, 'metric')).toBeCloseTo(226.796185, 10);
    expect(fromPounds(500, 'imperial')).toBe(500);
  });

  it('round-trips within 1e-9 relative (property)', () => {
    fc.assert(
      fc.property(finite, (x) => {
        expect(closeRel(cmToInches(inchesToCm(x)), x)).toBe(true);
        expect(closeRel(inchesToCm(cmToInches(x)), x)).toBe(true);
        expect(closeRel(kgToPounds(poundsToKg(x)), x)).toBe(true);
        expect(closeRel(poundsToKg(kgToPounds(x)), x)).toBe(true);
        for (const u of ['imperial', 'metric'] as const) {
          expect(closeRel(fromInches(toInches(x, u), u), x)).toBe(true);
          expect(closeRel(fromPounds(toPounds(x, u), u), x)).toBe(true);
        }
      }),
    );
  });
});

describe('toCents', () => {
  it('rounds half up despite binary noise', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(1.015)).toBe(102);
    expect(toCents(0.285)).toBe(29);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.004)).toBe(100);
    expect(toCents(0)).toBe(0);
  });

  it('rounds negatives half away from zero and never returns -0', () => {
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(-0.001)).toBe(0);
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });

  it('rejects non-finite amounts', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('round-trips whole cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => {
        expect(toCents(fromCents(c))).toBe(c);
      }),
    );
  });
});

describe('convertCents', () => {
  const rates: ExchangeRates = { USD: 1, CAD: 1.4, MXN: 18.5 };

  it('returns the same cents for the same currency', () => {
    expect(convertCents(12345, 'CAD', 'CAD', rates)).toBe(12345);
  });

  it('converts via rates per USD', () => {
    expect(convertCents(10000, 'USD', 'CAD', rates)).toBe(14000);
    expect(convertCents(14000, 'CAD', 'USD', rates)).toBe(10000);
    expect(convertCents(10000, 'USD', 'MXN', rates)).toBe(185000);
    expect(convertCents(14000, 'CAD', 'MXN', rates)).toBe(185000);
  });

  it('rounds half up', () => {
    // 1 USD cent * 18.5 = 18.5 MXN cents -> 19
    expect(convertCents(1, 'USD', 'MXN', rates)).toBe(19);
    // 3 cents CAD -> 3 / 1.4 = 2.142... -> 2
    expect(convertCents(3, 'CAD', 'USD', rates)).toBe(2);
    // exactly half: 7 USD cents * 0.5 = 3.5 -> 4
    expect(convertCents(7, 'USD', 'CAD', { USD: 1, CAD: 0.5, MXN: 1 })).toBe(4);
    expect(convertCents(-1, 'USD', 'MXN', rates)).toBe(-19);
  });

  it('rejects bad rates and fractional cents', () => {
    expect(() => convertCents(100, 'USD', 'CAD', { USD: 1, CAD: 0, MXN: 18 })).toThrow(RangeError);
    expect(() => convertCents(100, 'USD', 'CAD', { USD: 1, CAD: Number.NaN, MXN: 18 })).toThrow(RangeError);
    expect(() => convertCents(1.5, 'USD', 'CAD', rates)).toThrow(RangeError);
  });

  it('round-trips within a cent per conversion (property)', () => {
    const rate = fc.double({ min: 0.01, max: 100, noNaN: true });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), rate, rate, (c, cad, mxn) => {
        const r: ExchangeRates = { USD: 1, CAD: cad, MXN: mxn };
        const there = convertCents(c, 'USD', 'CAD', r);
        expect(Number.isInteger(there)).toBe(true);
        const back = convertCents(there, 'CAD', 'USD', r);
        // one rounding each way: |error| <= 0.5 cent + 0.5 cent scaled back
        expect(Math.abs(back - c)).toBeLessThanOrEqual(1 + 0.5 / cad);
      }),
    );
  });
});
