import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdentityProviders, accountSsoDomains, auditLog, users } from '../../db/schema';
import { DEMO_STAFF_TOTP_SECRET } from '../../db/seed-two-factor';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { passkeySteps } from '../passkeys/passkeys.test-support';
import { SoftAuthenticator } from '../passkeys/soft-authenticator';
import { twoFactorSteps } from '../two-factor/two-factor.test-support';

/**
 * Confirming who one is before a sensitive change (POST /user/confirm-password) through the HTTP
 * API: the password for a user without a second factor, as before; the factor for a user with one
 * (a code of the app, a recovery code that is then spent, a passkey's answer), the password then
 * refused; the throttle shared with the sign-in's second step; single sign-on users whose company
 * turned passwords off.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEMO = 'Demo#2026';
const NEEDS_FACTOR =
  "Your account has a second factor: confirm it's you with it (a code from your authenticator app or a passkey), not with your password.";
const THROUGH_SSO =
  'Your organization signs in with single sign-on, so there is no password to confirm. Sign in again through your identity provider, then try again.';
const INVALID_CODE = 'The provided two factor authentication code was invalid.';
const INVALID_RECOVERY_CODE = 'The provided two factor recovery code was invalid.';
const PASSKEY_FAILED = 'This passkey could not be verified. Please try again.';

const { codeNow, nextStep, enrol, colleague } = twoFactorSteps(() => t);
const passkeys = passkeySteps(() => t);

const status = async (c: TestClient) => (await c.get('/user/confirmed-password-status')).json();
const confirm = (c: TestClient, body: object) => c.post('/user/confirm-password', body);
const errorsOf = (res: { json(): { errors?: Record<string, string[]> } }) => res.json().errors;
const userId = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('a user without a second factor', () => {
  it('confirms with the password, as before; a code is no proof of theirs', async () => {
    await colleague('plain.stepup@demo-shipper.test', 'Paul', 'Plain');
    const c = await t.client().login('plain.stepup@demo-shipper.test');
    expect(await status(c)).toEqual({ confirmed: false, proofs: ['password'] });
    expect(errorsOf(await confirm(c, {}))).toEqual({ password: ['Field is required'] });
    expect(errorsOf(await confirm(c, { code: '123456' }))).toEqual({ password: ['Field is required'] });
    expect(errorsOf(await confirm(c, { password: 'Wrong#2026' }))).toEqual({ password: ['The provided password is incorrect.'] });
    expect((await confirm(c, { password: DEMO })).statusCode).toBe(201);
    expect(await status(c)).toEqual({ confirmed: true, proofs: ['password'] });
  });
});

describe('a user with an authenticator app', () => {
  const email = 'app.stepup@demo-shipper.test';
  let secret: string;
  let recoveryCodes: string[];
  /** A new sign-in (password and code): nothing confirmed yet. */
  const signIn = () => t.client().login(email, DEMO, false, secret);
  /** The app's code after every code used so far (a sign-in may have used the next step's). */
  const unusedCode = () => {
    t.clock.advanceMinutes(1);
    return codeNow(secret);
  };

  beforeAll(async () => {
    await colleague(email, 'Ada', 'App');
    ({ secret, recoveryCodes } = await enrol(email));
  });

  it('is refused the password, right or wrong, with words saying the second factor is asked', async () => {
    const c = await signIn();
    expect(await status(c)).toEqual({ confirmed: false, proofs: ['totp', 'recovery_code'] });
    for (const password of [DEMO, 'Wrong#2026']) {
      const res = await confirm(c, { password });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ password: [NEEDS_FACTOR] });
    }
    expect(errorsOf(await confirm(c, {}))).toEqual({ code: ['Field is required'] });
    expect((await status(c)).confirmed).toBe(false);
    expect((await c.post('/user/two-factor-recovery-codes')).statusCode).toBe(423);
  });

  it('confirms with a current code, which works once', async () => {
    const c = await signIn();
    const code = unusedCode();
    expect(errorsOf(await confirm(c, { code: '12345' }))).toEqual({ code: [INVALID_CODE] });
    const res = await confirm(c, { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(res.statusCode, res.body).toBe(201);
    expect(await status(c)).toEqual({ confirmed: true, proofs: ['totp', 'recovery_code'] });
    expect((await c.post('/user/two-factor-recovery-codes')).statusCode).toBe(200);

    const elsewhere = await signIn();
    expect(errorsOf(await confirm(elsewhere, { code }))).toEqual({ code: [INVALID_CODE] });
  });

  it('confirms with a recovery code, typed in the code field or its own, and spends it (audited)', async () => {
    // The previous test made new codes: these are the ones now held.
    const fresh = (await (await signIn()).confirmPassword(undefined, { email, totpSecret: secret })).post(
      '/user/two-factor-recovery-codes',
    );
    recoveryCodes = (await fresh).json().data.recovery_codes;
    const before = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, await userId(email)), eq(auditLog.action, 'user.recovery_code_used')));

    const c = await signIn();
    expect((await confirm(c, { code: recoveryCodes[0]!.toUpperCase() })).statusCode).toBe(201);
    expect((await c.get('/user/two-factor-authentication')).json().data.recovery_codes_remaining).toBe(9);

    const other = await signIn();
    expect(errorsOf(await confirm(other, { recovery_code: recoveryCodes[0]! }))).toEqual({ recovery_code: [INVALID_RECOVERY_CODE] });
    expect(errorsOf(await confirm(other, { code: recoveryCodes[0]! }))).toEqual({ code: [INVALID_RECOVERY_CODE] });
    expect((await confirm(other, { recovery_code: recoveryCodes[1]! })).statusCode).toBe(201);
    expect((await other.get('/user/two-factor-authentication')).json().data.recovery_codes_remaining).toBe(8);

    const after = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, await userId(email)), eq(auditLog.action, 'user.recovery_code_used')));
    expect(after.length - before.length).toBe(2);
  });

  it('counts failures with the sign-in’s second step: the sixth try in a minute is refused, even right', async () => {
    t.clock.advanceMinutes(1);
    const c = await signIn();
    const right = unusedCode();
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await confirm(c, { code: wrong })).statusCode).toBe(422);
    // The fifth failure is the sign-in's own: one count for both.
    const step = t.client();
    expect((await step.post('/login', { email, password: DEMO })).json()).toMatchObject({ two_factor: true });
    expect((await step.post('/two-factor-challenge', { code: wrong })).statusCode).toBe(422);
    const refused = await confirm(c, { code: right });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect((await status(c)).confirmed).toBe(false);
    expect((await confirm(c, { code: unusedCode() })).statusCode).toBe(201);
  });

  it('is offered no passkey: asking for its challenge is a 409', async () => {
    const c = await signIn();
    const res = await c.post('/user/confirm-password/passkey-options');
    expect(res.statusCode).toBe(409);
  });
});

