import { describe, expect, it } from 'vitest';
import { checkSignedPath, signPath } from './signed-url';

const key = 'k'.repeat(40);
const now = new Date('2026-11-21T12:00:00Z');
const parse = (url: string) => {
  const u = new URL(url, 'http://x');
  return [u.pathname, u.searchParams.get('expires') ?? undefined, u.searchParams.get('signature') ?? undefined] as const;
};

describe('signed paths', () => {
  const signed = signPath(key, '/email/verify/1/abc', new Date(now.getTime() + 24 * 3600_000));
  it('accepts its own signature until it expires', () => {
    const [p, e, s] = parse(signed);
    expect(checkSignedPath(key, p, e, s, now)).toBe('valid');
    expect(checkSignedPath(key, p, e, s, new Date(now.getTime() + 24 * 3600_000 + 1000))).toBe('expired');
  });
  it('refuses a tampered path, expiry or signature', () => {
    const [p, e, s] = parse(signed);
    expect(checkSignedPath(key, '/email/verify/2/abc', e, s, now)).toBe('invalid');
    expect(checkSignedPath(key, p, String(Number(e) + 60), s, now)).toBe('invalid');
    expect(checkSignedPath(key, p, e, `${s?.slice(0, -1)}0`, now)).toBe('invalid');
    expect(checkSignedPath('x'.repeat(40), p, e, s, now)).toBe('invalid');
    expect(checkSignedPath(key, p, undefined, s, now)).toBe('invalid');
  });
});
