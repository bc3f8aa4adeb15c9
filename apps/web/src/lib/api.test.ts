import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, setCookie } from '../test/fixtures';
import { ApiError, api, setUnauthenticatedHandler } from './api';
import { AUTH_STATE_KEY } from './authState';

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) setCookie(name, '');
  }
}

const headersOf = (call: unknown[]) => new Headers((call[1] as RequestInit | undefined)?.headers);
const urlOf = (call: unknown[]) => String(call[0]);

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let onUnauthenticated: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    clearCookies();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    onUnauthenticated = vi.fn<() => void>();
    setUnauthenticatedHandler(onUnauthenticated);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthenticatedHandler(null);
  });

  it("adds a call's own headers (an Idempotency-Key) beside the standard ones", async () => {
    setCookie('XSRF-TOKEN', 'tok');
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { data: {} }));
    await api.post('/api/shipments', { a: 1 }, { headers: { 'Idempotency-Key': 'k-1' } });
    const headers = headersOf(fetchMock.mock.calls[0] as unknown[]);
    expect(headers.get('Idempotency-Key')).toBe('k-1');
    expect(headers.get('X-XSRF-TOKEN')).toBe('tok');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('asks the browser to keep a call that must outlive the page, and only that one', async () => {
    setCookie('XSRF-TOKEN', 'tok');
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await api.post('/api/notifications/n1/dismiss', undefined, { keepalive: true });
    await api.post('/api/notifications/n1/dismiss');
    expect((fetchMock.mock.calls[0] as unknown[])[1]).toMatchObject({ keepalive: true });
    expect(((fetchMock.mock.calls[1] as unknown[])[1] as RequestInit).keepalive).toBeFalsy();
  });

  it('marks every call as XMLHttpRequest, asks for JSON and sends cookies same-origin', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { id: 1 } }));
    await expect(api.get('/api/user')).resolves.toEqual({ data: { id: 1 } });
    const call = fetchMock.mock.calls[0] as unknown[];
    expect(urlOf(call)).toBe('/api/user');
    expect(headersOf(call).get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headersOf(call).get('Accept')).toBe('application/json');
    expect(headersOf(call).get('X-XSRF-TOKEN')).toBeNull();
    expect((call[1] as RequestInit).credentials).toBe('same-origin');
  });

  it('fetches the CSRF cookie before the first unsafe call and sends it URL-decoded', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/sanctum/csrf-cookie') {
        setCookie('XSRF-TOKEN', 'abc%3D%3D');
        return new Response(null, { status: 204 });
      }
      return new Response(null, { status: 204 });
    });
    await api.post('/login', { email: 'a@b.co', password: 'x', remember: false });
    expect(fetchMock.mock.calls.map((c) => urlOf(c))).toEqual(['/sanctum/csrf-cookie', '/login']);
    const login = fetchMock.mock.calls[1] as unknown[];
    expect(headersOf(login).get('X-XSRF-TOKEN')).toBe('abc==');
    expect((login[1] as RequestInit).method).toBe('POST');

    // the cookie exists now: no second csrf round trip
    await api.put('/profile', {});
    expect(fetchMock.mock.calls.map((c) => urlOf(c))).toEqual(['/sanctum/csrf-cookie', '/login', '/profile']);
  });

  it('on 401 removes AUTH_STATE, goes to /login and still rejects', async () => {
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify({ id: 'u1', roles: [] }));
    localStorage.setItem('OTHER', 'kept');
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Unauthenticated.', code: 'unauthenticated' }));
    const error = await api.get('/api/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated', message: 'Unauthenticated.' });
    expect(localStorage.getItem(AUTH_STATE_KEY)).toBeNull();
    expect(localStorage.getItem('OTHER')).toBe('kept');
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('goes to /login with a full page navigation by default', async () => {
    setUnauthenticatedHandler(null);
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, pathname: '/track', search: '', assign } });
    try {
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Unauthenticated.', code: 'unauthenticated' }));
      await expect(api.get('/api/user')).rejects.toBeInstanceOf(ApiError);
      expect(assign).toHaveBeenCalledWith('/login?redirect=%2Ftrack');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('on 419 refetches the CSRF cookie and retries exactly once', async () => {
    setCookie('XSRF-TOKEN', 'old');
    let puts = 0;
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/sanctum/csrf-cookie') {
        setCookie('XSRF-TOKEN', 'new');
        return new Response(null, { status: 204 });
      }
      puts += 1;
      return puts === 1 ? jsonResponse(419, { message: 'CSRF token mismatch.', code: 'csrf_mismatch' }) : jsonResponse(200, { data: 'ok' });
    });
    await expect(api.put('/api/settings', { language: 'es' })).resolves.toEqual({ data: 'ok' });
    const urls = fetchMock.mock.calls.map((c) => urlOf(c));
    expect(urls).toEqual(['/api/settings', '/sanctum/csrf-cookie', '/api/settings']);
    expect(headersOf(fetchMock.mock.calls[0] as unknown[]).get('X-XSRF-TOKEN')).toBe('old');
    expect(headersOf(fetchMock.mock.calls[2] as unknown[]).get('X-XSRF-TOKEN')).toBe('new');
  });

  it('gives up after one retry when 419 comes back again', async () => {
    setCookie('XSRF-TOKEN', 't');
    fetchMock.mockImplementation(async (url: string) =>
      url === '/sanctum/csrf-cookie'
        ? new Response(null, { status: 204 })
        : jsonResponse(419, { message: 'CSRF token mismatch.', code: 'csrf_mismatch' }),
    );
    const error = await api.post('/logout').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 419, code: 'csrf_mismatch' });
    expect(fetchMock.mock.calls.map((c) => urlOf(c))).toEqual(['/logout', '/sanctum/csrf-cookie', '/logout']);
  });

  it('throws typed errors with field errors and retry-after', async () => {
    setCookie('XSRF-TOKEN', 't');
    fetchMock.mockResolvedValueOnce(jsonResponse(422, { message: 'Invalid', errors: { 'company_address.city': ['Field is required'] } }));
    await expect(api.post('/register', {})).rejects.toMatchObject({
      status: 422,
      code: 'validation',
      errors: { 'company_address.city': ['Field is required'] },
    });
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { message: 'Slow down', code: 'too_many_requests' }, { 'Retry-After': '42' }));
    await expect(api.post('/login', {})).rejects.toMatchObject({ status: 429, retryAfter: 42 });
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });
});