describe('a user with a passkey', () => {
  it('confirms with a passkey of theirs through the options and the answer, once per challenge', async () => {
    const { client: settings } = await passkeys.shipper();
    const device = new SoftAuthenticator();
    const { credentialId } = await passkeys.enrol(settings, device);
    // Signed in with the passkey alone: nothing confirmed. The recovery codes of the first passkey are a proof too.
    const { client: c, options: login } = await passkeys.loginOptions();
    expect((await c.post('/passkey-login', { credential: device.get(login) })).statusCode).toBe(204);
    expect(await status(c)).toEqual({ confirmed: false, proofs: ['recovery_code', 'passkey'] });
    expect(errorsOf(await confirm(c, { password: DEMO }))).toEqual({ password: [NEEDS_FACTOR] });
    expect(errorsOf(await confirm(c, { code: '123456' }))).toEqual({ code: [INVALID_CODE] });
    expect(errorsOf(await confirm(c, {}))).toEqual({ credential: ['Field is required'] });

    const options = await c.post('/user/confirm-password/passkey-options');
    expect(options.statusCode).toBe(200);
    expect(options.json().data.allowCredentials.map((a: { id: string }) => a.id)).toEqual([credentialId]);
    // A sign-in's challenge is no confirmation's, and a passkey the user does not hold is refused.
    const signInChallenge = (await c.post('/passkey-login/options')).json().data;
    expect(errorsOf(await confirm(c, { credential: device.get(signInChallenge) }))).toEqual({ credential: [PASSKEY_FAILED] });
    const stranger = new SoftAuthenticator();
    const { client: strangerSettings } = await passkeys.shipper();
    await passkeys.enrol(strangerSettings, stranger);
    const again = (await c.post('/user/confirm-password/passkey-options')).json().data;
    expect(errorsOf(await confirm(c, { credential: stranger.get({ challenge: again.challenge }) }))).toEqual({
      credential: [PASSKEY_FAILED],
    });
    expect((await status(c)).confirmed).toBe(false);

    const good = (await c.post('/user/confirm-password/passkey-options')).json().data;
    const answer = device.get(good);
    expect((await confirm(c, { credential: answer })).statusCode).toBe(201);
    expect(await status(c)).toEqual({ confirmed: true, proofs: ['recovery_code', 'passkey'] });
    // Spent: the same answer confirms nothing again.
    expect(errorsOf(await confirm(c, { credential: answer }))).toEqual({ credential: [PASSKEY_FAILED] });
  });
});

