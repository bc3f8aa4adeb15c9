import type { CredentialView, IssuedCredential } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, auditLog, oauthClients } from '../../db/schema';
import { ApiTestClient, accountApiClient, requestToken } from '../../test/api-client';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { quoteRequest } from '../shipments/test-helpers';

let t: TestApp;
let superAdmin: TestClient;
let shipper: TestClient;
let other: TestClient;
let otherAccountId: string;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await (await t.client().login('super@demo.test', undefined, true)).confirmPassword();
  shipper = await (await t.client().login('shipper@demo.test', undefined, true)).confirmPassword();
  other = await t.client().login('other@demo.test', undefined, true);
  const [o] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Other Freight LLC'));
  otherAccountId = o!.id;
});
afterAll(() => t.close());

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('the token endpoint (RFC 6749 section 4.4)', () => {
  it('issues a bearer token for the client credentials, by form body or HTTP Basic, and never caches it', async () => {
    const { issued } = await accountApiClient(t.app, shipper, ['quotes:read', 'shipments:read']);
    expect(issued.client_secret).toMatch(/^fpcs_/);
    const res = await requestToken(t.app, issued.credential.client_id, issued.client_secret);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'quotes:read shipments:read' });

    const viaBasic = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: basic(issued.credential.client_id, issued.client_secret), 'content-type': 'application/json' },
      payload: { grant_type: 'client_credentials', scope: 'quotes:read' },
    });
    expect(viaBasic.statusCode).toBe(200);
    expect(viaBasic.json().scope).toBe('quotes:read');
  });

  it('refuses a wrong secret, an unknown client, another grant type and a scope not given, in both shapes', async () => {
    const { issued } = await accountApiClient(t.app, shipper, ['quotes:read']);
    const wrong = await requestToken(t.app, issued.credential.client_id, 'fpcs_wrong');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client', code: 'invalid_client' });
    expect((await requestToken(t.app, 'fpc_nobody', 'x')).statusCode).toBe(401);
    const grant = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password' } });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');
    const scope = await requestToken(t.app, issued.credential.client_id, issued.client_secret, 'quotes:read invoices:read');
    expect(scope.statusCode).toBe(400);
    expect(scope.json().error).toBe('invalid_scope');
  });

  it('keeps the old secret working during a rotation overlap only, and a revocation stops tokens at once', async () => {
    const { issued, client } = await accountApiClient(t.app, shipper, ['quotes:read']);
    const id = issued.credential.id;
    const rotated = (await shipper.post(`/api/settings/api-credentials/${id}/rotate`, { overlap_hours: 1 })).json()
      .data as IssuedCredential;
    expect(rotated.client_secret).not.toBe(issued.client_secret);
    expect((await requestToken(t.app, issued.credential.client_id, issued.client_secret)).statusCode).toBe(200);
    expect((await requestToken(t.app, issued.credential.client_id, rotated.client_secret)).statusCode).toBe(200);
    t.clock.advanceMinutes(61);
    expect((await requestToken(t.app, issued.credential.client_id, issued.client_secret)).statusCode).toBe(401);
    t.clock.advanceMinutes(-61);

    expect((await client.get('/api/v1/quotes')).statusCode).toBe(200);
    const revoked = await shipper.post(`/api/settings/api-credentials/${id}/revoke`);
    expect((revoked.json().data as CredentialView).status).toBe('revoked');
    const after = await client.get('/api/v1/quotes');
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toContain('invalid_token');
    expect((await requestToken(t.app, issued.credential.client_id, rotated.client_secret)).statusCode).toBe(401);
  });

  it('stores only the secret hash and lists credentials without it', async () => {
    const { issued } = await accountApiClient(t.app, shipper, ['quotes:read']);
    const [row] = await t.database.db.select().from(oauthClients).where(eq(oauthClients.id, issued.credential.id));
    expect(row!.secretHash).not.toContain(issued.client_secret);
    const list = await shipper.get('/api/settings/api-credentials');
    expect(list.body).not.toContain(issued.client_secret);
    expect(list.body).not.toContain(row!.secretHash);
  });

  it('expires a token after an hour', async () => {
    const { client } = await accountApiClient(t.app, shipper, ['quotes:read']);
    t.clock.advanceMinutes(61);
    expect((await client.get('/api/v1/quotes')).statusCode).toBe(401);
    t.clock.advanceMinutes(-61);
  });
});

