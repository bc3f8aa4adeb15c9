import { describe, expect, it } from 'vitest';
import { collapseDoubledStop } from './sentenceEnd';

describe('a value ending with its own stop at the end of a sentence', () => {
  it('keeps one stop, and an ellipsis whole', () => {
    expect(collapseDoubledStop('pagado el 26 nov 2026, 7:16 a.m..')).toBe('pagado el 26 nov 2026, 7:16 a.m.');
    expect(collapseDoubledStop('hasta las 5:00 p.m.. Luego')).toBe('hasta las 5:00 p.m. Luego');
    expect(collapseDoubledStop('Cargando...')).toBe('Cargando...');
    expect(collapseDoubledStop('Paid on Nov 26, 2026, 7:16 AM.')).toBe('Paid on Nov 26, 2026, 7:16 AM.');
  });
});
