import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ssoSignIns, userIdentities, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { SIMULATOR_CLIENT, type SimulatorQuirk, startOidcSimulator } from './oidc.simulator';
import { ssoSecrets } from './sso.secrets';

/**
 * Single sign-on through the HTTP API against the OpenID provider simulator on a port of its own:
 * the app (injected) talks to it over HTTP with openid-client, as it would to a real provider.
 * Demo Shipper Co (shipper@demo.test, its admin) connects the simulator and owns demo.test.
 */
const APP_KEY = 'sso-test-app-key-0123456789abcdefghijkl';
let t: TestApp;
let sim: Awaited<ReturnType<typeof startOidcSimulator>>;
let admin: TestClient;

beforeAll(async () => {
  sim = await startOidcSimulator(() => t.clock.now);
  t = await createTestApp({ APP_KEY, OIDC_SIMULATOR_URL: sim.url, SSO_DNS: 'simulator' });
  // Changing how the account signs in asks for the identity proven within minutes (sso-refusals.test.ts).
  admin = await (await t.client().login('shipper@demo.test')).confirmPassword();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const provider = (over: Record<string, unknown> = {}) => ({
  issuer: sim.url,
  client_id: SIMULATOR_CLIENT.id,
  client_secret: SIMULATOR_CLIENT.secret,
  default_role: 'shipper',
  passwords_allowed: true,
  ...over,
});

async function publishTxt(name: string, value: string) {
  const res = await fetch(`${sim.url}/dns/${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ txt: [value] }),
  });
  expect(res.status).toBe(204);
}

/** Adds `domain` for the client's account, publishes its TXT record and verifies it. */
async function ownDomain(c: TestClient, domain: string) {
  const added = await c.post('/api/account/sso/domains', { domain });
  expect(added.statusCode).toBe(201);
  const { id, txt_name, txt_value } = added.json().data;
  await publishTxt(txt_name, txt_value);
  const verified = await c.post(`/api/account/sso/domains/${id}/verify`);
  expect(verified.statusCode).toBe(200);
  return id as string;
}

/**
 * A browser signing in through the provider: /sso/start, the provider's page (answered as the
 * tester would), and the callback. Returns where the app sent the browser at the end.
 */
async function signIn(email: string, opts: { as?: string; quirk?: SimulatorQuirk; decision?: string; browser?: TestClient } = {}) {
  const browser = opts.browser ?? t.client();
  const start = await browser.get(`/sso/start?email=${encodeURIComponent(email)}`);
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string, 'http://127.0.0.1:3000');
  if (!authorize.href.startsWith(sim.url)) return { browser, location: start.headers.location as string, authorize };
  const page = await fetch(authorize);
  expect(page.status).toBe(200);
  const q = authorize.searchParams;
  const form = new URLSearchParams({
    client_id: q.get('client_id') ?? '',
    redirect_uri: q.get('redirect_uri') ?? '',
    state: q.get('state') ?? '',
    nonce: q.get('nonce') ?? '',
    code_challenge: q.get('code_challenge') ?? '',
    email: opts.as ?? email,
    name: 'Casey Jordan',
    quirk: opts.quirk ?? 'none',
    decision: opts.decision ?? 'allow',
  });
  const answered = await fetch(`${sim.url}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  expect(answered.status).toBe(302);
  const back = new URL(answered.headers.get('location') as string);
  const callback = `${back.pathname}${back.search}`;
  const done = await browser.get(callback);
  expect(done.statusCode).toBe(302);
  return { browser, location: done.headers.location as string, authorize, callback };
}

const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('the account admin connects a provider', () => {
  it('is for the account admin only', async () => {
    expect((await t.client().get('/api/account/sso')).statusCode).toBe(401);
    const staff = await t.client().login('super@demo.test');
    expect((await staff.get('/api/account/sso')).statusCode).toBe(403);
  });

  it('checks the issuer by reading its discovery document, and seals the client secret', async () => {
    const bad = await admin.put('/api/account/sso/provider', provider({ issuer: 'not a url' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['issuer']);
    const unreachable = await admin.put('/api/account/sso/provider', provider({ issuer: `${sim.url}/nowhere` }));
    expect(unreachable.statusCode).toBe(422);
    expect(unreachable.json().errors.issuer[0]).toMatch(/could not read an OpenID Connect configuration/);

    const saved = await admin.put('/api/account/sso/provider', provider());
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.provider).toEqual({
      issuer: sim.url,
      client_id: 'freight-portal',
      has_client_secret: true,
      default_role: 'shipper',
      passwords_allowed: true,
    });
    expect(saved.json().data.redirect_uri).toBe('http://127.0.0.1:3000/sso/callback');
    expect(saved.body).not.toContain(SIMULATOR_CLIENT.secret);
    // An empty secret keeps the stored one.
    const again = await admin.put('/api/account/sso/provider', provider({ client_secret: '' }));
    expect(again.json().data.provider.has_client_secret).toBe(true);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'account.sso_provider_saved'));
    expect(entry).toMatchObject({ entityType: 'account', targetLabel: 'Demo Shipper Co', actorEmail: 'shipper@demo.test' });
    expect(JSON.stringify(entry)).not.toContain(SIMULATOR_CLIENT.secret);
  });

  it('proves a domain by its DNS TXT record before it counts', async () => {
    const added = await admin.post('/api/account/sso/domains', { domain: 'Demo.Test' });
    expect(added.statusCode).toBe(201);
    const domain = added.json().data;
    expect(domain).toMatchObject({ domain: 'demo.test', txt_name: '_freight-portal.demo.test', verified_at: null });
    expect(domain.txt_value).toMatch(/^freight-portal-verification=/);
    expect((await admin.post('/sso/lookup', { email: 'casey@demo.test' })).json().data).toEqual({ sso: false, passwords_allowed: true });

    const early = await admin.post(`/api/account/sso/domains/${domain.id}/verify`);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.domain[0]).toMatch(/did not find the TXT record/);
    await publishTxt(domain.txt_name, 'freight-portal-verification=someone-else');
    expect((await admin.post(`/api/account/sso/domains/${domain.id}/verify`)).statusCode).toBe(422);
    await publishTxt(domain.txt_name, domain.txt_value);
    const verified = await admin.post(`/api/account/sso/domains/${domain.id}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.verified_at).toBe(t.clock.now.toISOString());
    expect((await admin.post('/sso/lookup', { email: 'casey@demo.test' })).json().data).toEqual({ sso: true, passwords_allowed: true });

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'account.sso_domain_verified'));
    expect(entry).toMatchObject({ entityType: 'sso_domain', targetLabel: 'demo.test (Demo Shipper Co)' });
  });

  it('refuses a domain another account claimed, and another account reaches none of it', async () => {
    const other = await (await t.client().login('other@demo.test')).confirmPassword();
    const taken = await other.post('/api/account/sso/domains', { domain: 'demo.test' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.domain[0]).toMatch(/already claimed/);
    expect((await other.post('/api/account/sso/domains', { domain: 'https://x.test/' })).statusCode).toBe(422);
    const mine = (await admin.get('/api/account/sso')).json().data.domains[0].id;
    expect((await other.post(`/api/account/sso/domains/${mine}/verify`)).statusCode).toBe(404);
    expect((await other.request({ method: 'DELETE', url: `/api/account/sso/domains/${mine}` })).statusCode).toBe(404);
    expect((await other.get('/api/account/sso')).json().data).toMatchObject({ provider: null, domains: [] });
  });
});

describe('signing in through the provider', () => {
  it('creates a colleague with the default role and a verified email, and signs them in', async () => {
    const { browser, location, authorize } = await signIn('casey@demo.test');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('login_hint')).toBe('casey@demo.test');
    expect(location).toBe('/login?sso=signed_in');
    const me = await browser.get('/api/user');
    expect(me.statusCode).toBe(200);
    const user = await userByEmail('casey@demo.test');
    expect(user).toMatchObject({ firstName: 'Casey', lastName: 'Jordan', roles: [] });
    expect(user?.emailVerifiedAt).not.toBeNull();
    expect(user?.accountId).toBe((await userByEmail('shipper@demo.test'))?.accountId);
    const identities = await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, user!.id));
    expect(identities).toMatchObject([{ issuer: sim.url }]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.sso_created'), eq(auditLog.entityId, user!.id)));
    expect(entry).toMatchObject({ targetLabel: 'Casey Jordan <casey@demo.test>', actorEmail: 'casey@demo.test' });

    // The second time finds the same user.
    expect((await signIn('casey@demo.test')).location).toBe('/login?sso=signed_in');
    expect(await t.database.db.select().from(users).where(eq(users.email, 'casey@demo.test'))).toHaveLength(1);
  });

  it('refuses a colleague their account admin deactivated, saying so', async () => {
    expect((await signIn('dee@demo.test')).location).toBe('/login?sso=signed_in');
    await t.database.db.update(users).set({ deactivatedAt: t.clock.now }).where(eq(users.email, 'dee@demo.test'));
    const { browser, location } = await signIn('dee@demo.test');
    expect(location).toBe('/login?sso_error=deactivated');
    expect((await browser.get('/api/user')).statusCode).toBe(401);
  });

  it('links an existing user of the account the first time', async () => {
    expect((await signIn('shipper@demo.test')).location).toBe('/login?sso=signed_in');
    const shipper = await userByEmail('shipper@demo.test');
    expect(await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, shipper!.id))).toHaveLength(1);
  });

  it('checks the state: used once, by the browser that started, within 10 minutes', async () => {
    const first = await signIn('casey@demo.test');
    expect(first.location).toBe('/login?sso=signed_in');
    // The same callback again (a replay) finds the sign-in used.
    expect((await first.browser.get(first.callback!)).headers.location).toBe('/login?sso_error=expired');

    // A callback link someone else started does not sign this browser in.
    const attacker = t.client();
    const started = await attacker.get('/sso/start?email=casey%40demo.test');
    const state = new URL(started.headers.location as string).searchParams.get('state');
    const victim = t.client();
    const res = await victim.get(`/sso/callback?state=${state}&code=anything`);
    expect(res.headers.location).toBe('/login?sso_error=expired');
    expect((await victim.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses a sign-in that took over 10 minutes', async () => {
    const browser = t.client();
    const start = await browser.get('/sso/start?email=casey%40demo.test');
    const state = new URL(start.headers.location as string).searchParams.get('state');
    t.clock.advanceMinutes(11);
    expect((await browser.get(`/sso/callback?state=${state}&code=x`)).headers.location).toBe('/login?sso_error=expired');
  });

  it.each<[SimulatorQuirk, string]>([
    ['wrong_audience', 'failed'],
    ['expired', 'failed'],
    ['wrong_nonce', 'failed'],
    ['email_unverified', 'email_unverified'],
  ])('refuses an ID token with %s', async (quirk, reason) => {
    const { browser, location } = await signIn('casey@demo.test', { quirk });
    expect(location).toBe(`/login?sso_error=${reason}`);
    expect((await browser.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses when the PKCE verifier does not match the challenge', async () => {
    const browser = t.client();
    const start = await browser.get('/sso/start?email=casey%40demo.test');
    // The verifier kept for this sign-in is swapped: the provider refuses the code exchange.
    await t.database.db.update(ssoSignIns).set({ codeVerifierSealed: ssoSecrets(APP_KEY).seal('x'.repeat(43)) });
    const q = new URL(start.headers.location as string).searchParams;
    const form = new URLSearchParams({
      client_id: q.get('client_id')!,
      redirect_uri: q.get('redirect_uri')!,
      state: q.get('state')!,
      nonce: q.get('nonce')!,
      code_challenge: q.get('code_challenge')!,
      email: 'casey@demo.test',
      name: 'Casey',
      decision: 'allow',
    });
    const answered = await fetch(`${sim.url}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    const back = new URL(answered.headers.get('location')!);
    expect((await browser.get(`${back.pathname}${back.search}`)).headers.location).toBe('/login?sso_error=failed');
  });

  it('says so when the user cancels at the provider', async () => {
    expect((await signIn('casey@demo.test', { decision: 'deny' })).location).toBe('/login?sso_error=denied');
  });

  it('refuses an email of a domain not verified, or of another account', async () => {
    // No verified domain: the login page is told at once.
    expect((await signIn('casey@elsewhere.test')).location).toBe('/login?sso_error=unverified_domain');
    // An unverified domain of the account does not count either.
    await admin.confirmPassword();
    await admin.post('/api/account/sso/domains', { domain: 'pending.test' });
    expect((await signIn('casey@demo.test', { as: 'casey@pending.test' })).location).toBe('/login?sso_error=unverified_domain');
    // A domain another account verified: the provider may not sign its people in here.
    const other = await (await t.client().login('other@demo.test')).confirmPassword();
    await ownDomain(other, 'otherfreight.test');
    expect((await signIn('casey@demo.test', { as: 'omar@otherfreight.test' })).location).toBe('/login?sso_error=unverified_domain');
    // An address of the account's domain that belongs to another account's user stays theirs.
    const { browser, location } = await signIn('other@demo.test');
    expect(location).toBe('/login?sso_error=other_account');
    expect((await browser.get('/api/user')).statusCode).toBe(401);
  });
});

describe('passwords turned off for the domain', () => {
  it("refuses the account's users a password sign-in, not other accounts' users", async () => {
    await admin.confirmPassword();
    expect((await admin.put('/api/account/sso/provider', provider({ passwords_allowed: false }))).statusCode).toBe(200);
    expect((await t.client().post('/sso/lookup', { email: 'shipper@demo.test' })).json().data).toEqual({
      sso: true,
      passwords_allowed: false,
    });
    const refused = await t.client().post('/login', { email: 'shipper@demo.test', password: 'Demo#2026' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.email[0]).toMatch(/single sign-on/);
    const wrong = await t.client().post('/login', { email: 'shipper@demo.test', password: 'wrong' });
    expect(wrong.json().errors.email[0]).not.toMatch(/single sign-on/);
    await t.client().login('other@demo.test');
    expect((await signIn('shipper@demo.test')).location).toBe('/login?sso=signed_in');
  });

  it('in Spanish too', async () => {
    const c = t.client();
    c.acceptLanguage = 'es';
    const refused = await c.post('/login', { email: 'shipper@demo.test', password: 'Demo#2026' });
    expect(refused.json().errors.email[0]).toMatch(/inicio de sesión único/);
  });
});

describe('the simulator', () => {
  it('refuses a wrong PKCE verifier and a wrong client secret at its token endpoint', async () => {
    const bad = await fetch(`${sim.url}/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', client_id: 'freight-portal', client_secret: 'nope' }),
    });
    expect(bad.status).toBe(401);
    expect((await bad.json()).error).toBe('invalid_client');
  });
});
