import { CSV_IMPORT_LIMITS, type CsvImportReport } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { isMessageKey, translator } from '../i18n';

/**
 * The generic CSV import and export of the app's lists (address book, product catalog).
 *
 * Import: `readCsv(text, spec, options)` parses the text (papaparse, comma-separated, any line
 * ending, a UTF-8 BOM ignored), checks the header against `spec.columns` (any order, any case),
 * decodes each cell (booleans true/false/yes/no/1/0, numbers; an empty cell is `undefined`, so
 * the schema's default applies or 'required' is said), maps the row through `spec.schema` and the
 * optional per-row hook `spec.check`, and finds duplicates by `spec.key` within the file and
 * against stored rows (`options.findExisting`). It answers the CsvImportReport (imported 0) and
 * the good, non-duplicate rows with their line numbers. Rows are checked in chunks of
 * CSV_CHUNK_ROWS; with `options.write` each chunk's good rows are handed over to be written while
 * the next chunk is checked (the import's transaction), so the app's work and the database's
 * overlap.
 *
 * Line numbers are lines of the file (the header is line 1; a quoted field that spans lines
 * counts its lines; blank lines are skipped but counted). Messages are translated into
 * `options.language`.
 *
 * Export: `writeCsv(columns, rows)` writes the header and the rows (CRLF, UTF-8 BOM for Excel);
 * `writeCsvStream(columns, batches)` writes the same text piece by piece for large exports,
 * neutralising formula-like cells (see `neutralizeCell`); `readCsv` undoes it, so an export
 * imports back to the same values.
 *
 * Limits (CSV_IMPORT_LIMITS): bytes are enforced by `csvBodyParser` (413 with the limit in the
 * message), rows by `readCsv` (422 with the limit in the message).
 */

export type CsvCellType = 'text' | 'boolean' | 'number';

export interface CsvError {
  /** Line of the file (header = 1). */
  line: number;
  field: string | null;
  message: string;
}

/** What the per-row hook answers: extra field errors (i18n keys) and/or the row's final value. */
export interface CsvRowCheck<R> {
  errors?: Record<string, string[]>;
  value?: R;
}

export interface CsvSpec<C extends string, V, R = V> {
  /** The columns of the header, in the order the export and the template write them. */
  columns: readonly C[];
  /** How to decode cells other than text. */
  types?: Partial<Record<C, CsvCellType>>;
  /** Optional change of the decoded cells before the schema (e.g. 'usa' -> 'US'). */
  prepare?: (cells: Record<C, unknown>) => Record<C, unknown>;
  /** The row's schema (messages are i18n keys); issues become errors with their dotted path as the field. */
  schema: z.ZodType<V>;
  /** Per-row hook after the schema: more checks (e.g. postal data) and/or a changed value. */
  check?: (value: V, line: number) => CsvRowCheck<R> | Promise<CsvRowCheck<R>>;
  /** The duplicate key of a good row (normalised: case, spaces). */
  key: (value: R) => string;
}

export interface CsvReadOptions<R = unknown> {
  language: Language;
  /** The ids of stored records that have one of these keys (key -> id); asked once per chunk of rows. */
  findExisting?: (keys: string[]) => Promise<ReadonlyMap<string, string>>;
  /**
   * Writes a chunk of good, non-duplicate rows (file order) while the next chunk is checked: at
   * most one write is in flight, and `findExisting` is not asked while one is. A failed write
   * ends the read with its error.
   */
  write?: (rows: R[]) => Promise<void>;
  maxRows?: number;
}

/** Data rows checked (and written) together: one duplicate lookup and one write each. */
export const CSV_CHUNK_ROWS = 1_000;

export interface CsvReadResult<R> {
  report: CsvImportReport;
  /** The rows that passed every check and are not duplicates, in file order (none kept when `write` took them). */
  rows: { line: number; value: R }[];
}

const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

