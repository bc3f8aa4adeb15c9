import { describe, expect, it } from 'vitest';
import { formatTimeOfDay } from './time-of-day';

describe('formatTimeOfDay', () => {
  it('writes a stored HH:MM in the reader style, and keeps what is not one', () => {
    expect(formatTimeOfDay('14:30', 'en')).toBe('2:30 PM');
    expect(formatTimeOfDay('08:00', 'en')).toBe('8:00 AM');
    expect(formatTimeOfDay('14:30', 'es').replace(/\s/g, ' ')).toMatch(/^2:30 p\.\s?m\.$/);
    expect(formatTimeOfDay('', 'en')).toBe('');
    expect(formatTimeOfDay('9am', 'en')).toBe('9am');
  });
});
