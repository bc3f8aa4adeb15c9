import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging';

describe('redactUrl', () => {
  it('drops reset tokens and link signatures, keeps the rest', () => {
    expect(redactUrl('/reset-password/abc123?email=a%40b.test')).toBe('/reset-password/[redacted]?email=a%40b.test');
    expect(redactUrl('/email/verify/1/h?expires=9&signature=deadbeef')).toBe('/email/verify/1/h?expires=9&signature=[redacted]');
    expect(redactUrl('/api/user')).toBe('/api/user');
  });
});
