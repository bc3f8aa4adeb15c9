import { apiFetchFile, type RequestOptions } from '../../lib/api';
import { fileNameFromDisposition, saveBlob } from '../../lib/download';

export type ExportFormat = 'csv' | 'xlsx';

/** How far a download has come: bytes, CSV lines past the header, and the rows the server said it would send. */
export interface ExportProgress {
  bytes: number;
  /** Rows received so far (CSV only: a zipped XLSX cannot be counted until it is whole). */
  rows: number | null;
  /** X-Total-Count, when the server sent it. */
  total: number | null;
}

const NEWLINE = 10;

/**
 * Downloads an export as it streams (GET with the session), telling `onProgress` after each
 * piece, then offers the file under the server's name. A CSV's rows are counted by its line
 * ends (a line break inside a quoted field counts too: the count can run ahead, never behind,
 * and is capped at the total). Rejects as apiFetchFile does, or with AbortError on `signal`.
 */
export async function streamExport(
  path: string,
  opts: { format: ExportFormat; query?: RequestOptions['query']; fileName: string; signal?: AbortSignal },
  onProgress: (p: ExportProgress) => void,
) {
  const res = await apiFetchFile(path, { query: { ...opts.query, format: opts.format }, signal: opts.signal });
  const totalHeader = res.headers.get('X-Total-Count');
  const total = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const piece = next.value;
      chunks.push(piece);
      bytes += piece.length;
      if (opts.format === 'csv') for (let i = 0; i < piece.length; i += 1) if (piece[i] === NEWLINE) lines += 1;
      const rows = opts.format === 'csv' ? Math.max(0, lines - 1) : null;
      onProgress({ bytes, rows: rows !== null && total !== null ? Math.min(rows, total) : rows, total });
    }
  } else {
    chunks.push(new Uint8Array(await res.arrayBuffer()));
  }
  const blob = new Blob(chunks as BlobPart[], { type: res.headers.get('Content-Type') ?? 'application/octet-stream' });
  saveBlob(blob, fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? opts.fileName);
}
