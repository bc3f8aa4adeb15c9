import { describe, expect, it } from 'vitest';
import { matchRecoveryCode, newRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeHash } from './recovery-codes';

const KEY = 'test-app-key-0123456789';

describe('recovery codes', () => {
  it('makes ten different codes in the xxxxx-xxxxx form, without look-alike characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(newRecoveryCodes()).not.toEqual(codes);
  });

  it('keeps a keyed hash, never the code, and the same code under another key hashes differently', () => {
    const [code] = newRecoveryCodes() as [string];
    const hash = recoveryCodeHash(KEY, code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(normalizeRecoveryCode(code));
    expect(recoveryCodeHash('another-key-0123456789', code)).not.toBe(hash);
  });

  it('reads a code in any case, with or without the dash and spaces', () => {
    expect(normalizeRecoveryCode(' K7M2Q-x9fhp ')).toBe('k7m2qx9fhp');
    expect(recoveryCodeHash(KEY, 'k7m2q x9fhp')).toBe(recoveryCodeHash(KEY, 'K7M2QX9FHP'));
  });

  it('finds which stored code was typed, and none for a wrong one', () => {
    const codes = newRecoveryCodes();
    const stored = codes.map((code, i) => ({ id: i, codeHash: recoveryCodeHash(KEY, code) }));
    expect(matchRecoveryCode(KEY, stored, codes[3]!)?.id).toBe(3);
    expect(matchRecoveryCode(KEY, stored, codes[9]!.toUpperCase())?.id).toBe(9);
    expect(matchRecoveryCode(KEY, stored, 'aaaaa-aaaaa')).toBeUndefined();
    expect(matchRecoveryCode(KEY, stored, '')).toBeUndefined();
    expect(matchRecoveryCode('another-key-0123456789', stored, codes[3]!)).toBeUndefined();
    expect(matchRecoveryCode(KEY, [], codes[3]!)).toBeUndefined();
  });
});
