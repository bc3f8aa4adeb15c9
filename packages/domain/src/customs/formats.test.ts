import { describe, expect, it } from 'vitest';
import { isCountryCode } from './countries';
import {
  compactHsCode,
  customsEntryReference,
  entryNumber,
  entryProgram,
  hsHeading,
  isHsCode,
  pedimentoNumber,
  printedHsCode,
  rfcKind,
} from './formats';

describe('HS codes', () => {
  it('takes 6, 8 or 10 digits typed with dots or spaces', () => {
    expect(compactHsCode('8471.30.01')).toBe('84713001');
    expect(compactHsCode(' 8471 30 ')).toBe('847130');
    for (const ok of ['847130', '84713001', '8471300100']) expect(isHsCode(ok)).toBe(true);
    for (const bad of ['8471', '8471300', '847130010', '84713001000', '84713A', '']) expect(isHsCode(bad)).toBe(false);
    expect(hsHeading('8471300100')).toBe('847130');
  });
});

describe('RFC', () => {
  it('tells a company (12) from a person (13) and knows the generic foreign RFC', () => {
    expect(rfcKind('ABC010203XY9')).toBe('company');
    expect(rfcKind('GODE561231GR8')).toBe('person');
    expect(rfcKind('abc010203xy9')).toBe('company');
    expect(rfcKind('&ÑB991231AB1')).toBe('company');
    expect(rfcKind('XEXX010101000')).toBe('foreign');
  });

  it('refuses another length, a date that is not one and stray characters', () => {
    for (const bad of ['ABC010203XY', 'GODE561231GR89', 'ABC011303XY9', 'ABC010230XY9', 'AB1010203XY9', 'ABC-010203-XY9', ''])
      expect(rfcKind(bad)).toBeNull();
    expect(rfcKind('ABC000229XY9')).toBe('company');
    expect(rfcKind('ABC010229XY9')).toBeNull();
  });
});

describe('pedimento', () => {
  it('prints 15 digits as YY  AA  PPPP  NNNNNNN (21 characters)', () => {
    const printed = pedimentoNumber('26 24 3456 6001234');
    expect(printed).toBe('26  24  3456  6001234');
    expect(printed).toHaveLength(21);
    expect(pedimentoNumber('262434566001234')).toBe(printed);
    expect(pedimentoNumber('26  24  3456  6001234')).toBe(printed);
  });

  it('refuses anything but 15 digits', () => {
    for (const bad of ['26 24 3456 600123', '26 24 3456 60012345', '26 24 3456 600123A', '']) expect(pedimentoNumber(bad)).toBeNull();
  });
});

describe('country codes', () => {
  it('knows the ISO alpha-2 codes, not other pairs', () => {
    for (const ok of ['US', 'CA', 'MX', 'CN', 'DE', 'VN']) expect(isCountryCode(ok)).toBe(true);
    for (const bad of ['UK', 'EU', 'XX', 'us', 'USA', '']) expect(isCountryCode(bad)).toBe(false);
  });
});

describe('PAPS and PARS', () => {
  it('is the SCAC then the shipment number, for the US and Canada only', () => {
    expect(entryNumber('DFRC', '3581 182924')).toBe('DFRC3581182924');
    expect(entryProgram('US')).toBe('paps');
    expect(entryProgram('CA')).toBe('pars');
    expect(entryProgram('MX')).toBeNull();
  });
});

describe("the entered country's customs reference", () => {
  it('prints a pedimento, a U.S. entry number and a Canadian transaction number', () => {
    expect(customsEntryReference('MX', '262434566001234')).toBe('26  24  3456  6001234');
    expect(customsEntryReference('US', 'abc 1234567 8')).toBe('ABC-1234567-8');
    expect(customsEntryReference('US', 'ABC-1234567-8')).toBe('ABC-1234567-8');
    expect(customsEntryReference('CA', '12345 12345678 9')).toBe('12345123456789');
  });

  it('refuses another form', () => {
    expect(customsEntryReference('MX', 'ABC-1234567-8')).toBeNull();
    expect(customsEntryReference('US', '262434566001234')).toBeNull();
    expect(customsEntryReference('US', 'AB-1234567-8')).toBeNull();
    expect(customsEntryReference('CA', '1234512345678')).toBeNull();
    expect(customsEntryReference('CA', '')).toBeNull();
  });
});

describe('printedHsCode', () => {
  it('puts the dots of a 6, 8 or 10-digit code where the schedules print them', () => {
    expect(printedHsCode('940320')).toBe('9403.20');
    expect(printedHsCode('94032000')).toBe('9403.20.00');
    expect(printedHsCode('8471300100')).toBe('8471.30.01.00');
  });

  it('leaves a code of another form as it is', () => {
    for (const other of ['9403', '9403201', '9403.20', '']) expect(printedHsCode(other)).toBe(other);
  });
});
