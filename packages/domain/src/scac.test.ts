import { describe, expect, it } from 'vitest';
import { isScac, normaliseAlias, normaliseCarrierName, normaliseScac } from './scac';

describe('SCAC alias normalisation', () => {
  it('upper-cases and trims a SCAC', () => {
    expect(normaliseScac(' xpol ')).toBe('XPOL');
    expect(normaliseAlias('scac', 'upgf')).toBe('UPGF');
  });

  it('lower-cases a name and collapses its white space', () => {
    expect(normaliseCarrierName('  XPO   Logistics\tFreight ')).toBe('xpo logistics freight');
    expect(normaliseAlias('name', 'Con-Way  Freight')).toBe('con-way freight');
  });

  it('accepts 2-4 letters as a SCAC and nothing else', () => {
    expect(['CNWY', 'xpol', 'UPS', 'FX'].every(isScac)).toBe(true);
    expect(['C', 'CNWYX', 'CN1Y', 'CN-Y', ''].some(isScac)).toBe(false);
  });
});
