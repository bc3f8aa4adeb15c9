/**
 * VICS bill of lading numbers: 17 digits = a 7-digit GS1 company
 * prefix, a 9-digit serial and a GS1 mod-10 check digit.
 */
export const BOL_COMPANY_PREFIX = '0614141';
const SERIAL_DIGITS = 9;
const SERIAL_LIMIT = 10 ** SERIAL_DIGITS;

/**
 * The GS1 mod-10 check digit of `digits`: from the rightmost digit leftwards the weights are
 * 3, 1, 3, 1...; the check digit brings the weighted sum up to a multiple of 10.
 */
export function gs1CheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('gs1CheckDigit: digits only');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** The BOL number of a serial (0 to 999,999,999) under a company prefix. */
export function vicsBolNumber(serial: number, companyPrefix = BOL_COMPANY_PREFIX): string {
  if (!Number.isInteger(serial) || serial < 0 || serial >= SERIAL_LIMIT) throw new Error('vicsBolNumber: serial out of range');
  if (!/^\d{7}$/.test(companyPrefix)) throw new Error('vicsBolNumber: the company prefix has 7 digits');
  const body = companyPrefix + String(serial).padStart(SERIAL_DIGITS, '0');
  return body + String(gs1CheckDigit(body));
}

/** Whether `value` is 17 digits whose last is the check digit of the first 16. */
export function isVicsBolNumber(value: string): boolean {
  return /^\d{17}$/.test(value) && gs1CheckDigit(value.slice(0, 16)) === Number(value[16]);
}
