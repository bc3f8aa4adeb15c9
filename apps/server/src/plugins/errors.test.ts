import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createTestApp, type TestApp } from '../test/harness';

const SECRET = 'connection to db-primary.internal:5432 failed for user admin password hunter2';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // buildApp does not make the app ready; routes may still be added before the first inject.
  t.app.get('/api/test-boom', async () => {
    throw new Error(SECRET);
  });
  t.app.get('/api/test-unavailable', async () => {
    throw Object.assign(new Error(SECRET), { statusCode: 503 });
  });
  t.app.get('/api/test-forbidden', async () => {
    throw AppError.forbidden();
  });
});
afterAll(() => t.close());

describe('error shapes', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.client().request({ method, url: '/api/does-not-exist' });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    }
    // Even when a browser asks for a page.
    const page = await t.client().request({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.json().code).toBe('not_found');
  });

  it('answers a malformed JSON body with 400 invalid_json, not 500', async () => {
    const c = await t.client().login('shipper@demo.test');
    const res = await c.request({
      method: 'PUT',
      url: '/api/settings',
      payload: '{"language": "es",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid_json', message: 'The request body is not valid JSON.' });
    const empty = await c.request({ method: 'POST', url: '/login', payload: '', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('empty_body');
    // The settings did not change.
    expect((await c.get('/api/user')).json().data.settings.language).toBe('en');
  });

  it('refuses an unsupported media type (415) and an oversized body (413), each with its code', async () => {
    const c = t.client();
    const xml = await c.request({ method: 'POST', url: '/login', payload: '<login/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe('unsupported_media_type');
    const big = await c.request({
      method: 'POST',
      url: '/forgot-password',
      payload: { email: 'a@b.test', pad: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
  });

  it('answers a thrown error with 500 server_error and a request id, never the error text', async () => {
    const res = await t.client().get('/api/test-boom');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({ message: expect.any(String), code: 'server_error', request_id: expect.any(String) });
    expect(body.request_id).toBe(res.headers['x-request-id']);
    expect(body.message).toContain(body.request_id);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('db-primary');
    expect(res.body).not.toMatch(/stack|at .*\.ts/);
  });

  it('hides the text of a thrown 5xx with a status too', async () => {
    const res = await t.client().get('/api/test-unavailable');
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('server_error');
    expect(res.body).not.toContain('hunter2');
  });

  it('answers in the caller’s language', async () => {
    const c = t.client();
    c.acceptLanguage = 'es';
    expect((await c.get('/api/does-not-exist')).json()).toEqual({ message: 'No encontrado.', code: 'not_found' });
    expect((await c.get('/api/test-forbidden')).json()).toEqual({ message: 'No tiene acceso a esta página', code: 'forbidden' });
    expect((await c.get('/api/test-boom')).json().message).toMatch(/^Algo salió mal/);
  });
});

describe('headers on every response', () => {
  it.each([
    ['GET', '/api/user', 401],
    ['GET', '/api/does-not-exist', 404],
    ['GET', '/api/test-boom', 500],
    ['GET', '/sanctum/csrf-cookie', 204],
  ] as const)('%s %s (%i) carries the security headers and x-request-id', async (method, url, status) => {
    const res = await t.client().request({ method, url });
    expect(res.statusCode).toBe(status);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toMatch(/^(SAMEORIGIN|DENY)$/);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('gives each request its own id and ignores one sent by the client', async () => {
    const a = await t.client().get('/api/user');
    const b = await t.client().request({ method: 'GET', url: '/api/user', headers: { 'x-request-id': 'attacker-chosen' } });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    expect(b.headers['x-request-id']).not.toBe('attacker-chosen');
  });

  it('does not send HSTS over plain http', async () => {
    expect((await t.client().get('/api/user')).headers['strict-transport-security']).toBeUndefined();
  });
});
