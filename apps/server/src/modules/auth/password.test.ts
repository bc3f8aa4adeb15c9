import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { lastMailTo, mailsTo } from '../../test/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEMO = 'Demo#2026';
const SENT = 'If an account exists for that address, we have emailed a password reset link.';
const BAD_TOKEN = 'This password reset link is invalid or has expired. Request a new one.';

/** Asks for a reset link and returns the token and email of the mailed link. */
async function resetLinkFor(email: string) {
  const res = await t.client().post('/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  const mail = await lastMailTo(t, email);
  const url = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  const [, , token] = url.pathname.split('/');
  return { token: decodeURIComponent(token!), email: url.searchParams.get('email')!, path: url.pathname };
}

const reset = (body: object) => t.client().post('/reset-password', body);
/** 204 when the password is taken (staff are then asked for their second factor: 200 two_factor), else the refusal's status. */
async function loginStatus(email: string, password: string) {
  const res = await t.client().post('/login', { email, password });
  return res.statusCode === 200 && res.json().two_factor === true ? 204 : res.statusCode;
}

describe('POST /forgot-password', () => {
  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const known = await t.client().post('/forgot-password', { email: 'Sales@Demo.Test' });
    const unknown = await t.client().post('/forgot-password', { email: 'nobody@demo.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: SENT });
    expect(unknown.json()).toEqual(known.json());

    const mails = await mailsTo(t, 'sales@demo.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your password');
    expect(mails[0]!.text).toMatch(/http:\/\/127\.0\.0\.1:3000\/reset-password\/\S+\?email=sales%40demo\.test/);
    expect(await mailsTo(t, 'nobody@demo.test')).toHaveLength(0);
  });

  it('validates the address', async () => {
    const res = await t.client().post('/forgot-password', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['Invalid email'] });
  });
});

