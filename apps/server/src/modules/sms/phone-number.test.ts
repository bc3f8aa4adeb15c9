import { describe, expect, it } from 'vitest';
import { defaultCountryOf, displayNumber, normaliseMobileNumber } from './phone-number';

const e164 = (raw: string, country: 'US' | 'CA' | 'MX' = 'US') => {
  const result = normaliseMobileNumber(raw, country);
  return result.ok ? result.e164 : null;
};

describe('normaliseMobileNumber', () => {
  it('reads a number as people type it, in the default country, into E.164', () => {
    for (const typed of [
      '(312) 555-0142',
      '312-555-0142',
      '312.555.0142',
      '3125550142',
      '1 312 555 0142',
      '+1 (312) 555-0142',
      ' +13125550142 ',
    ]) {
      expect(e164(typed), typed).toBe('+13125550142');
    }
    // A Canadian area code is Canada's, whichever +1 country is the default.
    expect(normaliseMobileNumber('(416) 555-0199', 'US')).toEqual({ ok: true, e164: '+14165550199', country: 'CA' });
    expect(e164('416 555 0199', 'CA')).toBe('+14165550199');
  });

  it('reads a Mexican number in Mexico, and any with its +country code', () => {
    expect(normaliseMobileNumber('81 1234 5678', 'MX')).toEqual({ ok: true, e164: '+528112345678', country: 'MX' });
    expect(e164('55 1234 5678', 'MX')).toBe('+525512345678');
    expect(e164('+52 81 1234 5678', 'US')).toBe('+528112345678');
    // Ten digits in the United States are an American number, not a Mexican one.
    expect(e164('81 1234 5678', 'US')).toBeNull();
  });

  it('refuses what is no textable number of the United States, Canada or Mexico', () => {
    for (const typed of [
      '',
      '   ',
      '555',
      '312-555-01',
      '312-555-01422',
      '(012) 555-0142', // no area code starts with 0
      'call me',
      '1-800-FLOWERS',
      '(312) 555-0142 ext 12',
      '+44 20 7946 0958', // London
      '+1 876 555 0100', // Jamaica shares +1
      '1 (800) 555-0199', // toll-free
      '+13125550142'.repeat(4),
    ]) {
      expect(normaliseMobileNumber(typed, 'US'), typed).toEqual({ ok: false });
    }
  });
});

describe('displayNumber', () => {
  it('shows a number in its owner’s country nationally, another internationally', () => {
    expect(displayNumber('+13125550142', 'US')).toBe('(312) 555-0142');
    expect(displayNumber('+528112345678', 'MX')).toBe('81 1234 5678');
    expect(displayNumber('+528112345678', 'US')).toBe('+52 81 1234 5678');
  });
});

describe('defaultCountryOf', () => {
  it("is the account's company address country, else its account address's, else the United States", () => {
    expect(defaultCountryOf({ companyAddress: { country: 'MX' }, accountAddress: { country: 'CA' } })).toBe('MX');
    expect(defaultCountryOf({ companyAddress: null, accountAddress: { country: 'CA' } })).toBe('CA');
    expect(defaultCountryOf({ companyAddress: { country: 'FR' } })).toBe('US');
    expect(defaultCountryOf(null)).toBe('US');
  });
});
