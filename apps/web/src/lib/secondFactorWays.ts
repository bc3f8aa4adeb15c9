/** A second factor typed into a field: the authenticator app's code or a recovery code (a passkey is a button). */
export type TypedWay = 'code' | 'recovery_code';

/**
 * What a second step (the sign-in's, or the confirmation of who the user is) opens on, from the
 * ways the server offers: the app's code, else the passkey (null: no field), else a recovery code.
 */
export function firstWay(ways: readonly string[]): TypedWay | null {
  if (ways.includes('totp')) return 'code';
  if (ways.includes('passkey')) return null;
  return ways.includes('recovery_code') ? 'recovery_code' : null;
}

/**
 * The typed way the step links to from the one on show, if any: a recovery code instead of the
 * app's code or the passkey, and back to the app's code (the passkey's button is always on show).
 */
export function otherWay(ways: readonly string[], current: TypedWay | null): TypedWay | null {
  if (!ways.includes('recovery_code')) return null;
  if (current !== 'recovery_code') return 'recovery_code';
  return ways.includes('totp') ? 'code' : null;
}