describe('POST /reset-password', () => {
  it('resets once, ends every session of the user, and the new password logs in', async () => {
    const existing = await t.client().login('ops@demo.test');
    const link = await resetLinkFor('ops@demo.test');
    expect(link.path).toMatch(/^\/reset-password\//);

    const res = await reset({ ...link, password: 'Fresh#2026', password_confirmation: 'Fresh#2026' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset. You can log in now.' });

    expect((await existing.get('/api/user')).statusCode).toBe(401);
    expect(await loginStatus('ops@demo.test', DEMO)).toBe(422);
    expect(await loginStatus('ops@demo.test', 'Fresh#2026')).toBe(204);

    const again = await reset({ ...link, password: 'Again#2026', password_confirmation: 'Again#2026' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: BAD_TOKEN, code: 'validation', errors: { email: [BAD_TOKEN] } });
    expect(await loginStatus('ops@demo.test', 'Fresh#2026')).toBe(204);
  });

  it('refuses a token after 60 minutes', async () => {
    const link = await resetLinkFor('sales@demo.test');
    t.clock.advanceMinutes(61);
    const res = await reset({ ...link, password: 'Late#2026', password_confirmation: 'Late#2026' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([BAD_TOKEN]);
    expect(await loginStatus('sales@demo.test', DEMO)).toBe(204);
  });

  it("refuses a token with another user's email, or a made-up token", async () => {
    const link = await resetLinkFor('salesadmin@demo.test');
    const wrong = await reset({
      token: link.token,
      email: 'feature@demo.test',
      password: 'Steal#2026',
      password_confirmation: 'Steal#2026',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.email).toEqual([BAD_TOKEN]);
    const madeUp = await reset({
      token: 'made-up',
      email: 'salesadmin@demo.test',
      password: 'Steal#2026',
      password_confirmation: 'Steal#2026',
    });
    expect(madeUp.statusCode).toBe(422);
    expect(await loginStatus('feature@demo.test', DEMO)).toBe(204);
    // The real owner can still use it.
    expect((await reset({ ...link, password: 'Owner#2026', password_confirmation: 'Owner#2026' })).statusCode).toBe(200);
  });

  it("says 'New passwords must match.' and checks the password rules", async () => {
    const link = await resetLinkFor('accounting@demo.test');
    const mismatch = await reset({ ...link, password: 'Match#2026', password_confirmation: 'Match#2027' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({
      message: 'New passwords must match.',
      code: 'validation',
      errors: { password_confirmation: ['New passwords must match.'] },
    });
    const weak = await reset({ ...link, password: 'weakweak', password_confirmation: 'weakweak' });
    expect(weak.json().errors.password).toEqual([
      'Password must contain a capital letter',
      'Password must contain a number',
      'Password must contain a special character',
    ]);
    // Neither refusal used the token up.
    expect(await loginStatus('accounting@demo.test', DEMO)).toBe(204);
  });
});

describe('PUT /password', () => {
  it('refuses a wrong current password (422 current_password)', async () => {
    const c = await t.client().login('super@demo.test');
    const res = await c.put('/password', { current_password: 'Wrong#2026', password: 'Next#2026', password_confirmation: 'Next#2026' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['The provided password does not match your current password.'] });
  });

  it("says 'New passwords must match.'", async () => {
    const c = await t.client().login('super@demo.test');
    const res = await c.put('/password', { current_password: DEMO, password: 'Next#2026', password_confirmation: 'Next#2027' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password_confirmation: ['New passwords must match.'] });
    expect(await loginStatus('super@demo.test', DEMO)).toBe(204);
  });

  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const current = await t.client().login('admin@demo.test');
    const other = await t.client().login('admin@demo.test');
    const bystander = await t.client().login('super@demo.test');
    const res = await current.put('/password', { current_password: DEMO, password: 'Changed#2026', password_confirmation: 'Changed#2026' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password updated' });

    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await current.get('/api/user')).statusCode).toBe(200);
    expect((await bystander.get('/api/user')).statusCode).toBe(200);
    expect(await loginStatus('admin@demo.test', DEMO)).toBe(422);
    expect(await loginStatus('admin@demo.test', 'Changed#2026')).toBe(204);
  });

  it('answers 401 without a session', async () => {
    const res = await t.client().put('/password', { current_password: DEMO, password: 'Next#2026', password_confirmation: 'Next#2026' });
    expect(res.statusCode).toBe(401);
  });
});

describe('password confirmation', () => {
  it('refuses a wrong password, confirms the right one for 180 minutes', async () => {
    const c = await t.client().login('shipper@demo.test');
    expect((await c.get('/user/confirmed-password-status')).json()).toEqual({ confirmed: false, proofs: ['password'] });

    const wrong = await c.post('/user/confirm-password', { password: 'Wrong#2026' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: ['The provided password is incorrect.'] });
    expect((await c.get('/user/confirmed-password-status')).json()).toEqual({ confirmed: false, proofs: ['password'] });

    const right = await c.post('/user/confirm-password', { password: DEMO });
    expect(right.statusCode).toBe(201);
    expect((await c.get('/user/confirmed-password-status')).json()).toEqual({ confirmed: true, proofs: ['password'] });

    // The confirmation belongs to this session only.
    const elsewhere = await t.client().login('shipper@demo.test');
    expect((await elsewhere.get('/user/confirmed-password-status')).json()).toEqual({ confirmed: false, proofs: ['password'] });

    // Keep the session alive (120 idle minutes) while the confirmation runs out.
    t.clock.advanceMinutes(100);
    expect((await c.get('/api/user')).statusCode).toBe(200);
    t.clock.advanceMinutes(79);
    expect((await c.get('/user/confirmed-password-status')).json()).toEqual({ confirmed: true, proofs: ['password'] });
    t.clock.advanceMinutes(2);
    expect((await c.get('/user/confirmed-password-status')).json()).toEqual({ confirmed: false, proofs: ['password'] });
  });

  it('answers 401 without a session', async () => {
    expect((await t.client().get('/user/confirmed-password-status')).statusCode).toBe(401);
    expect((await t.client().post('/user/confirm-password', { password: DEMO })).statusCode).toBe(401);
  });
});

describe('PUT /profile', () => {
  const profile = { first_name: 'Omar', last_name: 'Other', email: 'other@demo.test', phone: '(214) 555-0199' };

  it('changes name and phone without a password confirmation', async () => {
    const c = await t.client().login('other@demo.test');
    const res = await c.put('/profile', { ...profile, first_name: 'Omari', last_name: 'Otherton', phone: '+1 214 555 0100' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Omari Otherton',
      first_name: 'Omari',
      last_name: 'Otherton',
      phone: '(214) 555-0100',
      email: 'other@demo.test',
    });
    expect(res.json().data.email_verified_at).not.toBeNull();
    expect((await c.get('/api/user')).json().data.phone).toBe('(214) 555-0100');
  });

  it('validates the fields the modal way', async () => {
    const c = await t.client().login('other@demo.test');
    const res = await c.put('/profile', { ...profile, first_name: '', email: 'nope', phone: '12' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ first_name: ['First name required'], email: ['Invalid email'], phone: ['Enter valid number'] });
  });

  it('needs a recent password confirmation for a new email (423), refuses a taken one, re-verifies the new one', async () => {
    const c = await t.client().login('other@demo.test');
    const locked = await c.put('/profile', { ...profile, email: 'omar@new.test' });
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual({ message: 'Please confirm your password to continue.', code: 'password_confirmation_required' });

    expect((await c.post('/user/confirm-password', { password: DEMO })).statusCode).toBe(201);

    const taken = await c.put('/profile', { ...profile, email: 'Shipper@Demo.Test' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['Email already exists'] });

    const res = await c.put('/profile', { ...profile, email: 'Omar@New.Test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'omar@new.test', email_verified_at: null });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'omar@new.test'));
    expect(row?.emailVerifiedAt).toBeNull();
    const mail = await lastMailTo(t, 'omar@new.test');
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.text).toContain('/email/verify/');
    // The old address is told nothing of the change (the mails about this file's new browsers aside).
    expect((await mailsTo(t, 'other@demo.test')).filter((m) => !m.subject.startsWith('New sign-in'))).toHaveLength(0);

    // The new address logs in; the old one does not exist any more.
    expect(await loginStatus('omar@new.test', DEMO)).toBe(204);
    expect(await loginStatus('other@demo.test', DEMO)).toBe(422);
  });
});
