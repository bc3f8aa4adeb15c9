import type { AddressBookEntryValues } from '@freight/contracts';
import {
  CANADIAN_PROVINCE_BY_LETTER,
  lookupPlace,
  MEXICAN_STATES,
  mexicanStateForPostalCode,
  provinceCodeFromName,
} from '@freight/domain/rating';

/**
 * Address verification behind a small interface, so a real address service (USPS, Canada Post,
 * a commercial validator) can replace the built-in one without touching the routes or the CSV
 * import: `verify` answers whether the address is verified, the field errors (i18n keys) that
 * refuse it, and the entry as it should be stored (postal code and state in their usual form).
 */
export interface AddressVerification {
  verified: boolean;
  errors: Record<string, string[]>;
  entry: AddressBookEntryValues;
}

export interface AddressVerifier {
  verify(entry: AddressBookEntryValues): Promise<AddressVerification>;
}

const US_STATES: Readonly<Record<string, string>> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'puerto rico': 'PR',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
};

/** Lower case, accents off, runs of spaces (and dots, hyphens) as one space: how city and state names are compared. */
export function looseText(value: string) {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s.-]+/g, ' ')
    .trim();
}

const MX_BY_NAME = new Map(MEXICAN_STATES.map((s) => [looseText(s.name), s.code]));
const MX_CODES = new Set(MEXICAN_STATES.map((s) => s.code));

/** The state's usual code for what the user typed (a code in any case, or the full name), or undefined. */
export function stateCode(country: AddressBookEntryValues['country'], typed: string): string | undefined {
  const upper = typed.trim().toUpperCase();
  const loose = looseText(typed);
  switch (country) {
    case 'US':
      return /^[A-Z]{2}$/.test(upper) ? upper : US_STATES[loose];
    case 'CA':
      return /^[A-Z]{2}$/.test(upper) ? upper : provinceCodeFromName(loose);
    case 'MX':
      return MX_CODES.has(upper) ? upper : MX_BY_NAME.get(loose);
  }
}

/** A postal code in its usual form: US '60601' or '60601-1234', Canada 'M5V 3L9', Mexico '64000'. */
export function normalizePostalCode(country: AddressBookEntryValues['country'], code: string) {
  const trimmed = code.trim();
  if (country === 'CA') {
    const compact = trimmed.replace(/[\s-]/g, '').toUpperCase();
    return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
  }
  if (country === 'US') {
    const digits = trimmed.replace(/-/g, '');
    return /^\d{9}$/.test(digits) ? `${digits.slice(0, 5)}-${digits.slice(5)}` : trimmed;
  }
  return trimmed;
}

/**
 * The built-in verifier: the rating engine's postal data.
 * - Unknown postal code (no such ZIP, Canadian FSA or Mexican CP prefix): `postal_code:
 *   validation.postal_code_unknown`.
 * - The state must agree: US the ZIP's state; Canada the province of the code's first letter (X:
 *   NT or NU); Mexico the state of the CP's first two digits. Otherwise `state:
 *   validation.state_mismatch`. A state may be typed as its code or its name; it is stored as the code.
 * - Verified (the 'USPS verified' chip): a U.S. address whose city also agrees with the ZIP's city
 *   (case, accents and spacing ignored). Everything else that passes is saved unverified (custom):
 *   a U.S. city the data does not name for the ZIP, and every Canadian or Mexican address (the
 *   data holds only the FSA's area or the CP's state).
 */
export function postalDataVerifier(): AddressVerifier {
  return {
    async verify(input) {
      const entry = { ...input, postal_code: normalizePostalCode(input.country, input.postal_code) };
      const errors: Record<string, string[]> = {};
      const place = lookupPlace(entry.postal_code, entry.country);
      if (!place) return { verified: false, errors: { postal_code: ['validation.postal_code_unknown'] }, entry };
      const state = stateCode(entry.country, entry.state);
      let agrees: boolean;
      switch (entry.country) {
        case 'US':
          agrees = state === place.state;
          break;
        case 'CA':
          agrees = state !== undefined && (CANADIAN_PROVINCE_BY_LETTER[entry.postal_code.charAt(0)] ?? []).includes(state);
          break;
        case 'MX':
          agrees = state !== undefined && state === mexicanStateForPostalCode(entry.postal_code)?.code;
          break;
      }
      if (!agrees || !state) errors.state = ['validation.state_mismatch'];
      else entry.state = state;
      const verified = !errors.state && entry.country === 'US' && looseText(entry.city) === looseText(place.city);
      return { verified, errors, entry };
    },
  };
}
