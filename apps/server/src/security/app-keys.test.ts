import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { matchRecoveryCode, recoveryCodeHash } from '../modules/two-factor/recovery-codes';
import { appKeysOf, rememberPreviousAppKeys, signedByAppKey } from './app-keys';
import { secretBox } from './encryption';
import { checkSignedPath, signPath } from './signed-url';
import { hmac } from './tokens';

// Distinct keys per test: the previous keys are registered against the current one. Each test's
// registrations are forgotten after it, as other files in the same worker use these keys too.
const key = (c: string) => c.repeat(40);
afterEach(() => {
  for (const c of 'abcdefgh') rememberPreviousAppKeys(key(c), []);
});
const now = new Date('2026-11-26T12:00:00Z');

describe('APP_KEY rotation', () => {
  it('opens secrets sealed under a previous key and seals new ones under the current key only', () => {
    const [old, current] = [key('a'), key('b')];
    const sealedBefore = secretBox(old, 'totp-secret').seal('JBSWY3DPEHPK3PXP');
    expect(() => secretBox(current, 'totp-secret').open(sealedBefore)).toThrow();

    rememberPreviousAppKeys(current, [old]);
    const box = secretBox(current, 'totp-secret');
    expect(box.open(sealedBefore)).toBe('JBSWY3DPEHPK3PXP');
    // The purpose still separates keys, the previous key's too.
    expect(() => secretBox(current, 'ebay-tokens').open(sealedBefore)).toThrow();
    const sealedAfter = box.seal('new secret');
    expect(() => secretBox(old, 'totp-secret').open(sealedAfter)).toThrow();
    expect(box.open(sealedAfter)).toBe('new secret');
  });

  it('keeps the current key first, drops a repeat of it, and forgets the previous keys when none are given', () => {
    const [old, older, current] = [key('c'), key('d'), key('e')];
    rememberPreviousAppKeys(current, [old, current, older]);
    expect(appKeysOf(current)).toEqual([current, old, older]);
    expect(rememberPreviousAppKeys(current, [])).toBe(current);
    expect(appKeysOf(current)).toEqual([current]);
  });

  it('verifies what a previous key signed: links, cut signatures, recovery codes', () => {
    const [old, current, stranger] = [key('f'), key('g'), key('h')];
    const link = new URL(`http://x${signPath(old, '/email/verify/1/abc', new Date(now.getTime() + 60_000))}`);
    const check = (with_: string) =>
      checkSignedPath(with_, '/email/verify/1/abc', link.searchParams.get('expires') ?? '', link.searchParams.get('signature') ?? '', now);
    expect(check(current)).toBe('invalid');
    const cut = hmac(old, 'truckload-confirmation:s1').slice(0, 32);
    expect(signedByAppKey(current, 'truckload-confirmation:s1', cut, 32)).toBe(false);
    const stored = [{ id: 1, codeHash: recoveryCodeHash(old, '2fa22-demqa') }];
    expect(matchRecoveryCode(current, stored, '2FA22 DEMQA')).toBeUndefined();

    rememberPreviousAppKeys(current, [old]);
    expect(check(current)).toBe('valid');
    expect(signedByAppKey(current, 'truckload-confirmation:s1', cut, 32)).toBe(true);
    expect(signedByAppKey(current, 'truckload-confirmation:s2', cut, 32)).toBe(false);
    expect(matchRecoveryCode(current, stored, '2FA22 DEMQA')).toEqual(stored[0]);
    // A key nobody configured verifies nothing.
    expect(check(stranger)).toBe('invalid');
    expect(signedByAppKey(stranger, 'truckload-confirmation:s1', cut, 32)).toBe(false);
  });

  it('reads APP_KEY_PREVIOUS as a comma-separated list of keys of 32 characters or more', () => {
    expect(loadConfig({}).APP_KEY_PREVIOUS).toEqual([]);
    expect(loadConfig({ APP_KEY: key('i'), APP_KEY_PREVIOUS: ` ${key('j')} , ${key('k')}` }).APP_KEY_PREVIOUS).toEqual([
      key('j'),
      key('k'),
    ]);
    expect(() => loadConfig({ APP_KEY: key('i'), APP_KEY_PREVIOUS: `${key('j')},short` })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_KEY: key('i'), APP_KEY_PREVIOUS: `${key('j')},short` })).toThrow(/APP_KEY_PREVIOUS/);
  });
});
