import { describe, expect, it } from 'vitest';
import { acceptedTotpStep, newTotpSecret, normalizeTotpCode, TOTP_ISSUER, totpCodeAt, totpStepAt, totpUri } from './totp';

const at = (seconds: number) => new Date(seconds * 1000);
/** A moment in the middle of a step, and the steps around it. */
const NOW = at(1_800_000_015);
const STEP = totpStepAt(NOW);
const secret = newTotpSecret();

describe('TOTP (RFC 6238: 30-second steps, six digits)', () => {
  it('makes a base32 secret of 20 bytes and an otpauth:// URI naming the issuer and the account', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'ana+ops@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/${TOTP_ISSUER}:ana+ops@example.com`);
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe(TOTP_ISSUER);
  });

  it('computes the RFC 6238 test vector (SHA-1, T = 59 s)', () => {
    // RFC 6238 appendix B: the ASCII secret "12345678901234567890" gives 94287082 at 59 s (eight
    // digits); six-digit codes are its last six.
    expect(totpCodeAt('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', at(59))).toBe('287082');
  });

  it('accepts the code of the current step and of one step either side, no further', () => {
    expect(acceptedTotpStep(secret, totpCodeAt(secret, NOW), NOW, null)).toBe(STEP);
    expect(acceptedTotpStep(secret, totpCodeAt(secret, at(1_800_000_015 - 30)), NOW, null)).toBe(STEP - 1);
    expect(acceptedTotpStep(secret, totpCodeAt(secret, at(1_800_000_015 + 30)), NOW, null)).toBe(STEP + 1);
    expect(acceptedTotpStep(secret, totpCodeAt(secret, at(1_800_000_015 - 60)), NOW, null)).toBeUndefined();
    expect(acceptedTotpStep(secret, totpCodeAt(secret, at(1_800_000_015 + 60)), NOW, null)).toBeUndefined();
  });

  it('keeps the window at one step either side at both edges of a step', () => {
    const first = at(1_800_000_000);
    const last = at(1_800_000_029);
    expect(totpStepAt(first)).toBe(totpStepAt(last));
    for (const moment of [first, last]) {
      const step = totpStepAt(moment);
      const codeOf = (s: number) => totpCodeAt(secret, at(s * 30));
      expect(acceptedTotpStep(secret, codeOf(step - 1), moment, null)).toBe(step - 1);
      expect(acceptedTotpStep(secret, codeOf(step + 1), moment, null)).toBe(step + 1);
      expect(acceptedTotpStep(secret, codeOf(step - 2), moment, null)).toBeUndefined();
      expect(acceptedTotpStep(secret, codeOf(step + 2), moment, null)).toBeUndefined();
    }
  });

  it('never accepts a code of the last used step or an earlier one', () => {
    const code = totpCodeAt(secret, NOW);
    expect(acceptedTotpStep(secret, code, NOW, STEP)).toBeUndefined();
    expect(acceptedTotpStep(secret, totpCodeAt(secret, at(1_800_000_015 - 30)), NOW, STEP - 1)).toBeUndefined();
    // The next step's code is still good after this one was used.
    expect(acceptedTotpStep(secret, totpCodeAt(secret, at(1_800_000_015 + 30)), NOW, STEP)).toBe(STEP + 1);
    expect(acceptedTotpStep(secret, code, NOW, STEP - 1)).toBe(STEP);
  });

  it('refuses a wrong code, another secret’s code, and anything that is not six digits', () => {
    const code = totpCodeAt(secret, NOW);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(acceptedTotpStep(secret, wrong, NOW, null)).toBeUndefined();
    expect(acceptedTotpStep(newTotpSecret(), code, NOW, null)).toBeUndefined();
    for (const input of ['', '12345', '1234567', 'abcdef', `${code}0`, '１２３４５６']) {
      expect(acceptedTotpStep(secret, input, NOW, null)).toBeUndefined();
    }
  });

  it('reads a code typed with spaces, as apps show it', () => {
    const code = totpCodeAt(secret, NOW);
    expect(normalizeTotpCode(` ${code.slice(0, 3)} ${code.slice(3)} `)).toBe(code);
    expect(acceptedTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, NOW, null)).toBe(STEP);
    expect(normalizeTotpCode('12-34-56')).toBeUndefined();
  });
});
