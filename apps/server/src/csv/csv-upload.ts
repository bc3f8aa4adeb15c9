import { CSV_IMPORT_LIMITS } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** CSV files sent to the server: read as they stream in, within the imports' byte limit. */

/** Body reading for `text/csv` uploads: at most `maxBytes`, else 413 with the limit in the message. */
export interface CsvBodyOptions {
  maxBytes?: number;
}

/** 413 `payload_too_large` saying the limit ('10 MB'), in the caller's language. */
function tooLarge(maxBytes: number) {
  const mb = maxBytes / (1024 * 1024);
  const limit = Number.isInteger(mb) ? `${mb} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return new AppError(413, 'payload_too_large', 'csv.too_large', { limit });
}

/**
 * A CSV upload as it streams in: its UTF-8 text piece by piece (a character split between two
 * pieces is decoded whole), refused with 413 once past `maxBytes` and with 422 at a NUL (never in
 * a text CSV: the file is UTF-16, Excel's 'Unicode text', or binary; said for the file rather than
 * as a database error on the row that has one). Read once.
 */
export class CsvUpload implements AsyncIterable<string> {
  constructor(
    private readonly body: AsyncIterable<Buffer>,
    private readonly maxBytes: number,
  ) {}

  async *[Symbol.asyncIterator]() {
    const decoder = new TextDecoder('utf-8');
    let bytes = 0;
    for await (const piece of this.body) {
      bytes += piece.length;
      if (bytes > this.maxBytes) throw tooLarge(this.maxBytes);
      const text = decoder.decode(piece, { stream: true });
      if (text.includes('\u0000')) throw AppError.validation({ file: ['csv.encoding'] });
      yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  }
}

/**
 * The CSV text of an import's body: the upload `csvBodyParser` handed over, or 422 on `body`
 * when the request was not text/csv (a JSON body, say).
 */
export function csvUploadOf(body: unknown): CsvUpload {
  if (body instanceof CsvUpload) return body;
  throw AppError.validation({ body: ['csv.not_csv'] });
}

/**
 * Registers, in the plugin scope `app` (use it inside `app.register(async (scope) => ...)` so
 * only that scope's routes take CSV), a `text/csv` body parser that hands the route a `CsvUpload`
 * (read by the import as it streams, never held whole) with the CSV byte limit; a declared
 * Content-Length over the limit is refused before anything is read.
 */
export function csvBodyParser(app: FastifyInstance, opts: CsvBodyOptions = {}) {
  const maxBytes = opts.maxBytes ?? CSV_IMPORT_LIMITS.max_bytes;
  app.addContentTypeParser(['text/csv', 'application/csv'], (request, payload, done) => {
    if (Number(request.headers['content-length']) > maxBytes) return done(tooLarge(maxBytes), undefined);
    done(null, new CsvUpload(payload as AsyncIterable<Buffer>, maxBytes));
  });
}
