import { describe, expect, it } from 'vitest';
import { secretBox } from './encryption';

describe('secretBox', () => {
  it('opens what it sealed, never shows the plain text, and refuses another key or a changed byte', () => {
    const box = secretBox('a'.repeat(40), 'ebay-tokens');
    const sealed = box.seal('v^1.1#i^1#r^1#secret-token');
    expect(sealed).not.toContain('secret-token');
    expect(box.open(sealed)).toBe('v^1.1#i^1#r^1#secret-token');
    expect(box.seal('x')).not.toBe(box.seal('x'));
    expect(() => secretBox('b'.repeat(40), 'ebay-tokens').open(sealed)).toThrow();
    expect(() => secretBox('a'.repeat(40), 'other-purpose').open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = `${parts[3]!.startsWith('A') ? 'B' : 'A'}${parts[3]!.slice(1)}`;
    expect(() => box.open(parts.join('.'))).toThrow();
  });
});
