import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { secretBox } from '../../security/encryption';

/**
 * Webhook signatures per the Standard Webhooks spec (https://www.standardwebhooks.com): the
 * receiver gets `webhook-id` (the event's id), `webhook-timestamp` (unix seconds of the attempt)
 * and `webhook-signature`: 'v1,' + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed with
 * the bytes of the secret after its 'whsec_' prefix. During a rotation there are two secrets and
 * two signatures, separated by a space; a receiver accepts the message when any one matches.
 */
const PREFIX = 'whsec_';

/** A new signing secret: 'whsec_' + base64 of 32 random bytes (the spec's format). */
export const newWebhookSecret = () => `${PREFIX}${randomBytes(32).toString('base64')}`;

const keyOf = (secret: string) => Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');

export function signature(secret: string, id: string, timestamp: number, body: string) {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt, signed with every active secret. */
export function signedHeaders(secrets: string[], id: string, at: Date, body: string) {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, id, timestamp, body)).join(' '),
  };
}

/** How far a message's timestamp may be from the receiver's clock (the spec's reference libraries: 5 minutes). */
const TOLERANCE_SECONDS = 300;

/**
 * A receiver's check (receiver-simulator.ts): one of the passed v1 signatures is one of `secrets`'
 * over these exact bytes, compared in constant time, and the timestamp is recent (no replays of
 * old captures).
 */
export function verifySignature(secrets: string[], headers: Record<string, string | string[] | undefined>, body: string, now: Date) {
  const one = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const id = one('webhook-id');
  const timestamp = Number(one('webhook-timestamp'));
  const passed = (one('webhook-signature') ?? '').split(' ').filter((s) => s.startsWith('v1,'));
  if (!id || !Number.isInteger(timestamp) || passed.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  return secrets.some((secret) => {
    const expected = Buffer.from(signature(secret, id, timestamp, body));
    return passed.some((p) => {
      const got = Buffer.from(p);
      return got.length === expected.length && timingSafeEqual(got, expected);
    });
  });
}

/**
 * A subscription's secrets as stored: sealed under APP_KEY (they must be read back to sign, so a
 * hash will not do). During a rotation the previous one keeps signing until its overlap ends.
 */
export function webhookSecretBox(appKey: string) {
  const box = secretBox(appKey, 'webhook-secret');
  return {
    seal: (secret: string) => box.seal(secret),
    /** The secrets that sign now; throws when the current one cannot be opened (APP_KEY changed), which a rotation mends. */
    active(sub: { secretEnc: string; previousSecretEnc: string | null; previousSecretUntil: Date | null }, now: Date) {
      const secrets = [box.open(sub.secretEnc)];
      if (sub.previousSecretEnc && sub.previousSecretUntil && sub.previousSecretUntil > now) {
        try {
          secrets.push(box.open(sub.previousSecretEnc));
        } catch {
          // Rotated away from an unreadable secret: the new one signs alone.
        }
      }
      return secrets;
    },
  };
}
