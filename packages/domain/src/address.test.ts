import { describe, expect, it } from 'vitest';
import { countryName, formatAddressLines } from './address';

const chicago = { street1: '233 S Wacker Dr', street2: 'Dock 4', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' };

describe('formatAddressLines', () => {
  it('writes a US address as street lines, "City, ST 12345" and the country', () => {
    expect(formatAddressLines(chicago, { language: 'en' })).toEqual(['233 S Wacker Dr', 'Dock 4', 'Chicago, IL 60606', 'United States']);
  });

  it("leaves the country out for a reader of that country, and names it in the reader's language otherwise", () => {
    expect(formatAddressLines(chicago, { language: 'en', homeCountry: 'US' })).toEqual(['233 S Wacker Dr', 'Dock 4', 'Chicago, IL 60606']);
    expect(formatAddressLines(chicago, { language: 'es', homeCountry: 'MX' }).at(-1)).toBe('Estados Unidos');
  });

  it('keeps every street line given and drops empty ones', () => {
    const lines = formatAddressLines(
      { ...chicago, street2: '', street3: 'Building B', street4: '  ', street5: 'Gate 2' },
      { language: 'en', homeCountry: 'US' },
    );
    expect(lines).toEqual(['233 S Wacker Dr', 'Building B', 'Gate 2', 'Chicago, IL 60606']);
  });

  it('writes a Canadian address with its province and postal code', () => {
    const toronto = { street1: '100 King St W', city: 'Toronto', state: 'ON', postal_code: 'M5X 1A9', country: 'CA' };
    expect(formatAddressLines(toronto, { language: 'en', homeCountry: 'US' })).toEqual(['100 King St W', 'Toronto, ON M5X 1A9', 'Canada']);
  });

  it('writes a Mexican address with its numbers, colonia and the postal code before the city', () => {
    const monterrey = {
      street1: 'Av. Constitución',
      exterior_number: '405',
      interior_number: '2B',
      neighborhood: 'Centro',
      city: 'Monterrey',
      state: 'NLE',
      postal_code: '64000',
      country: 'MX',
    };
    expect(formatAddressLines(monterrey, { language: 'en' })).toEqual([
      'Av. Constitución',
      'Ext. 405, Int. 2B, Col. Centro',
      '64000 Monterrey, NLE',
      'Mexico',
    ]);
    expect(formatAddressLines(monterrey, { language: 'es', homeCountry: 'MX' })).toEqual([
      'Av. Constitución',
      'Núm. ext. 405, Núm. int. 2B, Col. Centro',
      '64000 Monterrey, NLE',
    ]);
  });

  it('ignores Mexican parts on an address outside Mexico, and a city not known', () => {
    const lines = formatAddressLines({ ...chicago, neighborhood: 'Loop', city: '' }, { language: 'en', homeCountry: 'US' });
    expect(lines).toEqual(['233 S Wacker Dr', 'Dock 4', 'IL 60606']);
  });
});

describe('countryName', () => {
  it('names the three countries in both languages and keeps an unknown code', () => {
    expect(countryName('CA', 'es')).toBe('Canadá');
    expect(countryName('MX', 'es-MX')).toBe('México');
    expect(countryName('FR', 'en')).toBe('FR');
  });
});
