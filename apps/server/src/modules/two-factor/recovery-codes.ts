import { randomInt } from 'node:crypto';
import { appKeysOf } from '../../security/app-keys';
import { hmac, safeEqual } from '../../security/tokens';

/**
 * Recovery codes: ten single-use codes that stand in for the authenticator app. Shown once when
 * made; the database keeps only an HMAC of each under the app's key, so a leaked table cannot be
 * tried offline (a code is ~50 bits: too few for a bare hash to protect).
 */

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code copied from paper is read without doubt. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

const randomPart = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A code's characters, the dash and spaces left out. */
export const RECOVERY_CODE_LENGTH = 2 * HALF;

/** Ten new codes, as the user sees them: `k7m2q-x9fhp`. */
export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, () => `${randomPart()}-${randomPart()}`);

/** A code as typed: any case, with or without the dash or spaces. */
export const normalizeRecoveryCode = (input: string) => input.toLowerCase().replace(/[\s-]+/g, '');

/** What is stored for a code (also for a typed one, to compare with the stored). */
export const recoveryCodeHash = (appKey: string, code: string) => hmac(appKey, `recovery-code:${normalizeRecoveryCode(code)}`);

/**
 * Which stored code, if any, the typed one is. Every stored hash is compared, in constant time and
 * to the end of the list, so neither the answer's time nor its content tells how close a guess came.
 */
export function matchRecoveryCode<T extends { codeHash: string }>(appKey: string, stored: readonly T[], input: string): T | undefined {
  // Codes stored before an APP_KEY rotation were hashed with a previous key.
  const typed = appKeysOf(appKey).map((key) => recoveryCodeHash(key, input));
  let found: T | undefined;
  for (const code of stored) for (const hash of typed) if (safeEqual(code.codeHash, hash) && !found) found = code;
  return found;
}
