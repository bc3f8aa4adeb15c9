import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

/** Constant-time comparison of two strings of any length. */
export function safeEqual(a: string, b: string) {
  const ab = Buffer.from(sha256(a));
  const bb = Buffer.from(sha256(b));
  return timingSafeEqual(ab, bb) && a.length === b.length;
}
