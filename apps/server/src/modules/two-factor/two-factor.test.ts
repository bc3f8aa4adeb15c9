import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userAuthenticators, userRecoveryCodes, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { totpCodeAt } from './totp';
import { TWO_FACTOR_CHALLENGE_MINUTES } from './two-factor.service';
import { twoFactorSteps } from './two-factor.test-support';

/**
 * Authenticator apps and recovery codes through the HTTP API: enrolment, the sign-in's second
 * step, throttling, recovery, turning it off. Each scenario uses a customer of its own (the demo
 * staff come enrolled). Codes are computed from the test clock, which the app's clock is.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await colleague('rita@demo-shipper.test', 'Rita', 'Recovery');
  await colleague('tom@demo-shipper.test', 'Tom', 'Turnoff');
});
afterAll(() => t.close());

const INVALID_CODE = 'The provided two factor authentication code was invalid.';
const INVALID_RECOVERY_CODE = 'The provided two factor recovery code was invalid.';
const EXPIRED = 'This sign-in has expired. Please log in again.';

const { codeNow, nextStep, enrol, passwordStep, colleague } = twoFactorSteps(() => t);
const userId = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

const auditOf = async (email: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, await userId(email)), eq(auditLog.action, action)));

describe('enrolment', () => {
  let c: TestClient;
  let secret: string;

  it('starts only with the password confirmed recently, and shows the secret and the otpauth:// URI', async () => {
    c = await t.client().login('shipper@demo.test');
    expect((await c.get('/user/two-factor-authentication')).json().data).toEqual({
      enabled: false,
      confirmed_at: null,
      recovery_codes_remaining: 0,
    });
    const refused = await c.post('/user/two-factor-authentication');
    expect(refused.statusCode).toBe(423);
    expect(refused.json().code).toBe('password_confirmation_required');

    await c.confirmPassword();
    const res = await c.post('/user/two-factor-authentication');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    secret = res.json().data.secret_key;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(res.json().data.otpauth_url);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(uri.pathname)).toBe('/Freight Portal:shipper@demo.test');
  });

  it('keeps the secret sealed in the database', async () => {
    const [row] = await t.database.db
      .select()
      .from(userAuthenticators)
      .where(eq(userAuthenticators.userId, await userId('shipper@demo.test')));
    expect(row?.secretSealed).toMatch(/^v1\./);
    expect(row?.secretSealed).not.toContain(secret);
    expect(row?.confirmedAt).toBeNull();
  });

  it('asks for no code at sign-in before the enrolment is confirmed', async () => {
    expect((await t.client().post('/login', { email: 'shipper@demo.test', password: 'Demo#2026' })).statusCode).toBe(204);
  });

  it('answers a wrong or malformed code with 422 on the code, and turns nothing on', async () => {
    const right = codeNow(secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [wrong, 'abcdef', '12345']) {
      const res = await c.post('/user/confirmed-two-factor-authentication', { code });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation', errors: { code: [INVALID_CODE] } });
    }
    const empty = await c.post('/user/confirmed-two-factor-authentication', {});
    expect(empty.json().errors.code).toEqual(['Field is required']);
    expect((await c.get('/user/two-factor-authentication')).json().data.enabled).toBe(false);
  });

  it('turns the factor on with a right code (typed with a space) and shows ten recovery codes once', async () => {
    const code = codeNow(secret);
    const res = await c.post('/user/confirmed-two-factor-authentication', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const codes = res.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const status = (await c.get('/user/two-factor-authentication')).json().data;
    expect(status).toEqual({ enabled: true, confirmed_at: t.clock.now.toISOString(), recovery_codes_remaining: 10 });
    // Stored as keyed hashes only.
    const stored = await t.database.db
      .select()
      .from(userRecoveryCodes)
      .where(eq(userRecoveryCodes.userId, await userId('shipper@demo.test')));
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const plain of codes) expect(row.codeHash).not.toContain(plain.replace('-', ''));
    const [entry] = await auditOf('shipper@demo.test', 'user.two_factor_enabled');
    expect(entry).toMatchObject({ entityType: 'user', targetLabel: 'Dana Shipper <shipper@demo.test>', actorEmail: 'shipper@demo.test' });
    expect(entry?.accountId).not.toBeNull();
  });

  it('refuses a second confirmation or a new enrolment while the factor is on (409)', async () => {
    const again = await c.post('/user/confirmed-two-factor-authentication', { code: codeNow(secret) });
    expect(again.statusCode).toBe(409);
    const restart = await c.post('/user/two-factor-authentication');
    expect(restart.statusCode).toBe(409);
    expect(restart.json()).toMatchObject({ code: 'conflict', message: expect.stringContaining('already on') });
  });

  it('never accepts the confirming code again, at sign-in', async () => {
    const code = codeNow(secret);
    const browser = await passwordStep('shipper@demo.test');
    const res = await browser.post('/two-factor-challenge', { code });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: [INVALID_CODE] });
  });

  it('is the caller’s own: another user’s sign-in and settings are untouched', async () => {
    expect((await t.client().post('/login', { email: 'other@demo.test', password: 'Demo#2026' })).statusCode).toBe(204);
    const other = await t.client().login('other@demo.test');
    expect((await other.get('/user/two-factor-authentication')).json().data.enabled).toBe(false);
  });

  it('answers a guest 401 on every settings endpoint', async () => {
    const guest = t.client();
    expect((await guest.get('/user/two-factor-authentication')).statusCode).toBe(401);
    expect((await guest.post('/user/two-factor-authentication')).statusCode).toBe(401);
    expect((await guest.post('/user/confirmed-two-factor-authentication', { code: '123456' })).statusCode).toBe(401);
    expect((await guest.post('/user/two-factor-recovery-codes')).statusCode).toBe(401);
    expect((await guest.request({ method: 'DELETE', url: '/user/two-factor-authentication' })).statusCode).toBe(401);
  });
});

describe('sign-in with an authenticator app', () => {
  let secret: string;
  beforeAll(async () => {
    ({ secret } = await enrol('other@demo.test'));
    nextStep();
  });

  it('answers the right password with { two_factor: true }, a new guest session and no sign-in', async () => {
    const c = t.client();
    await c.get('/sanctum/csrf-cookie');
    const before = c.cookies.get('freight_portal_session');
    const res = await c.post('/login', { email: 'other@demo.test', password: 'Demo#2026' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ two_factor: true, remember_device: true, methods: ['totp', 'recovery_code'] });
    expect(c.cookies.get('freight_portal_session')).not.toBe(before);
    expect((await c.get('/api/user')).statusCode).toBe(401);
  });

  it('still answers a wrong password as before', async () => {
    const res = await t.client().post('/login', { email: 'other@demo.test', password: 'Wrong#2026' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['These credentials do not match our records.']);
  });

  it('completes the sign-in with the right code: a new session, the user, the login time', async () => {
    const c = await passwordStep('other@demo.test');
    const pending = c.cookies.get('freight_portal_session');
    const wrong = await c.post('/two-factor-challenge', { code: '000000' === codeNow(secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: INVALID_CODE, code: 'validation', errors: { code: [INVALID_CODE] } });

    const res = await c.post('/two-factor-challenge', { code: codeNow(secret) });
    expect(res.statusCode).toBe(204);
    expect(c.cookies.get('freight_portal_session')).not.toBe(pending);
    const me = await c.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('other@demo.test');
    const [row] = await t.database.db.select({ at: users.lastLoginAt }).from(users).where(eq(users.email, 'other@demo.test'));
    expect(row?.at?.getTime()).toBe(t.clock.now.getTime());
    // The pending session is gone: its cookie signs nobody in.
    const old = t.client();
    old.cookies.set('freight_portal_session', pending!);
    expect((await old.get('/api/user')).statusCode).toBe(401);
  });

  it('never takes a code twice: the same code on the next sign-in is refused, the next step’s works', async () => {
    const used = codeNow(secret);
    const c = await passwordStep('other@demo.test');
    expect((await c.post('/two-factor-challenge', { code: used })).statusCode).toBe(422);
    nextStep();
    expect((await c.post('/two-factor-challenge', { code: codeNow(secret) })).statusCode).toBe(204);
  });

  it('takes a code one step old or one step ahead (a phone’s clock a little off), not two', async () => {
    nextStep();
    nextStep();
    const c = await passwordStep('other@demo.test');
    const twoAhead = totpCodeAt(secret, new Date(t.clock.now.getTime() + 60_000));
    expect((await c.post('/two-factor-challenge', { code: twoAhead })).statusCode).toBe(422);
    const oneBehind = totpCodeAt(secret, new Date(t.clock.now.getTime() - 30_000));
    expect((await c.post('/two-factor-challenge', { code: oneBehind })).statusCode).toBe(204);
    nextStep();
    const d = await passwordStep('other@demo.test');
    const oneAhead = totpCodeAt(secret, new Date(t.clock.now.getTime() + 30_000));
    expect((await d.post('/two-factor-challenge', { code: oneAhead })).statusCode).toBe(204);
  });

  it('lets one of two sign-ins sent at once with the same code through', async () => {
    nextStep();
    nextStep();
    const [a, b] = [await passwordStep('other@demo.test'), await passwordStep('other@demo.test')];
    const code = codeNow(secret);
    const answers = await Promise.all([a, b].map((c) => c.post('/two-factor-challenge', { code })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 422]);
  });

  it('keeps "remember me" across the second step', async () => {
    nextStep();
    nextStep();
    const c = await passwordStep('other@demo.test', true);
    const res = await c.post('/two-factor-challenge', { code: codeNow(secret) });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((k) => k.name === 'freight_portal_session')?.maxAge).toBe(30 * 24 * 3600);
  });

  it(`lets a password step wait ${TWO_FACTOR_CHALLENGE_MINUTES} minutes, no longer`, async () => {
    nextStep();
    const c = await passwordStep('other@demo.test');
    t.clock.advanceMinutes(TWO_FACTOR_CHALLENGE_MINUTES + 0.5);
    const res = await c.post('/two-factor-challenge', { code: codeNow(secret) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: [EXPIRED] });
    expect((await c.get('/api/user')).statusCode).toBe(401);
  });

  it('answers a challenge without a password step as expired, on the field sent', async () => {
    const guest = t.client();
    expect((await guest.post('/two-factor-challenge', { code: '123456' })).json().errors).toEqual({ code: [EXPIRED] });
    expect((await guest.post('/two-factor-challenge', { recovery_code: 'abcde-fghjk' })).json().errors).toEqual({
      recovery_code: [EXPIRED],
    });
    const empty = await guest.post('/two-factor-challenge', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ code: ['Field is required'] });
  });

  it('answers in Spanish for a Spanish browser', async () => {
    nextStep();
    const c = await passwordStep('other@demo.test');
    c.acceptLanguage = 'es-MX';
    const res = await c.post('/two-factor-challenge', { code: 'nope' });
    expect(res.json().errors.code).toEqual(['El código de autenticación de dos factores indicado no es válido.']);
  });

  it('ends a waiting sign-in when the password changes elsewhere', async () => {
    nextStep();
    const waiting = await passwordStep('other@demo.test');
    nextStep();
    const elsewhere = await passwordStep('other@demo.test');
    expect((await elsewhere.post('/two-factor-challenge', { code: codeNow(secret) })).statusCode).toBe(204);
    const changed = await elsewhere.put('/password', {
      current_password: 'Demo#2026',
      password: 'Demo#2026',
      password_confirmation: 'Demo#2026',
    });
    expect(changed.statusCode).toBe(200);
    nextStep();
    // The waiting session is gone (419: its CSRF token went with it); nothing signs it in.
    expect((await waiting.post('/two-factor-challenge', { code: codeNow(secret) })).statusCode).toBe(419);
    expect((await waiting.get('/api/user')).statusCode).toBe(401);
  });
});

describe('throttling the second step', () => {
  let secret: string;
  beforeAll(async () => {
    ({ secret } = await enrol('prepaid@demo.test'));
    nextStep();
  });

  it('refuses the sixth try in a minute even with the right code, whatever the password step, then lets it through', async () => {
    const c = await passwordStep('prepaid@demo.test');
    for (let i = 0; i < 5; i++) expect((await c.post('/two-factor-challenge', { code: 'abcdef' })).statusCode).toBe(422);
    const blocked = await c.post('/two-factor-challenge', { code: codeNow(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many login attempts\. Please try again in \d+ seconds\./);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Entering the password again (from another address too) buys no more guesses.
    const again = await passwordStep('prepaid@demo.test');
    expect((await again.post('/two-factor-challenge', { recovery_code: 'aaaaa-aaaaa' })).statusCode).toBe(429);
    t.clock.advanceMinutes(1.1);
    expect((await again.post('/two-factor-challenge', { code: codeNow(secret) })).statusCode).toBe(204);
  });

  it('starts counting afresh after a success', async () => {
    nextStep();
    const c = await passwordStep('prepaid@demo.test');
    for (let i = 0; i < 5; i++) expect((await c.post('/two-factor-challenge', { code: '000000' })).statusCode).toBe(422);
    t.clock.advanceMinutes(1.1);
    expect((await c.post('/two-factor-challenge', { code: codeNow(secret) })).statusCode).toBe(204);
    nextStep();
    const d = await passwordStep('prepaid@demo.test');
    for (let i = 0; i < 5; i++) expect((await d.post('/two-factor-challenge', { code: '000000' })).statusCode).toBe(422);
  });
});

describe('recovery codes', () => {
  let secret: string;
  let codes: string[];
  let settings: TestClient;
  beforeAll(async () => {
    ({ secret, recoveryCodes: codes, client: settings } = await enrol('rita@demo-shipper.test'));
  });

  it('signs in once with each code, in any case, and audits the use naming the user', async () => {
    const c = await passwordStep('rita@demo-shipper.test');
    const res = await c.post('/two-factor-challenge', { recovery_code: codes[0]!.toUpperCase() });
    expect(res.statusCode).toBe(204);
    expect((await c.get('/api/user')).json().data.email).toBe('rita@demo-shipper.test');
    const [entry] = await auditOf('rita@demo-shipper.test', 'user.recovery_code_used');
    expect(entry).toMatchObject({
      targetLabel: 'Rita Recovery <rita@demo-shipper.test>',
      actorEmail: 'rita@demo-shipper.test',
      after: { recovery_codes_remaining: 9 },
    });

    const d = await passwordStep('rita@demo-shipper.test');
    const reused = await d.post('/two-factor-challenge', { recovery_code: codes[0] });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ recovery_code: [INVALID_RECOVERY_CODE] });
    expect((await d.post('/two-factor-challenge', { recovery_code: 'zzzzz-zzzzz' })).json().errors).toEqual({
      recovery_code: [INVALID_RECOVERY_CODE],
    });
    expect((await d.post('/two-factor-challenge', { recovery_code: codes[1] })).statusCode).toBe(204);
    expect((await d.get('/user/two-factor-authentication')).json().data.recovery_codes_remaining).toBe(8);
  });

  it('lets one of two sign-ins sent at once with the same recovery code through', async () => {
    const [a, b] = [await passwordStep('rita@demo-shipper.test'), await passwordStep('rita@demo-shipper.test')];
    const answers = await Promise.all([a, b].map((c) => c.post('/two-factor-challenge', { recovery_code: codes[5] })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 422]);
    expect((await settings.get('/user/two-factor-authentication')).json().data.recovery_codes_remaining).toBe(7);
  });

  it('makes ten new codes with the password confirmed; the old ones stop working', async () => {
    const res = await settings.post('/user/two-factor-recovery-codes');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh = res.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
    expect((await settings.get('/user/two-factor-authentication')).json().data.recovery_codes_remaining).toBe(10);
    expect(await auditOf('rita@demo-shipper.test', 'user.recovery_codes_regenerated')).toHaveLength(1);

    const c = await passwordStep('rita@demo-shipper.test');
    expect((await c.post('/two-factor-challenge', { recovery_code: codes[2] })).statusCode).toBe(422);
    expect((await c.post('/two-factor-challenge', { recovery_code: fresh[0] })).statusCode).toBe(204);
  });

  it('needs the password confirmed to make new codes, and a factor that is on', async () => {
    const c = await passwordStep('rita@demo-shipper.test');
    nextStep();
    expect((await c.post('/two-factor-challenge', { code: codeNow(secret) })).statusCode).toBe(204);
    const refused = await c.post('/user/two-factor-recovery-codes');
    expect(refused.statusCode).toBe(423);
    const noFactor = await (await t.client().login('feature@demo.test')).confirmPassword();
    const none = await noFactor.post('/user/two-factor-recovery-codes');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Two factor authentication is not on.');
  });
});

describe('turning the factor off', () => {
  it('needs the password confirmed, then signs in with the password alone, audited', async () => {
    const { client: settings, secret } = await enrol('tom@demo-shipper.test');
    nextStep();
    const c = await passwordStep('tom@demo-shipper.test');
    expect((await c.post('/two-factor-challenge', { code: codeNow(secret) })).statusCode).toBe(204);
    const refused = await c.request({ method: 'DELETE', url: '/user/two-factor-authentication' });
    expect(refused.statusCode).toBe(423);

    const res = await settings.request({ method: 'DELETE', url: '/user/two-factor-authentication' });
    expect(res.statusCode).toBe(204);
    expect((await settings.get('/user/two-factor-authentication')).json().data).toEqual({
      enabled: false,
      confirmed_at: null,
      recovery_codes_remaining: 0,
    });
    const id = await userId('tom@demo-shipper.test');
    expect(await t.database.db.select().from(userAuthenticators).where(eq(userAuthenticators.userId, id))).toEqual([]);
    expect(await t.database.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, id))).toEqual([]);
    expect(await auditOf('tom@demo-shipper.test', 'user.two_factor_disabled')).toHaveLength(1);
    expect((await t.client().post('/login', { email: 'tom@demo-shipper.test', password: 'Demo#2026' })).statusCode).toBe(204);
    // Off twice is still off, and audited once.
    expect((await settings.request({ method: 'DELETE', url: '/user/two-factor-authentication' })).statusCode).toBe(204);
    expect(await auditOf('tom@demo-shipper.test', 'user.two_factor_disabled')).toHaveLength(1);
  });

  it('drops an enrolment never confirmed without an audit entry', async () => {
    const c = await (await t.client().login('feature@demo.test')).confirmPassword();
    expect((await c.post('/user/two-factor-authentication')).statusCode).toBe(200);
    expect((await c.request({ method: 'DELETE', url: '/user/two-factor-authentication' })).statusCode).toBe(204);
    expect(await auditOf('feature@demo.test', 'user.two_factor_disabled')).toEqual([]);
    const id = await userId('feature@demo.test');
    expect(await t.database.db.select().from(userAuthenticators).where(eq(userAuthenticators.userId, id))).toEqual([]);
  });
});
