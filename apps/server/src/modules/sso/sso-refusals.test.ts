import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passwordResetTokens, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { lastMailTo, mailsTo } from '../../test/outbox';
import { SIMULATOR_CLIENT, startOidcSimulator } from './oidc.simulator';

/**
 * What single sign-on refuses, through the HTTP API against the OpenID provider simulator: the
 * account's sign-in settings change only with the identity proven within minutes (423), and a
 * user whose company turned passwords off gets no password reset link nor resets with an old one.
 * A sign-in through the provider counts as a fresh proof. Demo Shipper Co (shipper@demo.test, its
 * admin) connects the simulator and owns demo.test.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startOidcSimulator>>;
let admin: TestClient;

beforeAll(async () => {
  sim = await startOidcSimulator(() => t.clock.now);
  t = await createTestApp({ OIDC_SIMULATOR_URL: sim.url, SSO_DNS: 'simulator' });
  admin = await t.client().login('shipper@demo.test');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const REAUTHENTICATE = { message: 'For this change, please enter your password again.', code: 'reauthentication_required' };
const SENT = 'If an account exists for that address, we have emailed a password reset link.';
const NO_RESET =
  'Your organization signs in with single sign-on, so its passwords cannot be reset. On the login page, use Continue with single sign-on.';

const provider = (over: Record<string, unknown> = {}) => ({
  issuer: sim.url,
  client_id: SIMULATOR_CLIENT.id,
  client_secret: SIMULATOR_CLIENT.secret,
  default_role: 'shipper',
  passwords_allowed: true,
  ...over,
});

const entries = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

/** Signs `email` in through the provider in a new browser (the simulator's page answered as a person would). */
async function signInThroughProvider(email: string) {
  const browser = t.client();
  const start = await browser.get(`/sso/start?email=${encodeURIComponent(email)}`);
  const q = new URL(start.headers.location as string).searchParams;
  const form = new URLSearchParams({
    client_id: q.get('client_id') ?? '',
    redirect_uri: q.get('redirect_uri') ?? '',
    state: q.get('state') ?? '',
    nonce: q.get('nonce') ?? '',
    code_challenge: q.get('code_challenge') ?? '',
    email,
    name: 'Casey Jordan',
    quirk: 'none',
    decision: 'allow',
  });
  const answered = await fetch(`${sim.url}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const back = new URL(answered.headers.get('location') as string);
  const done = await browser.get(`${back.pathname}${back.search}`);
  expect(done.headers.location).toBe('/login?sso=signed_in');
  return browser;
}

/** The reset link mailed to `email` last: its token. */
async function mailedToken(email: string) {
  const mail = await lastMailTo(t, email);
  const url = new URL(mail.text.match(/https?:\/\/\S+\/reset-password\/\S+/)![0]);
  return decodeURIComponent(url.pathname.split('/')[2]!);
}

describe('the account admin changing how the account signs in', () => {
  it('proves who they are within minutes for every change (423 otherwise, after the form’s 422), and each is audited', async () => {
    const domainId = '00000000-0000-4000-8000-000000000000';
    expect((await admin.put('/api/account/sso/provider', provider({ issuer: 'not a url' }))).statusCode).toBe(422);
    const refusals = [
      await admin.put('/api/account/sso/provider', provider()),
      await admin.request({ method: 'DELETE', url: '/api/account/sso/provider' }),
      await admin.post('/api/account/sso/domains', { domain: 'demo.test' }),
      await admin.post(`/api/account/sso/domains/${domainId}/verify`),
      await admin.request({ method: 'DELETE', url: `/api/account/sso/domains/${domainId}` }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(423);
      expect(res.json()).toEqual(REAUTHENTICATE);
    }
    expect((await admin.get('/api/account/sso')).json().data).toMatchObject({ provider: null, domains: [] });

    await admin.confirmPassword();
    expect((await admin.put('/api/account/sso/provider', provider())).statusCode).toBe(200);
    const added = await admin.post('/api/account/sso/domains', { domain: 'demo.test' });
    expect(added.statusCode).toBe(201);
    const { id, txt_name, txt_value } = added.json().data;
    await fetch(`${sim.url}/dns/${txt_name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ txt: [txt_value] }),
    });
    expect((await admin.post(`/api/account/sso/domains/${id}/verify`)).statusCode).toBe(200);

    // Ten minutes on, the proof is too old for the next change.
    t.clock.advanceMinutes(11);
    const late = await admin.put('/api/account/sso/provider', provider({ passwords_allowed: false }));
    expect(late.statusCode).toBe(423);
    await admin.confirmPassword();
    expect((await admin.put('/api/account/sso/provider', provider({ passwords_allowed: false }))).json().data.provider).toMatchObject({
      passwords_allowed: false,
    });

    const saved = await entries('account.sso_provider_saved');
    expect(saved).toHaveLength(2);
    expect(saved.at(-1)).toMatchObject({
      entityType: 'account',
      targetLabel: 'Demo Shipper Co',
      before: { passwords_allowed: true },
      after: { passwords_allowed: false },
    });
    expect(await entries('account.sso_domain_added')).toEqual([expect.objectContaining({ targetLabel: 'demo.test (Demo Shipper Co)' })]);
    expect(await entries('account.sso_domain_verified')).toHaveLength(1);
  });

  it('is proven afresh by a sign-in through the provider', async () => {
    const browser = await signInThroughProvider('casey@demo.test');
    expect((await browser.get('/user/confirmed-password-status')).json()).toEqual({ confirmed: true, proofs: [] });
    expect((await browser.put('/api/account/sso/provider', provider({ passwords_allowed: false }))).statusCode).toBe(403);
  });
});

