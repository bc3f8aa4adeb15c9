import { signedByAppKey } from './app-keys';
import { hmac } from './tokens';

/** Laravel-style signed URLs: the signature covers the path and the expiry. */
export function signPath(key: string, path: string, expiresAt: Date) {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const signature = hmac(key, `${path}?expires=${expires}`);
  return `${path}?expires=${expires}&signature=${signature}`;
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

export function checkSignedPath(
  key: string,
  path: string,
  expires: string | undefined,
  signature: string | undefined,
  now: Date,
): SignatureCheck {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid';
  // A link mailed before an APP_KEY rotation stays good until it expires.
  if (!signedByAppKey(key, `${path}?expires=${expires}`, signature)) return 'invalid';
  return Number(expires) * 1000 > now.getTime() ? 'valid' : 'expired';
}
