import Papa from 'papaparse';

/** Writing the app's lists as CSV: exports, templates and manifests. */

/**
 * Spreadsheets run a cell that starts with =, +, -, @, tab or carriage return as a formula
 * (CSV injection). On export such a cell gets a leading single quote, which spreadsheets show as
 * text; a cell that already starts with quotes before such a character gets one more, so that
 * `unneutralizeCell` (one quote off) gives back exactly the stored value.
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
const NEUTRALIZED = /^'+[=+\-@\t\r]/;
export const neutralizeCell = (value: string) => (FORMULA_LIKE.test(value) ? `'${value}` : value);
export const unneutralizeCell = (value: string) => (NEUTRALIZED.test(value) ? value.slice(1) : value);

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (value instanceof Date) return value.toISOString();
  return neutralizeCell(String(value));
}

/** The CSV lines of `rows` (CRLF after each), with the header first when `header`. */
function csvLines<C extends string>(columns: readonly C[], rows: Iterable<Partial<Record<C, unknown>>>, header: boolean) {
  const data: string[][] = [];
  for (const row of rows) data.push(columns.map((c) => cellText(row[c])));
  if (!header && !data.length) return '';
  const body = Papa.unparse({ fields: [...columns], data }, { newline: '\r\n', escapeFormulae: false, header });
  return body.endsWith('\r\n') ? body : `${body}\r\n`;
}

/**
 * The CSV text of `rows` under the header `columns`: CRLF line ends, fields quoted when needed,
 * formula-like cells neutralised, booleans `true`/`false`, and (by default) a UTF-8 byte order
 * mark so Excel reads accents right.
 */
export function writeCsv<C extends string>(
  columns: readonly C[],
  rows: Iterable<Partial<Record<C, unknown>>>,
  opts: { bom?: boolean } = {},
) {
  return `${opts.bom === false ? '' : '\uFEFF'}${csvLines(columns, rows, true)}`;
}

/**
 * The same CSV as `writeCsv`, as text pieces: the byte order mark and header, then one piece per
 * batch of rows, so a large export never holds all its rows or its whole text.
 */
export async function* writeCsvStream<C extends string>(columns: readonly C[], batches: AsyncIterable<Partial<Record<C, unknown>>[]>) {
  yield `\uFEFF${csvLines(columns, [], true)}`;
  for await (const rows of batches) yield csvLines(columns, rows, false);
}
