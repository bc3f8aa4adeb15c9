import { describe, expect, it } from 'vitest';
import { inWords, keepMessage, messageReader } from './kept-messages';

describe("a batch's kept messages", () => {
  it("are worded in each reader's language, with their values", () => {
    const kept = keepMessage('csv.cell_count', { found: 2, expected: 14 });
    expect(messageReader('en')(kept)).toBe(
      'This line has 2 cells where the header has 14: a field that contains a comma must be in double quotes',
    );
    expect(messageReader('es')(kept)).toBe(
      'Esta línea tiene 2 celdas y el encabezado 14: un campo que contiene una coma debe ir entre comillas dobles',
    );
    expect(inWords([{ field: 'weight', message: keepMessage('validation.required') }], messageReader('es'))).toEqual([
      { field: 'weight', message: 'Campo obligatorio' },
    ]);
  });

  it('leave a message worded before (an older row) as it was written, and never fail on a damaged one', () => {
    expect(messageReader('es')('Field is required')).toBe('Field is required');
    expect(messageReader('en')('kept-message:["csv.cell_count"')).toBe('kept-message:["csv.cell_count"');
  });
});
