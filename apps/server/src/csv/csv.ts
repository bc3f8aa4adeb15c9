import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate } from 'node:timers/promises';
import { CSV_IMPORT_LIMITS, type CsvImportReport, parseCsvBoolean } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { isMessageKey, translator } from '../i18n';
import { type CsvSource, csvRows, type ParsedRow } from './csv-rows';
import { unneutralizeCell } from './csv-write';

export { type CsvSource, csvRows, type ParsedRow, parseCsvRows } from './csv-rows';
export { type CsvBodyOptions, CsvUpload, csvBodyParser, csvUploadOf } from './csv-upload';
export { neutralizeCell, unneutralizeCell, writeCsv, writeCsvStream } from './csv-write';

/**
 * The generic CSV import and export of the app's lists (address book, product catalog). Writing
 * is csv-write.ts and an upload's body csv-upload.ts; both are re-exported here.
 *
 * Import: `readCsv(source, spec, options)` parses the text as it streams in (`csvRows`: papaparse,
 * comma-separated, any line
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
 * Limits (CSV_IMPORT_LIMITS): bytes are enforced by `CsvUpload` as the body streams in (413 with
 * the limit in the message), rows by `readCsv` (422 with the limit in the message; rows past it
 * are counted, not checked). Neither the file's text nor its rows are ever held whole: an import
 * holds a piece of text, one chunk of rows and the report.
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
  /** Columns a file may leave out: their cells are then empty. */
  optional?: readonly C[];
  /** How to decode cells other than text. */
  types?: Partial<Record<C, CsvCellType>>;
  /**
   * Optional change of the decoded cells before the schema (e.g. 'usa' -> 'US'). It may look
   * things up, and tell a cell's problem (a message key) through `problem`: the row is then refused.
   */
  prepare?: (cells: Record<C, unknown>, problem: (column: C, key: string) => void) => Record<C, unknown> | Promise<Record<C, unknown>>;
  /** The row's schema (messages are i18n keys); issues become errors with their dotted path as the field. */
  schema: z.ZodType<V>;
  /** Per-row hook after the schema: more checks (e.g. postal data) and/or a changed value. */
  check?: (value: V, line: number) => CsvRowCheck<R> | Promise<CsvRowCheck<R>>;
  /** The duplicate key of a good row (normalised: case, spaces). */
  key: (value: R) => string;
}

export interface CsvReadOptions<R = unknown> {
  language: Language;
  /**
   * Words the report's messages (a key and its values): `language`'s words unless given. A caller
   * that keeps the report for readers of other languages keeps them unworded instead.
   */
  word?: (key: string, params?: Record<string, unknown>) => string;
  /** The ids of stored records that have one of these keys (key -> id); asked once per chunk of rows. */
  findExisting?: (keys: string[]) => Promise<ReadonlyMap<string, string>>;
  /**
   * Writes a chunk of good, non-duplicate rows (file order) while the next chunk is checked: at
   * most one write is in flight, and `findExisting` is not asked while one is. A failed write
   * ends the read with its error.
   */
  write?: (rows: R[]) => Promise<void>;
  maxRows?: number;
  /**
   * Told of each refused row (its errors are in the report) with its cells' text by column, as
   * far as the row has them: an import whose records span rows refuses the record with it.
   */
  onRefused?: (line: number, cells: Readonly<Record<string, string>>) => void;
}

/** Data rows checked (and written) together: one duplicate lookup and one write each. */
export const CSV_CHUNK_ROWS = 1_000;
/**
 * Rows checked between two turns of the event loop (a row takes a fraction of a millisecond). A
 * request that arrives meanwhile waits for a step at each of its own turns, so the steps are short:
 * at 50 rows a quote during a 1,000-row upload waited 70-80 ms, at 10 about 45.
 */
const CHECK_STEP_ROWS = 10;

