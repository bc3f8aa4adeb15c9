import { setImmediate } from 'node:timers/promises';
import Papa from 'papaparse';

/** Reading a CSV file's text into rows, as it streams in: the first step of every import. */

export interface ParsedRow {
  line: number;
  cells: string[];
  unclosedQuote: boolean;
}

/** A CSV file's text: whole, or in pieces as an upload streams in (`CsvUpload`). */
export type CsvSource = string | AsyncIterable<string>;

/** Text taken in at least this much at a time before it is parsed again (see `csvRows`). */
const PARSE_STEP_CHARS = 64 * 1024;

/**
 * The complete rows at the start of `text` (all of them when `final`; otherwise the last row,
 * which more text may still extend, is left), each with its line: `lineBase` newlines come before
 * `text`. Answers the rows and how much of `text` they took.
 */
function completeRows(text: string, lineBase: number, final: boolean) {
  const rows: (ParsedRow & { end: number })[] = [];
  let counted = 0; // position up to which newlines are counted
  let newlines = lineBase;
  Papa.parse<string[]>(text, {
    delimiter: ',',
    newline: '\n',
    skipEmptyLines: 'greedy',
    step: (result) => {
      // `cursor` is just past the row (and its newline); the row's last line holds cursor - 1.
      const cursor = result.meta.cursor;
      let end = cursor;
      if (text[end - 1] === '\n') end -= 1;
      for (let i = counted; i < end; i += 1) if (text.charCodeAt(i) === 10) newlines += 1;
      counted = end;
      const cells = result.data;
      const inner = cells.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
      rows.push({ line: 1 + newlines - inner, cells, unclosedQuote: result.errors.some((e) => e.code === 'MissingQuotes'), end: cursor });
    },
  });
  if (final) return { rows, taken: text.length };
  rows.pop();
  return { rows, taken: rows.at(-1)?.end ?? 0 };
}

/**
 * A whole text in pieces of PARSE_STEP_CHARS, the event loop turning between them: parsed at once,
 * a large upload held the server's thread (and everyone else's requests) for tens of milliseconds.
 */
async function* piecesOf(text: string): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += PARSE_STEP_CHARS) {
    if (at > 0) await setImmediate();
    yield text.slice(at, at + PARSE_STEP_CHARS);
  }
}

/**
 * Rows of the text with the file line each starts on; blank lines skipped. Pieces are parsed as
 * they come: only the rows they complete are answered, the unfinished last row waits for more
 * text, so memory holds one piece and one row rather than the file and all its rows. Text is
 * parsed again only once it has doubled (or grown by PARSE_STEP_CHARS), so a single huge row
 * costs linear time, not quadratic.
 */
export async function* csvRows(source: CsvSource): AsyncGenerator<ParsedRow> {
  let pending = '';
  let lineBase = 0;
  let parseAt = 0;
  let started = false;
  let carriageReturn = false;
  const pieces = typeof source === 'string' ? piecesOf(source) : source;
  for await (let piece of pieces) {
    if (!started && piece.length) {
      if (piece.charCodeAt(0) === 0xfeff) piece = piece.slice(1);
      started = true;
    }
    // Any line ending becomes \n; a \r at the end of a piece may be the first half of a \r\n.
    if (carriageReturn) piece = `\r${piece}`;
    carriageReturn = piece.endsWith('\r');
    if (carriageReturn) piece = piece.slice(0, -1);
    pending += piece.replace(/\r\n?/g, '\n');
    if (pending.length < parseAt) continue;
    const { rows, taken } = completeRows(pending, lineBase, false);
    for (let i = 0; i < taken; i += 1) if (pending.charCodeAt(i) === 10) lineBase += 1;
    pending = pending.slice(taken);
    parseAt = Math.max(pending.length * 2, pending.length + PARSE_STEP_CHARS);
    for (const { end: _end, ...row } of rows) yield row;
  }
  if (carriageReturn) pending += '\n';
  for (const { end: _end, ...row } of completeRows(pending, lineBase, true).rows) yield row;
}

/** Rows of a whole text (see `csvRows`). */
export async function parseCsvRows(text: string): Promise<ParsedRow[]> {
  const rows: ParsedRow[] = [];
  for await (const row of csvRows(text)) rows.push(row);
  return rows;
}
