import { describe, expect, it } from 'vitest';
import { percentToBasisPoints } from './percent';

describe('percentToBasisPoints', () => {
  it('converts a typed percentage exactly', () => {
    expect(percentToBasisPoints(2.5)).toBe(250);
    expect(percentToBasisPoints(2.55)).toBe(255);
    expect(percentToBasisPoints(0.01)).toBe(1);
    expect(percentToBasisPoints(0)).toBe(0);
    expect(percentToBasisPoints('17.3')).toBe(1730);
    expect(percentToBasisPoints('2.')).toBe(200);
  });

  it('is undefined when nothing is typed', () => {
    expect(percentToBasisPoints('')).toBeUndefined();
    expect(percentToBasisPoints('  ')).toBeUndefined();
    expect(percentToBasisPoints('-')).toBeUndefined();
  });
});
