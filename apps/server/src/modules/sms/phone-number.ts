import { COUNTRIES, type Country } from '@freight/domain';
// The full metadata: numbers are checked against each country's number plan, not only their length.
import { type NumberType, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Mobile numbers for texts: typed as people type them ('(312) 555-0100', '312.555.0100',
 * '+52 81 1234 5678'), kept in E.164 form ('+13125550100'), the one form Twilio takes and the one
 * its STOP messages come from, so an opt-out always finds the number it is about.
 */

/** The portal serves these countries; alerts are texted there only (Twilio's geographic permissions follow). */
const SMS_COUNTRIES: readonly string[] = COUNTRIES;

/** Kinds of numbers no person reads a text on (a landline, a toll-free or premium line). */
const NOT_TEXTABLE: readonly NumberType[] = ['FIXED_LINE', 'TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST', 'PAGER', 'UAN', 'VOICEMAIL'];

export type NormalisedNumber = { ok: true; e164: string; country: Country } | { ok: false };

/**
 * The number in E.164 form, read in `defaultCountry` when it has no +country code; `{ ok: false }`
 * for what is no valid number of the United States, Canada or Mexico (too short, too long, an
 * area code that does not exist, another country's, a toll-free or known landline number).
 */
export function normaliseMobileNumber(raw: string, defaultCountry: Country): NormalisedNumber {
  const text = raw.trim();
  // Letters are no number (libphonenumber reads 1-800-FLOWERS as digits: not what a person means here).
  if (!text || text.length > 40 || /[a-z]/i.test(text.replace(/\s*(ext|x)\.?\s*\d+$/i, ''))) return { ok: false };
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  if (!parsed?.isValid() || parsed.ext) return { ok: false };
  const country = parsed.country;
  if (!country || !SMS_COUNTRIES.includes(country)) return { ok: false };
  const type = parsed.getType();
  if (type && NOT_TEXTABLE.includes(type)) return { ok: false };
  return { ok: true, e164: parsed.number, country: country as Country };
}

/** A stored number as its owner reads it: '(312) 555-0100' at home, '+52 81 1234 5678' abroad. */
export function displayNumber(e164: string, homeCountry: Country): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === homeCountry ? parsed.formatNational() : parsed.formatInternational();
}

/** Where a number without a country code is read: the account's company address, else its account address, else the United States. */
export function defaultCountryOf(
  account: { companyAddress?: { country?: string } | null; accountAddress?: { country?: string } | null } | null,
): Country {
  const candidates = [account?.companyAddress?.country, account?.accountAddress?.country];
  const found = candidates.find((c): c is Country => !!c && SMS_COUNTRIES.includes(c));
  return found ?? 'US';
}