/** A CSV boolean: true/false, yes/no, 1/0 in any case; undefined when not one of them. */
export function parseCsvBoolean(cell: string): boolean | undefined {
  const v = cell.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  return undefined;
}

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

interface ParsedRow {
  line: number;
  cells: string[];
  unclosedQuote: boolean;
}

/** Rows of the text with the file line each starts on; blank lines skipped. */
export function parseCsvRows(text: string): ParsedRow[] {
  const source = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n?/g, '\n');
  const rows: ParsedRow[] = [];
  let counted = 0; // position up to which newlines are counted
  let newlines = 0;
  Papa.parse<string[]>(source, {
    delimiter: ',',
    newline: '\n',
    skipEmptyLines: 'greedy',
    step: (result) => {
      // `cursor` is just past the row (and its newline); the row's last line holds cursor - 1.
      const cursor = result.meta.cursor;
      let end = cursor;
      if (source[end - 1] === '\n') end -= 1;
      for (let i = counted; i < end; i += 1) if (source.charCodeAt(i) === 10) newlines += 1;
      counted = end;
      const cells = result.data;
      const inner = cells.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
      rows.push({
        line: 1 + newlines - inner,
        cells,
        unclosedQuote: result.errors.some((e) => e.code === 'MissingQuotes'),
      });
    },
  });
  return rows;
}

const formatNumber = (language: Language, n: number) => n.toLocaleString(language === 'es' ? 'es-MX' : 'en-US');

/** 422 for a file with more rows than the limit, the limit in the message. */
export function tooManyRows(language: Language, rows: number, max: number) {
  const params = { rows: formatNumber(language, rows), limit: formatNumber(language, max) };
  return new AppError(422, 'validation', 'csv.too_many_rows', params, { file: ['csv.too_many_rows'] });
}

function decodeCell(type: CsvCellType | undefined, raw: string): { value: unknown; error?: string } {
  const cell = unneutralizeCell(raw);
  if (cell.trim() === '') return { value: undefined };
  if (type === 'boolean') {
    const b = parseCsvBoolean(cell);
    return b === undefined ? { value: undefined, error: 'csv.boolean' } : { value: b };
  }
  if (type === 'number') {
    const n = Number(cell.trim());
    return Number.isFinite(n) ? { value: n } : { value: undefined, error: 'csv.number' };
  }
  return { value: cell };
}

/**
 * Reads an uploaded CSV against `spec`: see the module comment. Throws 422 (AppError) when the
 * file has more data rows than `maxRows` (CSV_IMPORT_LIMITS.max_rows by default); every other
 * problem is in the report.
 */
