import { clearAuthUser } from './authState';

/** One error shape for every failed call (docs/api.md, error table). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** 422 field errors, dotted paths -> messages. */
  readonly errors: Record<string, string[]>;
  /** Seconds to wait after a 429. */
  readonly retryAfter: number | null;
  /** The whole parsed body, for extras such as `reasons`. */
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>, retryAfterHeader?: string | null) {
    const message = typeof body.message === 'string' ? body.message : `HTTP ${status}`;
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = typeof body.code === 'string' ? body.code : status === 422 ? 'validation' : status === 0 ? 'network' : 'http_error';
    this.errors = isErrorMap(body.errors) ? body.errors : {};
    const fromBody = typeof body.retry_after === 'number' ? body.retry_after : null;
    const fromHeader = retryAfterHeader && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : null;
    this.retryAfter = fromBody ?? fromHeader;
  }

  /** `reasons` of a failed verification resend (429/5xx), if any. */
  get reasons(): string[] {
    const r = this.body.reasons;
    return Array.isArray(r) ? r.filter((x): x is string => typeof x === 'string') : [];
  }
}

function isErrorMap(v: unknown): v is Record<string, string[]> {
  return !!v && typeof v === 'object' && Object.values(v).every((m) => Array.isArray(m));
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const AUTH_PAGES = ['/login', '/register', '/signup', '/forgot-password', '/reset-password'];

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const c = part.trim();
    if (c.startsWith(prefix)) return decodeURIComponent(c.slice(prefix.length));
  }
  return null;
}

function defaultUnauthenticated() {
  const { pathname, search } = window.location;
  if (AUTH_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return;
  const back = `${pathname}${search}`;
  window.location.assign(back && back !== '/' ? `/login?redirect=${encodeURIComponent(back)}` : '/login');
}

let onUnauthenticated: () => void = defaultUnauthenticated;
/** Replace what happens after a 401 (tests; the default is a full page navigation to /login). */
export function setUnauthenticatedHandler(handler: (() => void) | null) {
  onUnauthenticated = handler ?? defaultUnauthenticated;
}

let languageHeader: () => string | undefined = () => undefined;
/** The UI language, sent as Accept-Language so the server answers messages in it. */
export function setLanguageSource(source: () => string | undefined) {
  languageHeader = source;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  /** Do not go to /login on a 401 (logout, the public email-verified page). */
  skipAuthRedirect?: boolean;
  /** More headers for this call (e.g. Idempotency-Key on booking and payment). */
  headers?: Record<string, string>;
  /**
   * The call outlives the page: the browser sends it through even if the reader reloads or leaves
   * at once (closing a notice, then reloading, must not bring it back). Small bodies only (64 KB).
   */
  keepalive?: boolean;
}

let csrfPromise: Promise<void> | null = null;
/** GET /sanctum/csrf-cookie (shared by concurrent callers). */
export function fetchCsrfCookie(): Promise<void> {
  csrfPromise ??= fetch('/sanctum/csrf-cookie', {
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  })
    .then(() => undefined)
    .finally(() => {
      csrfPromise = null;
    });
  return csrfPromise;
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The headers every call carries: XMLHttpRequest, language, and the CSRF token on unsafe methods. */
async function baseHeaders(method: string, accept = 'application/json'): Promise<Record<string, string>> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: accept };
  const lang = languageHeader();
  if (lang) headers['Accept-Language'] = lang;
  if (UNSAFE.has(method)) {
    if (readCookie('XSRF-TOKEN') === null) await fetchCsrfCookie();
    const token = readCookie('XSRF-TOKEN');
    if (token !== null) headers['X-XSRF-TOKEN'] = token;
  }
  return headers;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const method = opts.method ?? 'GET';
  const headers = { ...(await baseHeaders(method)), ...opts.headers };
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return fetch(buildUrl(path, opts.query), {
    method,
    headers,
    body,
    credentials: 'same-origin',
    signal: opts.signal,
    keepalive: opts.keepalive,
  });
}

