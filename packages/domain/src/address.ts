import type { Country } from './settings';

/**
 * One way to lay out a postal address everywhere (screens, documents, mail), as formatPhone does
 * for phones and formatTimeOfDay for times. The caller adds the company and the contact.
 *
 * - Street lines as typed, empty ones left out.
 * - Mexico: the exterior and interior numbers and the neighborhood (colonia) on one line under
 *   the street ('Ext. 405, Int. 2B, Col. Centro'), then the postal code before the city
 *   ('64000 Monterrey, NLE'), as Correos de México writes it.
 * - United States and Canada: 'City, ST 12345' ('Toronto, ON M5V 2T6').
 * - The country's name, in the reader's language, unless it is `homeCountry` (a domestic reader
 *   needs no country line); without `homeCountry` it is always written.
 */
export interface PostalAddress {
  street1: string;
  street2?: string | null;
  street3?: string | null;
  street4?: string | null;
  street5?: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: Country | string;
  interior_number?: string | null;
  exterior_number?: string | null;
  neighborhood?: string | null;
}

export interface AddressFormat {
  /** 'en' or 'es': the Mexican labels and the country's name. */
  language: string;
  /** The reader's own country: its name is left out. */
  homeCountry?: Country | string;
}

const COUNTRY_NAMES: Readonly<Record<'en' | 'es', Readonly<Record<Country, string>>>> = {
  en: { US: 'United States', CA: 'Canada', MX: 'Mexico' },
  es: { US: 'Estados Unidos', CA: 'Canadá', MX: 'México' },
};

const MEXICAN_LABELS = {
  en: { exterior: 'Ext.', interior: 'Int.', neighborhood: 'Col.' },
  es: { exterior: 'Núm. ext.', interior: 'Núm. int.', neighborhood: 'Col.' },
} as const;

const lang = (language: string): 'en' | 'es' => (language.startsWith('es') ? 'es' : 'en');
const clean = (s: string | null | undefined) => (s ?? '').trim();

/** A country's name in the language ('United States', 'México'); an unknown code as given. */
export function countryName(code: string, language: string): string {
  return COUNTRY_NAMES[lang(language)][code as Country] ?? code;
}

/** The Mexican numbers and neighborhood as one line ('Ext. 405, Int. 2B, Col. Centro'), or ''. */
export function mexicanAddressLine(a: Pick<PostalAddress, 'exterior_number' | 'interior_number' | 'neighborhood'>, language: string) {
  const l = MEXICAN_LABELS[lang(language)];
  return [
    clean(a.exterior_number) && `${l.exterior} ${clean(a.exterior_number)}`,
    clean(a.interior_number) && `${l.interior} ${clean(a.interior_number)}`,
    clean(a.neighborhood) && `${l.neighborhood} ${clean(a.neighborhood)}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The city line: 'Chicago, IL 60606', or in Mexico '64000 Monterrey, NLE'; parts not known are left out. */
export function cityLine(a: Pick<PostalAddress, 'city' | 'state' | 'postal_code' | 'country'>): string {
  const city = clean(a.city);
  const state = clean(a.state);
  const code = clean(a.postal_code);
  if (a.country === 'MX') return [[code, city].filter(Boolean).join(' '), state].filter(Boolean).join(', ');
  return [city, [state, code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** The address's lines, top to bottom (see the module's note); never an empty line. */
export function formatAddressLines(a: PostalAddress, format: AddressFormat): string[] {
  const streets = [a.street1, a.street2, a.street3, a.street4, a.street5].map(clean);
  const lines = [...streets, a.country === 'MX' ? mexicanAddressLine(a, format.language) : '', cityLine(a)];
  if (a.country !== format.homeCountry) lines.push(countryName(a.country, format.language));
  return lines.filter(Boolean);
}