export async function readCsv<C extends string, V, R = V>(
  text: string,
  spec: CsvSpec<C, V, R>,
  options: CsvReadOptions<R>,
): Promise<CsvReadResult<R>> {
  const t = translator(options.language);
  const say = (key: string, params: Record<string, unknown> = {}) => t(isMessageKey(key) ? key : 'validation.invalid', params);
  const maxRows = options.maxRows ?? CSV_IMPORT_LIMITS.max_rows;
  const parsed = parseCsvRows(text);
  const [header, ...data] = parsed;
  const report: CsvImportReport = { rows_total: data.length, rows_valid: 0, imported: 0, errors: [], duplicates: [] };
  if (data.length > maxRows) throw tooManyRows(options.language, data.length, maxRows);
  if (!header) {
    report.errors.push({ line: 1, field: null, message: say('csv.empty', { columns: spec.columns.join(', ') }) });
    return { report, rows: [] };
  }

  // The header: every column once, any order and case; nothing else.
  const names = header.cells.map((c) => unneutralizeCell(c).trim().toLowerCase());
  const known = new Set<string>(spec.columns);
  const unknown = names.filter((n) => !known.has(n));
  const repeated = [...new Set(names.filter((n, i) => known.has(n) && names.indexOf(n) !== i))];
  const missing = spec.columns.filter((c) => !names.includes(c));
  if (unknown.length)
    report.errors.push({ line: header.line, field: null, message: say('csv.header_unknown', { columns: unknown.join(', ') }) });
  if (repeated.length)
    report.errors.push({ line: header.line, field: null, message: say('csv.header_repeated', { columns: repeated.join(', ') }) });
  if (missing.length)
    report.errors.push({ line: header.line, field: null, message: say('csv.header_missing', { columns: missing.join(', ') }) });
  if (report.errors.length) return { report, rows: [] };
  const indexOf = spec.columns.map((c) => names.indexOf(c));

  /** The row checked: its value and duplicate key, or undefined with its errors in the report. */
  async function checkRow(row: ParsedRow): Promise<{ line: number; value: R; key: string } | undefined> {
    const rowErrors: CsvError[] = [];
    if (row.unclosedQuote) rowErrors.push({ line: row.line, field: null, message: say('csv.unclosed_quote') });
    else if (row.cells.length !== names.length) {
      rowErrors.push({ line: row.line, field: null, message: say('csv.cell_count', { found: row.cells.length, expected: names.length }) });
    }
    if (rowErrors.length) {
      report.errors.push(...rowErrors);
      return undefined;
    }
    const fieldErrors = new Map<string, string[]>();
    const add = (field: string, key: string) => {
      const list = fieldErrors.get(field) ?? [];
      if (!list.includes(key)) list.push(key);
      fieldErrors.set(field, list);
    };
    let cells = {} as Record<C, unknown>;
    spec.columns.forEach((column, i) => {
      const decoded = decodeCell(spec.types?.[column], row.cells[indexOf[i] ?? -1] ?? '');
      if (decoded.error) add(column, decoded.error);
      cells[column] = decoded.value;
    });
    if (spec.prepare) cells = spec.prepare(cells);
    const parsedRow = spec.schema.safeParse(cells);
    let value: R | undefined;
    if (parsedRow.success) {
      const checked = spec.check ? await spec.check(parsedRow.data, row.line) : {};
      for (const [field, keys] of Object.entries(checked.errors ?? {})) for (const k of keys) add(field, k);
      value = checked.value ?? (parsedRow.data as unknown as R);
    } else {
      for (const issue of parsedRow.error.issues) {
        const field = issue.path.join('.') || 'row';
        // A cell that could not be decoded already says why.
        if (!fieldErrors.get(field)?.some((k) => k.startsWith('csv.'))) add(field, issue.message);
      }
    }
    if (fieldErrors.size) {
      // In column order, so a line reads left to right.
      const order = (field: string) => {
        const i = spec.columns.indexOf(field.split('.')[0] as C);
        return i < 0 ? spec.columns.length : i;
      };
      const fields = [...fieldErrors.keys()].sort((a, b) => order(a) - order(b));
      for (const field of fields)
        for (const k of fieldErrors.get(field) ?? []) report.errors.push({ line: row.line, field, message: say(k) });
      return undefined;
    }
    return { line: row.line, value: value as R, key: spec.key(value as R) };
  }

  // Chunk by chunk: check the rows, then find duplicates (of an earlier good line of the file
  // first, else of a stored record), then hand the rest to `write` while the next chunk is checked.
  const firstLine = new Map<string, number>();
  const rows: CsvReadResult<R>['rows'] = [];
  let valid = 0;
  let writing: Promise<{ error: unknown } | null> = Promise.resolve(null);
  const settle = async () => {
    const failed = await writing;
    if (failed) throw failed.error;
  };
  for (let from = 0; from < data.length; from += CSV_CHUNK_ROWS) {
    const good: { line: number; value: R; key: string }[] = [];
    for (const row of data.slice(from, from + CSV_CHUNK_ROWS)) {
      const checked = await checkRow(row);
      if (checked) good.push(checked);
    }
    await settle();
    const fresh = [...new Set(good.map((g) => g.key).filter((k) => !firstLine.has(k)))];
    const existing = options.findExisting && fresh.length ? await options.findExisting(fresh) : new Map<string, string>();
    const accepted: R[] = [];
    for (const g of good) {
      const earlier = firstLine.get(g.key);
      const stored = existing.get(g.key);
      if (earlier !== undefined) {
        report.duplicates.push({ line: g.line, of: 'file', existing_id: null, duplicate_of_line: earlier });
      } else if (stored !== undefined) {
        report.duplicates.push({ line: g.line, of: 'book', existing_id: stored, duplicate_of_line: null });
      } else {
        firstLine.set(g.key, g.line);
        accepted.push(g.value);
        // Written rows are not kept as well: a 50,000-row import holds one chunk of them.
        if (!options.write) rows.push({ line: g.line, value: g.value });
      }
    }
    valid += accepted.length;
    // The outcome is caught here and thrown by `settle`, so a failure never goes unhandled meanwhile.
    if (options.write && accepted.length)
      writing = options.write(accepted).then(
        () => null,
        (error: unknown) => ({ error }),
      );
  }
  await settle();
  report.errors.sort((a, b) => a.line - b.line);
  report.rows_valid = valid;
  return { report, rows };
}

