import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

/** Serving the SPA, and the client address behind proxies. */
let t: TestApp;
beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'fp-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Freight Portal</title>');
  for (const page of ['login', 'track-shipment'])
    writeFileSync(join(web, `${page}.html`), `<!doctype html><title>Freight Portal</title><script src="/build/${page}.js"></script>`);
  // Only the login page has a Spanish one in this build.
  writeFileSync(
    join(web, 'login.es.html'),
    '<!doctype html><html lang="es"><title>Freight Portal</title><script src="/build/login.js"></script>',
  );
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: web, TRUST_PROXY: '1' });
});
afterAll(() => t.close());

describe('the built web app', () => {
  it('answers page routes with index.html that browsers must revalidate', async () => {
    const res = await t.client().request({ method: 'GET', url: '/settings/account', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Freight Portal</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
  it('answers each guest page (login, public tracking) with its own light entry, query strings included', async () => {
    for (const [url, script] of [
      ['/login', 'login.js'],
      ['/login?redirect=%2Fquote', 'login.js'],
      ['/track-shipment?number=123', 'track-shipment.js'],
    ]) {
      const res = await t.client().request({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(script);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // A page below a guest page is the portal's (its router answers it).
    const portal = await t.client().request({ method: 'GET', url: '/login/help', headers: { accept: 'text/html' } });
    expect(portal.body).not.toContain('.js');
  });
  it("answers a guest page in the language of the visitor's language cookie, English when it has none or an unknown one", async () => {
    const page = async (url: string, cookie?: string) => {
      const res = await t.client().request({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.vary, url).toContain('Cookie');
      return res.body;
    };
    expect(await page('/login?redirect=%2Fquote', 'language=es')).toContain('lang="es"');
    expect(await page('/login', 'language=en')).not.toContain('lang="es"');
    expect(await page('/login')).not.toContain('lang="es"');
    for (const unknown of ['language=fr', 'language=..%2Findex', 'language=es%00']) {
      expect(await page('/login', unknown), unknown).toContain('login.js');
      expect(await page('/login', unknown), unknown).not.toContain('lang="es"');
    }
    // A page the build has in English only.
    expect(await page('/track-shipment?number=1', 'language=es')).toContain('track-shipment.js');
    // The portal's page is the same in every language (its script renders the words).
    expect(await page('/settings/account', 'language=es')).toBe(await page('/settings/account'));
  });
  it('answers the guest pages with index.html when the build has no page of their own (an older build)', async () => {
    const older = mkdtempSync(join(tmpdir(), 'fp-web-'));
    writeFileSync(join(older, 'index.html'), '<!doctype html><title>Freight Portal</title><script src="/build/index.js"></script>');
    const app = await createTestApp({ WEB_DIST: older });
    try {
      const res = await app.client().request({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('index.js');
    } finally {
      await app.close();
    }
  });
  it('serves hashed assets under /build/ for a year', async () => {
    const res = await t.client().get('/build/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
  it('keeps unknown API paths JSON 404s, for unsafe methods too', async () => {
    const c = t.client();
    expect((await c.request({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } })).json()).toEqual({
      message: 'Not found.',
      code: 'not_found',
    });
    expect((await c.request({ method: 'POST', url: '/api/nope', csrf: false })).statusCode).toBe(404);
  });
});

describe('caching of API answers', () => {
  it('marks a signed-in user’s API answers no-store, keeps a route’s own rule, and leaves public ones alone', async () => {
    const shipper = await t.client().login('shipper@demo.test');
    for (const url of ['/api/user', '/api/quotes', '/api/shipments', '/api/addresses']) {
      expect((await shipper.get(url)).headers['cache-control'], url).toBe('no-store');
    }
    // Reference data says how long it keeps.
    expect((await shipper.get('/api/postal-codes/US/60606')).headers['cache-control']).toBe('private, max-age=3600');
    // A refusal is no-store too when signed in; a visitor's public lookup is not a user's answer.
    expect((await shipper.get('/api/admin/accounts')).headers['cache-control']).toBe('no-store');
    expect((await t.client().get('/api/public/postal-codes/US/60606')).headers['cache-control']).toBe('private, max-age=3600');
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  it('takes the address the proxy saw, so a forged X-Forwarded-For cannot dodge the login throttle', async () => {
    const c = t.client();
    await c.get('/sanctum/csrf-cookie');
    const attempt = (forged: string) =>
      c.request({
        method: 'POST',
        url: '/login',
        payload: { email: 'shipper@demo.test', password: 'Wrong#2026' },
        headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`198.51.100.${i}`)).statusCode).toBe(422);
    expect((await attempt('198.51.100.99')).statusCode).toBe(429);
  });
});
