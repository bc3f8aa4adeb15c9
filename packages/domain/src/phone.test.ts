import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone';

describe('formatPhone', () => {
  it.each([
    ['4045550123', '(404) 555-0123'],
    ['404-555-0123', '(404) 555-0123'],
    ['404.555.0123', '(404) 555-0123'],
    [' (404)555-0123 ', '(404) 555-0123'],
    ['+1 404 555 0123', '(404) 555-0123'],
    ['1-404-555-0123', '(404) 555-0123'],
    ['(404) 555-0123', '(404) 555-0123'],
  ])('writes %s as %s', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });

  it.each([['+52 55 1234 5678'], ['404-555-0123 ext 12'], ['55512345'], ['']])('keeps %s as typed', (typed) => {
    expect(formatPhone(typed)).toBe(typed.trim());
  });
});