/** What an import needs of its list's storage, on the connection or transaction it is given. */
export interface CsvStore<R> {
  findExisting: NonNullable<CsvReadOptions<R>['findExisting']>;
  write: NonNullable<CsvReadOptions<R>['write']>;
}

/**
 * A list's CSV import: reads `text` against `spec`. A dry run only reports. Otherwise one
 * transaction (all or nothing) in which the store finds stored duplicates and writes each chunk's
 * good rows while the next chunk is checked, so the app's work and the database's overlap.
 */
export async function importCsvFile<C extends string, V, R>(
  db: Db,
  text: string,
  spec: CsvSpec<C, V, R>,
  opts: { dryRun: boolean; language: Language },
  storeOf: (db: Db) => CsvStore<R>,
): Promise<CsvImportReport> {
  if (opts.dryRun) return (await readCsv(text, spec, { language: opts.language, findExisting: storeOf(db).findExisting })).report;
  return db.transaction(async (tx) => {
    const { report } = await readCsv(text, spec, { language: opts.language, ...storeOf(tx) });
    report.imported = report.rows_valid;
    return report;
  });
}

/** Body reading for `text/csv` uploads: at most `maxBytes`, else 413 with the limit in the message. */
export interface CsvBodyOptions {
  maxBytes?: number;
}

/**
 * Registers, in the plugin scope `app` (use it inside `app.register(async (scope) => ...)` so
 * only that scope's routes take CSV), a `text/csv` body parser (the body is the text) with the
 * CSV byte limit, and turns the framework's 'body too large' into 413 `{message, code:
 * 'payload_too_large'}` whose message says the limit, in the caller's language. Other errors go to
 * the app's handler unchanged.
 */
export function csvBodyParser(app: FastifyInstance, opts: CsvBodyOptions = {}) {
  const maxBytes = opts.maxBytes ?? CSV_IMPORT_LIMITS.max_bytes;
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string', bodyLimit: maxBytes }, (_request, body, done) => {
    // A NUL is never in a text CSV: the file is UTF-16 (Excel's 'Unicode text') or binary. Said
    // here, for the whole file, rather than as a database error on the first row that has one.
    if (typeof body === 'string' && body.includes('\u0000')) return done(AppError.validation({ file: ['csv.encoding'] }), undefined);
    done(null, body);
  });
  const parent = app.errorHandler;
  app.setErrorHandler(function (error: FastifyError, request, reply) {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const mb = maxBytes / (1024 * 1024);
      const limit = Number.isInteger(mb) ? `${mb} MB` : `${Math.round(maxBytes / 1024)} KB`;
      return parent.call(
        this,
        new AppError(413, 'payload_too_large', 'csv.too_large', { limit }) as unknown as FastifyError,
        request,
        reply,
      );
    }
    return parent.call(this, error, request, reply);
  });
}
