import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('session and CSRF (Sanctum SPA contract)', () => {
  it('hands out the XSRF-TOKEN and an HttpOnly session cookie', async () => {
    const res = await t.client().get('/sanctum/csrf-cookie');
    expect(res.statusCode).toBe(204);
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    const session = res.cookies.find((c) => c.name === 'freight_portal_session');
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
  });

  it('refuses an unsafe method without the matching header with 419', async () => {
    const c = t.client();
    await c.get('/sanctum/csrf-cookie');
    const res = await c.request({
      method: 'POST',
      url: '/login',
      payload: { email: 'shipper@demo.test', password: 'Demo#2026' },
      csrf: false,
    });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toMatchObject({ message: 'CSRF token mismatch.' });
    const wrong = await c.request({ method: 'POST', url: '/login', payload: {}, csrf: false, headers: { 'x-xsrf-token': 'nope' } });
    expect(wrong.statusCode).toBe(419);
  });

  it('answers a malformed (not URL-decodable) XSRF header with 419, not 500', async () => {
    const c = t.client();
    await c.get('/sanctum/csrf-cookie');
    const res = await c.request({ method: 'POST', url: '/logout', csrf: false, headers: { 'x-xsrf-token': '%E0%A4%A' } });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.', code: 'csrf_mismatch' });
  });

  it('answers 401 Unauthenticated. without a session', async () => {
    const res = await t.client().get('/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
  });

  it('logs in, rotates the session id, and returns the user with roles', async () => {
    const c = t.client();
    await c.get('/sanctum/csrf-cookie');
    const before = c.cookies.get('freight_portal_session');
    await c.login('shipper@demo.test');
    expect(c.cookies.get('freight_portal_session')).not.toBe(before);
    const me = await c.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: 'shipper@demo.test', roles: [], account: { name: 'Demo Shipper Co' } });
    expect(me.json().data.email_verified_at).not.toBeNull();
  });

  it('answers wrong credentials with 422 on email', async () => {
    const res = await t.client().post('/login', { email: 'shipper@demo.test', password: 'Wrong#2026' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['These credentials do not match our records.']);
  });

  it('throttles more than 5 failures a minute for one email and address', async () => {
    const c = t.client();
    for (let i = 0; i < 5; i++) expect((await c.post('/login', { email: 'ops@demo.test', password: 'bad' })).statusCode).toBe(422);
    const blocked = await c.post('/login', { email: 'ops@demo.test', password: 'Demo#2026' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().retry_after).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/try again in \d+ seconds/);
    expect(blocked.headers['retry-after']).toBeDefined();
    t.clock.advanceMinutes(1.1);
    // The password is taken again; staff go on to their second factor.
    expect((await c.post('/login', { email: 'ops@demo.test', password: 'Demo#2026' })).json()).toMatchObject({ two_factor: true });
  });

  it('logout destroys the session on the server', async () => {
    const c = t.client();
    await c.login('shipper@demo.test');
    const stolen = c.cookies.get('freight_portal_session');
    expect((await c.post('/logout')).statusCode).toBe(204);
    const thief = t.client();
    thief.cookies.set('freight_portal_session', stolen!);
    expect((await thief.get('/api/user')).statusCode).toBe(401);
  });

  it('ends a session after 120 idle minutes', async () => {
    const c = t.client();
    await c.login('shipper@demo.test');
    t.clock.advanceMinutes(119);
    expect((await c.get('/api/user')).statusCode).toBe(200);
    t.clock.advanceMinutes(121);
    expect((await c.get('/api/user')).statusCode).toBe(401);
  });

  it('keeps a remembered session for 30 idle days, sliding in the browser too', async () => {
    const c = t.client();
    const res = await c.post('/login', { email: 'shipper@demo.test', password: 'Demo#2026', remember: true });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((k) => k.name === 'freight_portal_session')?.maxAge).toBe(30 * 24 * 3600);
    t.clock.advanceMinutes(29 * 24 * 60);
    const later = await c.get('/api/user');
    expect(later.statusCode).toBe(200);
    expect(later.cookies.find((k) => k.name === 'freight_portal_session')?.maxAge).toBe(30 * 24 * 3600);
    t.clock.advanceMinutes(29 * 24 * 60);
    expect((await c.get('/api/user')).statusCode).toBe(200);
    t.clock.advanceMinutes(31 * 24 * 60);
    expect((await c.get('/api/user')).statusCode).toBe(401);
  });
});
