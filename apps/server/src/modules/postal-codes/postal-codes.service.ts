import type { Country } from '@freight/domain';
import { lookupPlace } from '@freight/domain/rating';
import { AppError } from '../../errors';

const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;

/**
 * A postal code as the lookup reads it: US the 5-digit ZIP (a ZIP+4 gives its first five), Canada
 * upper case 'A1A 1A1' (or the 3-character FSA as given), Mexico the 5-digit CP.
 */
export function normalizePostalCode(code: string, country: Country): string {
  const trimmed = code.trim();
  switch (country) {
    case 'US':
      return US_ZIP.exec(trimmed)?.[1] ?? trimmed;
    case 'CA': {
      const compact = trimmed.replace(/[\s-]/g, '').toUpperCase();
      return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
    }
    case 'MX':
      return trimmed;
  }
}

/**
 * City and state of a postal code (for a Mexican CP of a known city, its municipality too), from the rating engine's reference data (no database): the
 * answer the quote form shows as the user types. Unknown codes are 404 with the message the quote
 * gives the same code ('validation.postal_code_unknown'), so the form shows it under the field.
 */
export function postalCodesService() {
  return {
    lookup(country: Country, code: string) {
      const place = lookupPlace(code, country);
      if (!place) throw new AppError(404, 'not_found', 'validation.postal_code_unknown');
      const answer = { postal_code: normalizePostalCode(code, country), country, city: place.city, state: place.state };
      return place.municipality === undefined ? answer : { ...answer, municipality: place.municipality };
    },
  };
}