describe('the token endpoint under attack', () => {
  const tokenFrom = (remoteAddress: string, clientId: string, secret = 'fpcs_guess', query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/oauth/token${query}`,
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }).toString(),
    });

  // Making a credential asks for the password within 10 minutes, confirmed at most 5 times a minute.
  beforeEach(() => t.clock.advanceMinutes(1));

  it('refuses a client secret in the query string, even the right one, RFC 6749 style', async () => {
    const { issued } = await accountApiClient(t.app, shipper, ['quotes:read']);
    const id = issued.credential.client_id;
    const inQuery = await t.app.inject({
      method: 'POST',
      url: `/oauth/token?client_id=${id}&client_secret=${issued.client_secret}`,
      remoteAddress: '198.51.100.20',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toMatchObject({ error: 'invalid_request', code: 'bad_request' });
    expect(inQuery.json().error_description).toContain('never in the URL');
    expect(inQuery.body).not.toContain(issued.client_secret);
    // Also beside a right body, and with its name percent-encoded (the query parser decodes it).
    const beside = await tokenFrom('198.51.100.20', id, issued.client_secret, '?client%5Fsecret=x');
    expect(beside.statusCode).toBe(400);
    expect(beside.json().error).toBe('invalid_request');
    const spanish = await t.app.inject({
      method: 'POST',
      url: '/oauth/token?client_secret=x',
      remoteAddress: '198.51.100.20',
      headers: { 'accept-language': 'es' },
      payload: { grant_type: 'client_credentials', client_id: id },
    });
    expect(spanish.json().message).toContain('nunca en la URL');
    expect((await tokenFrom('198.51.100.20', id, issued.client_secret)).statusCode).toBe(200);
  });

  it('limits token requests per client id, from any address, with RateLimit headers and Retry-After', async () => {
    const { issued } = await accountApiClient(t.app, shipper, ['quotes:read']);
    const id = issued.credential.client_id;
    // Its first token (accountApiClient) was one of the 20.
    const second = await tokenFrom('198.51.100.2', id);
    expect(second.statusCode).toBe(401);
    expect(second.headers['ratelimit-limit']).toBe('20');
    expect(second.headers['ratelimit-remaining']).toBe('18');
    for (let i = 3; i <= 20; i++) expect((await tokenFrom(`198.51.100.${i}`, id)).statusCode).toBe(401);
    // Past the limit even the right secret waits: guessing must not go on beside it.
    const over = await tokenFrom('198.51.100.21', id, issued.client_secret);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('too_many_requests');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    // Another client is not held up, and a minute later this one gets its token.
    expect((await tokenFrom('198.51.100.22', 'fpc_someone_else')).statusCode).toBe(401);
    t.clock.advanceMinutes(1);
    expect((await tokenFrom('198.51.100.23', id, issued.client_secret)).statusCode).toBe(200);
  });

  it('limits token requests per address, whatever client ids it tries', async () => {
    for (let i = 1; i <= 60; i++) expect((await tokenFrom('203.0.113.7', `fpc_guess_${i}`)).statusCode).toBe(401);
    const over = await tokenFrom('203.0.113.7', 'fpc_guess_61');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['ratelimit-limit']).toBe('60');
    // Other addresses are not held up.
    expect((await tokenFrom('203.0.113.8', 'fpc_guess_61')).statusCode).toBe(401);
    t.clock.advanceMinutes(1);
  });
});

describe('a credential’s expiry and owner', () => {
  beforeEach(async () => {
    t.clock.advanceMinutes(1);
    await shipper.confirmPassword();
    await superAdmin.confirmPassword();
  });
  const day = (daysFromNow: number) => new Date(t.clock.now.getTime() + daysFromNow * 86_400_000).toISOString().slice(0, 10);

  it('takes only a real calendar date after today, with a 422 on expires_on in the user’s language', async () => {
    for (const [expires_on, message] of [
      ['2026-02-30', 'Please enter a valid date'],
      ['2027-02-29', 'Please enter a valid date'],
      ['2028-13-01', 'Please enter a valid date'],
      ['2028-04-31', 'Please enter a valid date'],
      [day(0), 'Choose an expiry date after today'],
      [day(-1), 'Choose an expiry date after today'],
      ['2001-01-01', 'Choose an expiry date after today'],
    ] as const) {
      const res = await shipper.post('/api/settings/api-credentials', { name: 'Dated', scopes: ['quotes:read'], expires_on });
      expect(res.statusCode, expires_on).toBe(422);
      expect(res.json().errors, expires_on).toEqual({ expires_on: [message] });
    }
    const leapDay = await shipper.post('/api/settings/api-credentials', {
      name: 'Leap',
      scopes: ['quotes:read'],
      expires_on: '2028-02-29',
    });
    expect(leapDay.statusCode).toBe(201);
    const tomorrow = await shipper.post('/api/settings/api-credentials', { name: 'Short', scopes: ['quotes:read'], expires_on: day(1) });
    expect(tomorrow.statusCode).toBe(201);
    expect((tomorrow.json().data as IssuedCredential).credential.status).toBe('active');

    const staff = await superAdmin.post('/api/admin/oauth-clients', {
      name: 'Past',
      account_id: otherAccountId,
      scopes: ['quotes:read'],
      expires_on: day(-30),
    });
    expect(staff.statusCode).toBe(422);
    expect(staff.json().errors).toEqual({ expires_on: ['Choose an expiry date after today'] });

    const spanish = await (await t.client().login('other@demo.test', undefined, true)).confirmPassword();
    await spanish.confirmPassword();
    await spanish.put('/api/settings', { language: 'es' });
    try {
      const past = await spanish.post('/api/settings/api-credentials', { name: 'Fechada', scopes: ['quotes:read'], expires_on: day(-1) });
      expect(past.json().errors).toEqual({ expires_on: ['Elija una fecha de vencimiento posterior a hoy'] });
      const impossible = await spanish.post('/api/settings/api-credentials', {
        name: 'Fechada',
        scopes: ['quotes:read'],
        expires_on: '2026-02-30',
      });
      expect(impossible.statusCode).toBe(422);
      expect(impossible.json().errors).toEqual({ expires_on: ['Ingrese una fecha válida'] });
    } finally {
      await spanish.put('/api/settings', { language: 'en' });
    }
  });

  it('answers an unknown partner with a 422 on partner_id, never a 500, and stores nothing', async () => {
    const before = (await superAdmin.get('/api/admin/oauth-clients')).json().data.length;
    const res = await superAdmin.post('/api/admin/oauth-clients', {
      name: 'Nobody’s',
      partner_id: '00000000-0000-4000-8000-000000000000',
      scopes: ['quotes:read'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ partner_id: ['Choose one of the listed options'] });
    expect((await superAdmin.get('/api/admin/oauth-clients')).json().data.length).toBe(before);
  });

  it('answers 404 where an unknown partner is the path’s resource', async () => {
    const nobody = '00000000-0000-4000-8000-000000000000';
    const shipperAccountId = (await shipper.get('/api/user')).json().data.account.id as string;
    for (const [method, url, payload] of [
      ['GET', `/api/admin/integration-partners/${nobody}`, undefined],
      ['PUT', `/api/admin/integration-partners/${nobody}`, { name: 'Ghost' }],
      ['GET', `/api/admin/integration-partners/${nobody}/calls`, undefined],
      ['POST', `/api/admin/integration-partners/${nobody}/accounts`, { account_id: shipperAccountId }],
      ['DELETE', `/api/admin/integration-partners/${nobody}/accounts/${shipperAccountId}`, undefined],
      ['GET', `/api/admin/integration-partners/${nobody}/webhooks`, undefined],
      ['POST', `/api/admin/integration-partners/${nobody}/webhooks`, { url: 'https://hooks.example.com/in', events: ['shipment.booked'] }],
      ['PUT', `/api/admin/integrations/partner/${nobody}.${shipperAccountId}`, { enabled: false }],
    ] as const) {
      const res = await superAdmin.request({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const [method, url] of [
      ['POST', `/api/settings/partners/${nobody}`],
      ['DELETE', `/api/settings/partners/${nobody}`],
    ] as const) {
      const res = await shipper.request({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('the /api/v1 door', () => {
  it('quotes and lists through the web’s own handlers, with the account of the credential', async () => {
    const { client } = await accountApiClient(t.app, shipper, ['quotes:read', 'quotes:write']);
    const created = await client.post('/api/v1/quotes', quoteRequest(t));
    expect(created.statusCode).toBe(201);
    const quote = created.json().data;
    expect(quote.rates.length).toBeGreaterThan(0);
    const read = await client.get(`/api/v1/quotes/${quote.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.id).toBe(quote.id);
    // The web sees the same quote in the account.
    expect((await shipper.get(`/api/quotes/${quote.id}`)).statusCode).toBe(200);
    // Another account's user does not.
    expect((await other.get(`/api/quotes/${quote.id}`)).statusCode).toBe(404);
  });

  it('enforces each route’s scope with 403 insufficient_scope', async () => {
    const { client } = await accountApiClient(t.app, shipper, ['quotes:read']);
    const res = await client.post('/api/v1/quotes', quoteRequest(t));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'insufficient_scope' });
    expect(res.headers['www-authenticate']).toContain('scope="quotes:write"');
  });

  it('offers only the routes of the API: the rest of /api is a 404 under /api/v1', async () => {
    const { client } = await accountApiClient(t.app, shipper, ['quotes:read', 'shipments:read', 'invoices:read']);
    for (const url of ['/api/v1/user', '/api/v1/settings', '/api/v1/admin/accounts', '/api/v1/settings/api-credentials', '/api/v1/nope']) {
      expect((await client.get(url)).statusCode, url).toBe(404);
    }
  });

  it('answers 401 without a token and ignores a session cookie (no CSRF-free cookie calls)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/quotes' })).statusCode).toBe(401);
    expect((await new ApiTestClient(t.app, 'fpat_forged').get('/api/v1/quotes')).statusCode).toBe(401);
    // A signed-in browser calling /api/v1 with its cookie only is not signed in there.
    expect((await shipper.get('/api/v1/quotes')).statusCode).toBe(401);
  });

  it('counts requests per credential with RateLimit headers and answers 429 with Retry-After past the limit', async () => {
    const limited = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const admin = await limited.client().login('shipper@demo.test');
      const { client } = await accountApiClient(limited.app, admin, ['quotes:read']);
      const first = await client.get('/api/v1/quotes');
      expect(first.headers['ratelimit-limit']).toBe('3');
      expect(first.headers['ratelimit-remaining']).toBe('2');
      await client.get('/api/v1/quotes');
      await client.get('/api/v1/quotes');
      const over = await client.get('/api/v1/quotes');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json().code).toBe('too_many_requests');
    } finally {
      await limited.close();
    }
  });

  it('lets a partner act only for the accounts granted to it, named in Account-Id', async () => {
    const partner = (await superAdmin.post('/api/admin/integration-partners', { name: 'Acme TMS', website: 'https://acme.example' })).json()
      .data;
    const shipperAccountId = (await shipper.get('/api/user')).json().data.account.id as string;
    expect(
      (await superAdmin.post(`/api/admin/integration-partners/${partner.id}/accounts`, { account_id: shipperAccountId })).statusCode,
    ).toBe(201);
    const issued = (
      await superAdmin.post('/api/admin/oauth-clients', { name: 'Acme production', partner_id: partner.id, scopes: ['quotes:read'] })
    ).json().data as IssuedCredential;
    const token = (await requestToken(t.app, issued.credential.client_id, issued.client_secret)).json().access_token as string;
    const api = new ApiTestClient(t.app, token);
    expect((await api.get('/api/v1/quotes')).json().code).toBe('account_required');
    expect((await api.actingFor(shipperAccountId).get('/api/v1/quotes')).statusCode).toBe(200);
    const refused = await api.actingFor(otherAccountId).get('/api/v1/quotes');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_not_granted');

    // Suspending the partner stops its tokens at once.
    await superAdmin.put(`/api/admin/integration-partners/${partner.id}`, { name: 'Acme TMS', status: 'suspended' });
    expect((await api.actingFor(shipperAccountId).get('/api/v1/quotes')).statusCode).toBe(401);

    // Every staff write was audited.
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, partner.id))).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['integration_partner.create', 'integration_partner.grant_account', 'integration_partner.update']),
    );

    // The calls are in the partner's usage.
    const view = (await superAdmin.get(`/api/admin/integration-partners/${partner.id}`)).json().data;
    expect(view.usage.requests_today).toBeGreaterThanOrEqual(3);
    expect(view.usage.errors_today).toBeGreaterThanOrEqual(2);
    const calls = (await superAdmin.get(`/api/admin/integration-partners/${partner.id}/calls`)).json().data;
    expect(calls[0]).toMatchObject({ method: 'GET', route: '/api/v1/quotes' });
  });

  it('shows staff the calls of an account’s own credential, never their bodies', async () => {
    const { issued, client } = await accountApiClient(t.app, shipper, ['quotes:read']);
    await client.get('/api/v1/quotes');
    await client.post('/api/v1/quotes', quoteRequest(t));
    const calls = (await superAdmin.get(`/api/admin/oauth-clients/${issued.credential.id}/calls`)).json().data;
    expect(calls.map((c: { method: string; route: string; status: number }) => `${c.method} ${c.route} ${c.status}`)).toEqual([
      'POST /api/v1/quotes 403',
      'GET /api/v1/quotes 200',
    ]);
    expect(JSON.stringify(calls)).not.toContain('60606');
    expect((await shipper.get(`/api/admin/oauth-clients/${issued.credential.id}/calls`)).statusCode).toBe(403);
  });

  it('keeps account admins’ credential pages to the account’s admin', async () => {
    const list = await other.get('/api/settings/api-credentials');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
  });
});
