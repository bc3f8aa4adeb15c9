import { describe, expect, it } from 'vitest';
import { linkParts } from './MessageText';

describe('linkParts', () => {
  it('turns only http and https addresses into links, leaving trailing punctuation as text', () => {
    expect(linkParts('See https://example.com/a?b=1, then reply.')).toEqual([
      { at: 0, text: 'See ' },
      { at: 4, text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { at: 29, text: ', then reply.' },
    ]);
    expect(linkParts('javascript:alert(1) and data:text/html,<b>x</b>')).toEqual([
      { at: 0, text: 'javascript:alert(1) and data:text/html,<b>x</b>' },
    ]);
  });
});
