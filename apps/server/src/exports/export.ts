import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { Language } from '@freight/domain';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { neutralizeCell, writeCsvStream } from '../csv/csv';
import { exportWord } from './words';

/**
 * A list's export, as CSV or XLSX, streamed: the list's rows are read in keyset batches (each
 * list's repository answers an async iterable of batches) and each batch is written as it comes,
 * so neither the rows nor the file are ever held whole.
 *
 * Values are what a spreadsheet user wants: text as text (formula-like text neutralised in both
 * formats), amounts as numbers in the currency's units (a currency column beside them, never
 * summed across currencies), dates as dates. In CSV a date is `YYYY-MM-DD` and a time
 * `YYYY-MM-DD HH:MM` (the business's time zone), which every spreadsheet reads as dates; in XLSX
 * they are real dates and numbers with a number format.
 */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The export's own query field; a list's export query is its list query (paging left out) extended with it. */
export const exportFormat = { format: z.enum(EXPORT_FORMATS, { error: 'validation.choice' }) };

/** Rows read (and written) together. */
export const EXPORT_BATCH = 1_000;

/**
 * What a column holds: `money` is an amount in cents (written in units, two decimals in XLSX),
 * `date` an ISO day (`YYYY-MM-DD`), `datetime` a wall-clock time (`YYYY-MM-DDTHH:MM`, see
 * zonedDateTime), `number` a count or measure, `percent` a share in basis points.
 */
export type ExportKind = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'percent';
export type ExportValue = string | number | null | undefined;

export interface ExportColumn<R> {
  /** The header's word (exports.columns.<key> in the exports' catalogs). */
  key: string;
  kind?: ExportKind;
  value: (row: R) => ExportValue;
}

export interface ExportSpec<R> {
  format: ExportFormat;
  language: Language;
  /** The file's name before its day and extension ('shipments'). */
  name: string;
  /** The sheet's name (exports' catalog: sheets.<sheet>). */
  sheet: string;
  /** Today's date (the controllable clock's, business time zone): the file's name says it. */
  day: string;
  columns: readonly ExportColumn<R>[];
  /** The rows, a batch at a time (a list repository's keyset batches, mapped). */
  batches: AsyncIterable<readonly R[]>;
  /** The number of rows when known before the first byte (sent as X-Total-Count, for the web's progress). */
  total?: number;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The batches, once the first has been read: a failing read is then a clean error answer, not a broken 200. */
async function primed<T>(batches: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();
}

const isoDay = (value: string) => /^\d{4}-\d{2}-\d{2}/.test(value);

/** A cell as CSV writes it: numbers as numbers (units for money, a fraction for a share), times without the T. */
function csvCell(kind: ExportKind, value: ExportValue): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (kind === 'money') return Math.round(value) / 100;
    if (kind === 'percent') return value / 10_000;
    return value;
  }
  if (kind === 'datetime' && isoDay(value)) return value.replace('T', ' ').slice(0, 16);
  return value;
}

const NUMBER_FORMATS: Partial<Record<ExportKind, string>> = {
  money: '#,##0.00',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
  percent: '0.0%',
};

/** The wall clock of a day or time as the spreadsheet's date (XLSX dates have no time zone). */
function sheetDate(value: string): Date {
  return new Date(`${value.slice(0, 10)}T${value.length > 10 ? value.slice(11, 16) : '00:00'}:00Z`);
}

/** A cell as XLSX writes it: numbers and dates as such, text neutralised (a spreadsheet may later save it as CSV). */
function sheetCell(kind: ExportKind, value: ExportValue): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (kind === 'money') return Math.round(value) / 100;
    if (kind === 'percent') return value / 10_000;
    return value;
  }
  if ((kind === 'date' || kind === 'datetime') && isoDay(value)) return sheetDate(value);
  return neutralizeCell(value);
}

function csvPieces<R>(spec: ExportSpec<R>, batches: AsyncIterable<readonly R[]>): AsyncIterable<string> {
  // The header's words are the row's keys: the file's first line is them, in the reader's language.
  const headers = spec.columns.map((c) => exportWord(spec.language, `columns.${c.key}`));
  return writeCsvStream(
    headers,
    (async function* () {
      for await (const rows of batches)
        yield rows.map((row) => Object.fromEntries(spec.columns.map((c, i) => [headers[i], csvCell(c.kind ?? 'text', c.value(row))])));
    })(),
  );
}

/**
 * The workbook written by exceljs's streaming writer: one sheet, a bold header row, each row
 * committed (and so handed to the zip) as it is added; between batches the writer waits while
 * the response is not taking bytes, so a slow client does not make the server hold the file.
 */
function xlsxStream<R>(spec: ExportSpec<R>, batches: AsyncIterable<readonly R[]>): Readable {
  const out = new PassThrough();
  // The fastest deflate: the sheet's XML is repetitive, so level 1 is nearly as small and costs a fraction of the CPU.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(exportWord(spec.language, `sheets.${spec.sheet}`).slice(0, 31));
  sheet.columns = spec.columns.map((c) => ({
    header: exportWord(spec.language, `columns.${c.key}`),
    key: c.key,
    width: c.kind === 'text' || !c.kind ? 24 : 14,
    style: NUMBER_FORMATS[c.kind ?? 'text'] ? { numFmt: NUMBER_FORMATS[c.kind ?? 'text'] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    for await (const rows of batches) {
      for (const row of rows) sheet.addRow(spec.columns.map((c) => sheetCell(c.kind ?? 'text', c.value(row)))).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/** The file name's ASCII (the server chooses it). */
export const exportFileName = (spec: Pick<ExportSpec<unknown>, 'name' | 'day' | 'format'>) =>
  `${spec.name.replace(/[^a-z0-9-]/gi, '-')}-${spec.day}.${spec.format}`;

/**
 * Answers the export: the first batch is read before the status is sent (a failure is a clean
 * error), then the file streams. Headers: the attachment's name, not cached, and X-Total-Count
 * when the row count is known, which the web's progress reads.
 */
export async function sendExport<R>(reply: FastifyReply, spec: ExportSpec<R>) {
  const batches = await primed(spec.batches);
  const body = spec.format === 'csv' ? Readable.from(csvPieces(spec, batches)) : xlsxStream(spec, batches);
  reply.headers({
    'content-type': CONTENT_TYPES[spec.format],
    'content-disposition': `attachment; filename="${exportFileName(spec)}"`,
    'cache-control': 'no-store',
    ...(spec.total === undefined ? {} : { 'x-total-count': String(spec.total) }),
  });
  return reply.send(body);
}

/** Batches of an array held anyway (a small table such as the Analytics page's). */
export async function* inBatches<T>(rows: readonly T[]): AsyncIterable<readonly T[]> {
  for (let i = 0; i < rows.length; i += EXPORT_BATCH) yield rows.slice(i, i + EXPORT_BATCH);
}