export interface CsvReadResult<R> {
  report: CsvImportReport;
  /** The rows that passed every check and are not duplicates, in file order (none kept when `write` took them). */
  rows: { line: number; value: R }[];
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
  source: CsvSource,
  spec: CsvSpec<C, V, R>,
  options: CsvReadOptions<R>,
): Promise<CsvReadResult<R>> {
  const word = options.word ?? translator(options.language);
  const say = (key: string, params: Record<string, unknown> = {}) => word(isMessageKey(key) ? key : 'validation.invalid', params);
  const maxRows = options.maxRows ?? CSV_IMPORT_LIMITS.max_rows;
  const parsed = csvRows(source);
  const first = await parsed.next();
  const header = first.done ? undefined : first.value;
  const report: CsvImportReport = { rows_total: 0, rows_valid: 0, imported: 0, errors: [], duplicates: [] };
  /** Rows past the header, counted to the end (a refusal over the limit says how many). */
  const countRest = async (counted: number) => {
    let n = counted;
    for await (const _row of parsed) n += 1;
    return n;
  };
  if (!header) {
    report.errors.push({ line: 1, field: null, message: say('csv.empty', { columns: spec.columns.join(', ') }) });
    return { report, rows: [] };
  }

  // The header: every column once, any order and case; nothing else.
  const names = header.cells.map((c) => unneutralizeCell(c).trim().toLowerCase());
  const known = new Set<string>(spec.columns);
  const unknown = names.filter((n) => !known.has(n));
  const repeated = [...new Set(names.filter((n, i) => known.has(n) && names.indexOf(n) !== i))];
  const missing = spec.columns.filter((c) => !names.includes(c) && !spec.optional?.includes(c));
  if (unknown.length)
    report.errors.push({ line: header.line, field: null, message: say('csv.header_unknown', { columns: unknown.join(', ') }) });
  if (repeated.length)
    report.errors.push({ line: header.line, field: null, message: say('csv.header_repeated', { columns: repeated.join(', ') }) });
  if (missing.length)
    report.errors.push({ line: header.line, field: null, message: say('csv.header_missing', { columns: missing.join(', ') }) });
  if (report.errors.length) {
    const total = await countRest(0);
    if (total > maxRows) throw tooManyRows(options.language, total, maxRows);
    report.rows_total = total;
    return { report, rows: [] };
  }
  const indexOf = spec.columns.map((c) => names.indexOf(c));
  const refuse = (row: ParsedRow) =>
    options.onRefused?.(row.line, Object.fromEntries(spec.columns.map((c, i) => [c, unneutralizeCell(row.cells[indexOf[i] ?? -1] ?? '')])));

  /** The row checked: its value and duplicate key, or undefined with its errors in the report. */
  async function checkRow(row: ParsedRow): Promise<{ line: number; value: R; key: string } | undefined> {
    const rowErrors: CsvError[] = [];
    if (row.unclosedQuote) rowErrors.push({ line: row.line, field: null, message: say('csv.unclosed_quote') });
    else if (row.cells.length !== names.length) {
      rowErrors.push({ line: row.line, field: null, message: say('csv.cell_count', { found: row.cells.length, expected: names.length }) });
    }
    if (rowErrors.length) {
      report.errors.push(...rowErrors);
      refuse(row);
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
    if (spec.prepare) cells = await spec.prepare(cells, add);
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
      refuse(row);
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
  /** The chunk's rows checked, its duplicates found and its good rows handed to `write`. */
  const takeChunk = async (chunk: ParsedRow[]) => {
    const good: { line: number; value: R; key: string }[] = [];
    for (const [i, row] of chunk.entries()) {
      // Checking is the server's own thread's work: other requests get their turn between steps.
      if (i > 0 && i % CHECK_STEP_ROWS === 0) await setImmediate();
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
  };
  // The rows as the text streams in, CSV_CHUNK_ROWS at a time; past the limit only counted.
  let total = 0;
  let chunk: ParsedRow[] = [];
  for await (const row of parsed) {
    total += 1;
    if (total > maxRows) {
      await settle().catch(() => {});
      throw tooManyRows(options.language, await countRest(total), maxRows);
    }
    chunk.push(row);
    if (chunk.length === CSV_CHUNK_ROWS) {
      await takeChunk(chunk);
      chunk = [];
    }
  }
  if (chunk.length) await takeChunk(chunk);
  await settle();
  report.rows_total = total;
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
 * The upload's text written to a temporary file as it arrives, then handed to `use` as a stream
 * of that file: an import's transaction must not wait on a slow client (on the embedded database
 * a transaction holds the whole database), and the file is never held in memory. A whole text is
 * handed over as it is.
 */
async function spooled<T>(source: CsvSource, use: (text: CsvSource) => Promise<T>): Promise<T> {
  if (typeof source === 'string') return use(source);
  const dir = await mkdtemp(join(tmpdir(), 'fp-csv-'));
  try {
    const file = join(dir, 'upload.csv');
    await pipeline(Readable.from(source), createWriteStream(file));
    return await use(createReadStream(file, { encoding: 'utf8' }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A list's CSV import: reads `text` against `spec`. A dry run only reports (reading the upload as
 * it streams in). Otherwise the upload is received first (`spooled`), then one transaction (all
 * or nothing) in which the store finds stored duplicates and writes each chunk's good rows while
 * the next chunk is checked, so the app's work and the database's overlap.
 */
export async function importCsvFile<C extends string, V, R>(
  db: Db,
  text: CsvSource,
  spec: CsvSpec<C, V, R>,
  opts: { dryRun: boolean; language: Language },
  storeOf: (db: Db) => CsvStore<R>,
): Promise<CsvImportReport> {
  if (opts.dryRun) return (await readCsv(text, spec, { language: opts.language, findExisting: storeOf(db).findExisting })).report;
  return spooled(text, (source) =>
    db.transaction(async (tx) => {
      const { report } = await readCsv(source, spec, { language: opts.language, ...storeOf(tx) });
      report.imported = report.rows_valid;
      return report;
    }),
  );
}