async function parseBody(res: Response): Promise<Record<string, unknown>> {
  return res.status === 204 ? {} : parseText(await res.text());
}

function parseText(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return { message: text.slice(0, 200) };
  }
}

/**
 * Calls the API. Resolves with the parsed JSON body ({} for an empty answer); rejects with an
 * ApiError. 401 forgets the stored user and goes to /login; 419 refreshes the CSRF cookie and
 * retries once.
 */
export async function apiRequest<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await send(path, opts);
    if (res.status === 419) {
      await fetchCsrfCookie();
      res = await send(path, opts);
    }
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, { message: e instanceof Error ? e.message : 'Network error', code: 'network' });
  }
  const body = await parseBody(res);
  if (res.ok) return body as T;
  const error = new ApiError(res.status, body, res.headers.get('Retry-After'));
  if (res.status === 401 && !opts.skipAuthRedirect) {
    clearAuthUser();
    onUnauthenticated();
  }
  throw error;
}

export const api = {
  get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...opts, method: 'DELETE' }),
};

/**
 * GET a file (CSV export, template, invoice PDF): the same headers, 419 retry and 401 handling as
 * apiRequest; resolves with the Response of a 2xx answer, rejects with an ApiError otherwise.
 */
export async function apiFetchFile(path: string, opts: Pick<RequestOptions, 'query' | 'signal'> = {}): Promise<Response> {
  let res: Response;
  try {
    const headers = await baseHeaders('GET', '*/*');
    res = await fetch(buildUrl(path, opts.query), { method: 'GET', headers, credentials: 'same-origin', signal: opts.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, { message: e instanceof Error ? e.message : 'Network error', code: 'network' });
  }
  if (res.ok) return res;
  const error = new ApiError(res.status, await parseBody(res), res.headers.get('Retry-After'));
  if (res.status === 401) {
    clearAuthUser();
    onUnauthenticated();
  }
  throw error;
}

export interface UploadOptions {
  /** The raw body (a File is sent as is, without reading it into memory). */
  body: Blob | string;
  /** Its media type, e.g. 'text/csv'. */
  contentType: string;
  query?: RequestOptions['query'];
  signal?: AbortSignal;
  /** Bytes sent so far and in all, as the upload goes. */
  onUploadProgress?: (loaded: number, total: number) => void;
  /** The whole body is sent; the server is now working on it. */
  onUploaded?: () => void;
}

function xhrOnce(method: string, url: string, headers: Record<string, string>, opts: UploadOptions) {
  return new Promise<{ status: number; text: string; retryAfter: string | null }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => opts.onUploadProgress?.(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.upload.onload = () => opts.onUploaded?.();
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText ?? '', retryAfter: xhr.getResponseHeader('Retry-After') });
    xhr.onerror = () => reject(new ApiError(0, { message: 'Network error', code: 'network' }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (opts.signal) {
      if (opts.signal.aborted) return xhr.abort();
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(opts.body);
  });
}

/**
 * POST a raw body (a CSV file) with upload progress, through XMLHttpRequest since fetch cannot
 * report it. Same headers, CSRF, 419 retry, 401 handling and ApiError as apiRequest; resolves
 * with the parsed JSON answer.
 */
export async function apiUpload<T = unknown>(path: string, opts: UploadOptions): Promise<T> {
  const url = buildUrl(path, opts.query);
  const attempt = async () => xhrOnce('POST', url, { ...(await baseHeaders('POST')), 'Content-Type': opts.contentType }, opts);
  let res = await attempt();
  if (res.status === 419) {
    await fetchCsrfCookie();
    res = await attempt();
  }
  const body = parseText(res.text);
  if (res.status >= 200 && res.status < 300) return body as T;
  const error = new ApiError(res.status, body, res.retryAfter);
  if (res.status === 401) {
    clearAuthUser();
    onUnauthenticated();
  }
  throw error;
}
