import { vi } from 'vitest';

/**
 * Tests only: an XMLHttpRequest that sends through the global `fetch`, so the stubApi table
 * answers apiUpload too. Upload progress is reported once halfway and once complete.
 * Call after stubApi; `vi.unstubAllGlobals()` removes it.
 */
export function stubXhrWithFetch() {
  class FetchXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private responseHeaders = new Headers();
    private aborted = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    getResponseHeader(k: string) {
      return this.responseHeaders.get(k);
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: Blob | string) {
      const total = typeof body === 'string' ? body.length : body.size;
      void (async () => {
        this.upload.onprogress?.({ loaded: Math.floor(total / 2), total, lengthComputable: true } as ProgressEvent);
        this.upload.onprogress?.({ loaded: total, total, lengthComputable: true } as ProgressEvent);
        this.upload.onload?.();
        try {
          const res = await fetch(this.url, { method: this.method, headers: this.headers, body });
          if (this.aborted) return;
          this.status = res.status;
          this.responseHeaders = res.headers;
          this.responseText = await res.text();
          this.onload?.();
        } catch {
          this.onerror?.();
        }
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FetchXhr);
}
