/**
 * How a CSV cell says yes or no, shared by the server that reads uploaded files and the screens
 * that show or fix a row, so both read a cell alike.
 */
// A Spanish speaker's yes ('sí', with or without its accent) reads as yes; their 'no' is already one.
const TRUE = new Set(['true', 'yes', '1', 'sí', 'si']);
const FALSE = new Set(['false', 'no', '0']);

/** A CSV boolean: true/false, yes/no (sí/no), 1/0 in any case; undefined when not one of them. */
export function parseCsvBoolean(cell: string): boolean | undefined {
  const v = cell.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  return undefined;
}
