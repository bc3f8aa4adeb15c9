import { hmac, safeEqual } from './tokens';

/**
 * APP_KEY rotation. A new APP_KEY seals and signs from the start; the keys before it, listed in
 * APP_KEY_PREVIOUS, still open what they sealed (eBay tokens, webhook and authenticator secrets,
 * single sign-on secrets, tax ids) and still verify what they signed (mailed links, reply
 * addresses, recovery codes), so a rotation breaks nothing a user holds.
 *
 * The feature code takes the current key as a string (AppContext.appKey); the app registers the
 * previous keys against it once (buildApp), and the primitives below look them up. Keyed by the
 * current key, so apps with different keys in one process (tests) do not see each other's.
 */
const previousKeys = new Map<string, readonly string[]>();

/** Registers the keys `current` replaced; answers `current`. */
export function rememberPreviousAppKeys(current: string, previous: readonly string[] = []) {
  const others = previous.filter((key) => key !== current);
  if (others.length) previousKeys.set(current, others);
  else previousKeys.delete(current);
  return current;
}

/** The current key first, then the previous ones newest first. */
export const appKeysOf = (current: string): readonly string[] => [current, ...(previousKeys.get(current) ?? [])];

/**
 * Whether `signature` is `hmac(key, text)` (cut to `length` characters when given) under the
 * current key or a previous one. Every key is tried, so the time taken does not tell which one matched.
 */
export function signedByAppKey(current: string, text: string, signature: string, length?: number) {
  let matched = false;
  for (const key of appKeysOf(current)) {
    const expected = hmac(key, text);
    if (safeEqual(length ? expected.slice(0, length) : expected, signature)) matched = true;
  }
  return matched;
}
