import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { linkPath, mailsTo } from '../../test/outbox';

/** What concurrent or repeated callers must not get away with. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login throttle under a burst', () => {
  it('lets no more than 5 guesses of a parallel burst reach the password check', async () => {
    const c = t.client();
    await c.get('/sanctum/csrf-cookie');
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => c.post('/login', { email: 'sales@demo.test', password: 'Guess#0000' })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((s) => s === 422)).toHaveLength(5);
    expect(codes.filter((s) => s === 429)).toHaveLength(4);
  });
});

describe('password reset links', () => {
  it('are used once even when two resets race', async () => {
    await t.client().post('/forgot-password', { email: 'salesadmin@demo.test' });
    const [mail] = await mailsTo(t, 'salesadmin@demo.test');
    const url = new URL(linkPath(mail!.text), 'http://x');
    const token = decodeURIComponent(url.pathname.split('/').at(-1)!);
    const body = (password: string) => ({ token, email: 'salesadmin@demo.test', password, password_confirmation: password });
    const results = await Promise.all([
      t.client().post('/reset-password', body('First#2026')),
      t.client().post('/reset-password', body('Second#2026')),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('stop working once the password is changed another way', async () => {
    await t.client().post('/forgot-password', { email: 'admin@demo.test' });
    const [mail] = await mailsTo(t, 'admin@demo.test');
    const token = decodeURIComponent(new URL(linkPath(mail!.text), 'http://x').pathname.split('/').at(-1)!);
    const c = await t.client().login('admin@demo.test');
    expect(
      (await c.put('/password', { current_password: 'Demo#2026', password: 'Changed#2026', password_confirmation: 'Changed#2026' }))
        .statusCode,
    ).toBe(200);
    const late = await t
      .client()
      .post('/reset-password', { token, email: 'admin@demo.test', password: 'Late#2026', password_confirmation: 'Late#2026' });
    expect(late.statusCode).toBe(422);
  });

  it('go to one address at most 3 times in 15 minutes, whoever asks', async () => {
    for (let i = 0; i < 5; i++) {
      const c = t.client();
      const res = await c.request({
        method: 'POST',
        url: '/forgot-password',
        payload: { email: 'ops@demo.test' },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await mailsTo(t, 'ops@demo.test')).toHaveLength(3);
  });
});

describe('guest sessions', () => {
  it('are created at most 300 times in 10 minutes for one client address', async () => {
    const fresh = () => t.client().request({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress: '192.0.2.50' });
    for (let i = 0; i < 300; i++) expect((await fresh()).statusCode).toBe(204);
    expect((await fresh()).statusCode).toBe(429);
    // A caller that already has a session is never refused its token.
    const c = t.client();
    await c.request({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress: '192.0.2.51' });
    expect((await c.request({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress: '192.0.2.51' })).statusCode).toBe(204);
  });
});

describe('Sanctum contract wording', () => {
  it('keeps Unauthenticated. and CSRF token mismatch. in English for every language', async () => {
    const c = t.client();
    c.acceptLanguage = 'es';
    expect((await c.get('/api/user')).json().message).toBe('Unauthenticated.');
    const res = await c.request({ method: 'POST', url: '/logout', csrf: false });
    expect(res.json().message).toBe('CSRF token mismatch.');
  });
});

describe('requests the browser sent before its sign-in was answered', () => {
  /** Sends a request with the cookies the browser held before signing in. */
  const withCookies = (cookies: Map<string, string>, method: 'GET' | 'POST', url: string) =>
    t.app.inject({
      method,
      url,
      headers: {
        accept: 'application/json',
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '',
      },
      payload: method === 'POST' ? {} : undefined,
    });

  it('answer without a cookie of their own, so the signed-in session stays', async () => {
    const c = t.client();
    await c.get('/sanctum/csrf-cookie');
    const guest = new Map(c.cookies);
    await c.login('shipper@demo.test');
    // The token request the page had sent with the guest cookie arrives after the sign-in.
    const late = await withCookies(guest, 'GET', '/sanctum/csrf-cookie');
    expect(late.statusCode).toBe(204);
    expect(late.cookies).toEqual([]);
    expect((await c.get('/api/user')).statusCode).toBe(200);
  });

  it('sign no one in and cannot act with the old token', async () => {
    const c = t.client();
    await c.get('/sanctum/csrf-cookie');
    await c.login('shipper@demo.test');
    const signedIn = new Map(c.cookies);
    await c.login('other@demo.test');
    expect((await withCookies(signedIn, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await withCookies(signedIn, 'POST', '/logout')).statusCode).toBe(419);
  });
});
