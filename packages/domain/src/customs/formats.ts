/**
 * The identifiers a customs declaration carries between the United States, Canada and Mexico
 * (docs/cross-border.md, Booking), checked for their form only: whether a code or a number
 * exists is for the customs broker and the authorities.
 */

/** The incoterms of road freight: who pays the carriage, the duties and the taxes. */
export const INCOTERMS = ['EXW', 'FCA', 'DAP', 'DDP'] as const;
export type Incoterm = (typeof INCOTERMS)[number];

/**
 * An HS code as typed ('8471.30.01', '8471 30') without its dots and spaces: 6 digits is the
 * international heading, 8 Mexico's TIGIE fraction, 10 the US HTS or Canada's tariff item.
 */
export const compactHsCode = (typed: string) => typed.replace(/[.\s]/g, '');

/** Whether a compacted HS code has 6, 8 or 10 digits. */
export const isHsCode = (code: string) => /^(\d{6}|\d{8}|\d{10})$/.test(code);

/** The 6-digit heading every country shares, which the certification of origin names. */
export const hsHeading = (code: string) => code.slice(0, 6);

/** The generic RFC a Mexican document gives a party abroad. */
export const GENERIC_FOREIGN_RFC = 'XEXX010101000';

/** Whether a YYMMDD of an RFC is a calendar date (the year's century is not known, 00 reads as 2000). */
function isRfcDate(yymmdd: string) {
  const [y, m, d] = [Number(yymmdd.slice(0, 2)), Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6))];
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(2000 + y, m, 0)).getUTCDate();
}

/**
 * What an RFC (Mexico's tax identifier) is by its form: a company's has 12 characters (three
 * letters, the founding date, a three-character check), a person's 13 (four letters, the birth
 * date, the check); 'foreign' is the generic RFC of a party abroad. Null: not an RFC.
 */
export function rfcKind(typed: string): 'company' | 'person' | 'foreign' | null {
  const rfc = typed.trim().toUpperCase();
  if (rfc === GENERIC_FOREIGN_RFC) return 'foreign';
  const match = /^([A-ZÑ&]{3,4})(\d{6})([A-Z\d]{3})$/.exec(rfc);
  if (!match || !isRfcDate(match[2] as string)) return null;
  return (match[1] as string).length === 3 ? 'company' : 'person';
}

/**
 * A pedimento number in its printed 21-character form `YY  AA  PPPP  NNNNNNN` (year, customs
 * office, broker's licence, sequence, two spaces between), from 15 digits typed with any spacing.
 * Null when the digits are not 15.
 */
export function pedimentoNumber(typed: string): string | null {
  const digits = typed.replace(/\s/g, '');
  if (!/^\d{15}$/.test(digits)) return null;
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8), digits.slice(8)].join('  ');
}

/**
 * The number a carrier gives a shipment entering the United States (PAPS) or Canada (PARS): its
 * SCAC (the carrier code) followed by its own number for the shipment, which the driver presents
 * as a barcode and the importer's customs broker links to the entry. Upper case, no spaces.
 */
export const entryNumber = (scac: string, shipmentNumber: string) => `${scac}${shipmentNumber}`.replace(/\s/g, '').toUpperCase();

/** Which pre-arrival number a shipment entering `country` carries: PAPS into the US, PARS into Canada, none into Mexico (a pedimento). */
export const entryProgram = (country: string): 'paps' | 'pars' | null => (country === 'US' ? 'paps' : country === 'CA' ? 'pars' : null);

/**
 * The entered country's customs reference of a shipment, as its broker gives it, in its printed
 * form; null when the typed value does not have that form:
 * - into Mexico, the pedimento (15 digits, printed in 21 characters);
 * - into the United States, the entry number: the broker's 3-character filer code, 7 digits and a
 *   check digit, printed `ABC-1234567-8` (the check digit is the broker's to compute; its form only is checked);
 * - into Canada, the transaction number: 14 digits (the broker's account, a sequence and a check digit).
 */
export function customsEntryReference(country: 'US' | 'CA' | 'MX', typed: string): string | null {
  if (country === 'MX') return pedimentoNumber(typed);
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  if (country === 'CA') return /^\d{14}$/.test(compact) ? compact : null;
  const us = /^([A-Z0-9]{3})(\d{7})(\d)$/.exec(compact);
  return us ? `${us[1]}-${us[2]}-${us[3]}` : null;
}

/**
 * An HS code as the schedules print it: the 4-digit heading, then pairs of digits, each after a
 * dot ('9403.20', '9403.20.00', '8471.30.01.00'). A code that is not 6, 8 or 10 digits is shown as
 * it is rather than cut into a form it does not have.
 */
export function printedHsCode(code: string): string {
  if (!/^(\d{6}|\d{8}|\d{10})$/.test(code)) return code;
  const pairs = code.slice(4).match(/\d{2}/g) ?? [];
  return [code.slice(0, 4), ...pairs].join('.');
}
