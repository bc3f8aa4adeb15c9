import { apiFetchFile, type RequestOptions } from './api';

/** The browser refused to save the file. */
export class DownloadBlockedError extends Error {
  constructor(cause?: unknown) {
    super('Browser denied file download', { cause });
    this.name = 'DownloadBlockedError';
  }
}

export function isDownloadBlocked(e: unknown): e is DownloadBlockedError {
  return e instanceof DownloadBlockedError;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` or `filename="…"`), if any. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || null;
}

/** Offer a Blob to the user as a file (an anchor with the download attribute). */
export function saveBlob(blob: Blob, fileName: string) {
  let url: string;
  try {
    url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.rel = 'noopener';
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } catch (e) {
    throw new DownloadBlockedError(e);
  }
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Download a file from the API (GET with the session, e.g. `/api/addresses/export.csv`) and
 * offer it as `fileName` (the server's Content-Disposition name wins when it sends one).
 * Rejects with an ApiError when the call fails, or a DownloadBlockedError when the browser will
 * not save it; show `t('download.blocked')`-style wording for the latter ('Browser denied file
 * download...').
 */
export async function downloadFile(
  path: string,
  { fileName, query, signal }: { fileName: string; query?: RequestOptions['query']; signal?: AbortSignal },
): Promise<void> {
  const res = await apiFetchFile(path, { query, signal });
  const blob = await res.blob();
  saveBlob(blob, fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? fileName);
}