describe('a single sign-on user whose company turned passwords off', () => {
  let serial = 0;
  /** A new company whose admin signed up (and is still signed in), then connected a provider that allows no passwords for its domain. */
  async function ssoOnlyCompany() {
    const domain = `sso-only-${++serial}-${Date.now()}.test`;
    const email = `pat@${domain}`;
    const c = t.client();
    const res = await c.post('/register', {
      company_name: 'Provider Only Freight',
      primary_contact: { first_name: 'Pat', last_name: 'Provider', email, phone: '(512) 555-0101' },
      company_address: { street1: '100 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
      accounting_same_as_company: true,
      password: DEMO,
      password_confirmation: DEMO,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [user] = await t.database.db
      .update(users)
      .set({ emailVerifiedAt: t.clock.now })
      .where(eq(users.email, email))
      .returning({ accountId: users.accountId });
    const accountId = user!.accountId!;
    await t.database.db.insert(accountIdentityProviders).values({
      accountId,
      issuer: 'https://login.provider-only.test',
      clientId: 'freight-portal',
      defaultRole: 'shipper',
      passwordsAllowed: false,
      updatedAt: t.clock.now,
    });
    await t.database.db
      .insert(accountSsoDomains)
      .values({ accountId, domain, verificationToken: 'token', verifiedAt: t.clock.now, createdAt: t.clock.now });
    return { c, email };
  }

  it('has no password to confirm, and is told to sign in again through the provider', async () => {
    const { c } = await ssoOnlyCompany();
    expect(await status(c)).toEqual({ confirmed: false, proofs: [] });
    for (const body of [{ password: DEMO }, {}]) {
      const res = await confirm(c, body);
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ password: [THROUGH_SSO] });
    }
    expect((await status(c)).confirmed).toBe(false);
  });

  it('confirms with a second factor when they have one', async () => {
    const { c, email } = await ssoOnlyCompany();
    await t.enrolTwoFactor(email);
    expect(await status(c)).toEqual({ confirmed: false, proofs: ['totp'] });
    expect(errorsOf(await confirm(c, { password: DEMO }))).toEqual({ password: [NEEDS_FACTOR] });
    nextStep();
    expect((await confirm(c, { code: codeNow(DEMO_STAFF_TOTP_SECRET) })).statusCode).toBe(201);
  });
});
