import { describe, expect, it } from 'vitest';
import { parseCsvBoolean } from './csvCells';

describe('parseCsvBoolean', () => {
  it('reads booleans true/false/yes/no/sí/1/0 in any case', () => {
    expect(['TRUE', 'yes', '1', 'Yes', 'Sí', 'si'].map(parseCsvBoolean)).toEqual([true, true, true, true, true, true]);
    expect(['false', 'NO', '0', ' no '].map(parseCsvBoolean)).toEqual([false, false, false, false]);
    expect(parseCsvBoolean('maybe')).toBeUndefined();
  });
});