describe('password resets where passwords are turned off', () => {
  it('sends no link: the same answer, and a mail pointing to single sign-on instead', async () => {
    const before = await mailsTo(t, 'shipper@demo.test');
    const res = await t.client().post('/forgot-password', { email: 'shipper@demo.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SENT });
    const mails = await mailsTo(t, 'shipper@demo.test');
    expect(mails).toHaveLength(before.length + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Sign in to Freight Portal through your company');
    expect(mail.text).toContain('Continue with single sign-on');
    expect(mail.text).toContain('http://127.0.0.1:3000/login');
    expect(mail.text).not.toContain('/reset-password/');
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'shipper@demo.test'));
    expect(await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user!.id))).toEqual([]);

    // Another account's user with an address of the domain keeps their password, and their link.
    await t.client().post('/forgot-password', { email: 'other@demo.test' });
    expect((await lastMailTo(t, 'other@demo.test')).subject).toBe('Reset your password');
  });

  it('refuses a link sent before passwords were turned off, and spends it', async () => {
    // With passwords off for their own domain, the admin proves who they are through the provider too.
    expect(JSON.stringify((await admin.post('/user/confirm-password', { password: 'Demo#2026' })).json().errors)).toMatch(
      /Sign in again through your identity provider/,
    );
    const throughProvider = await signInThroughProvider('shipper@demo.test');
    const on = async (allowed: boolean) => {
      expect((await throughProvider.put('/api/account/sso/provider', provider({ passwords_allowed: allowed }))).statusCode).toBe(200);
    };
    await on(true);
    await t.client().post('/forgot-password', { email: 'shipper@demo.test' });
    const token = await mailedToken('shipper@demo.test');
    await on(false);

    const body = { token, email: 'shipper@demo.test', password: 'Fresh#2026', password_confirmation: 'Fresh#2026' };
    const refused = await t.client().post('/reset-password', body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ email: [NO_RESET] });
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'shipper@demo.test'));

    // Passwords allowed again, the spent link stays spent; the old password still signs in.
    await on(true);
    const spent = await t.client().post('/reset-password', body);
    expect(spent.json().errors.email[0]).toMatch(/invalid or has expired/);
    expect((await t.client().post('/login', { email: 'shipper@demo.test', password: 'Demo#2026' })).statusCode).toBe(204);
    const tokens = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user!.id));
    expect(tokens.every((row) => row.usedAt !== null)).toBe(true);
  });
});
