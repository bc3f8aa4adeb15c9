import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { appKeysOf } from './app-keys';

/**
 * Secrets the product keeps for a user (eBay's OAuth tokens): AES-256-GCM with a key derived from
 * APP_KEY by HKDF for one purpose, so a leaked database alone gives nothing away. The stored form
 * is `v1.<iv>.<tag>.<ciphertext>`, base64url. It seals with the current APP_KEY and opens with it
 * or a previous one (APP_KEY_PREVIOUS, app-keys.ts): GCM's tag tells which key sealed it.
 */
export function secretBox(appKey: string, purpose: string) {
  const derive = (from: string) => Buffer.from(hkdfSync('sha256', from, 'freight-portal', purpose, 32));
  const key = derive(appKey);
  const openWith = (with_: Buffer, iv: string, tag: string, data: string) => {
    const decipher = createDecipheriv('aes-256-gcm', with_, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  };
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const [, ...previous] = appKeysOf(appKey);
      try {
        return openWith(key, iv, tag, data);
      } catch (error) {
        for (const older of previous) {
          try {
            return openWith(derive(older), iv, tag, data);
          } catch {
            // not this key either
          }
        }
        throw error;
      }
    },
  };
}
