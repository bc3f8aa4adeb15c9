import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema';
import { hashPassword } from '../../security/passwords';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { totpCodeAt } from '../two-factor/totp';
import { usersRepository } from '../users/users.repository';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A staff user as an invitation leaves them: signed in with a password, no second factor yet. */
async function newStaff(email: string) {
  await usersRepository(t.database.db).create({
    firstName: 'Nell',
    lastName: 'New',
    email,
    phone: '(800) 555-0101',
    passwordHash: await hashPassword('Demo#2026'),
    roles: ['fpg_ops'],
    emailVerifiedAt: t.clock.now,
  });
  return t.client().login(email);
}

/** Enrols an authenticator app through the settings endpoints, as the Security page does. */
async function enrolApp(client: TestClient) {
  await client.confirmPassword();
  const started = await client.post('/user/two-factor-authentication');
  expect(started.statusCode).toBe(200);
  const code = totpCodeAt(started.json().data.secret_key, t.clock.now);
  expect((await client.post('/user/confirmed-two-factor-authentication', { code })).statusCode).toBe(200);
}

describe('staff must enrol a second factor', () => {
  it('refuses every admin endpoint to staff without one, in their language, and leads them to enrolment', async () => {
    const nell = await newStaff('nell@staff.test');
    const me = (await nell.get('/api/user')).json().data;
    expect(me).toMatchObject({ email: 'nell@staff.test', two_factor_enrolment_required: true });
    for (const url of ['/api/admin/dashboard', '/api/admin/shipments', '/api/admin/support/conversations']) {
      const res = await nell.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ code: 'two_factor_enrolment_required', message: 'Set up two-factor authentication to continue.' });
    }
    // What enrolment needs stays open: the language, the settings of the factor, the password confirmation.
    expect((await nell.put('/api/settings', { language: 'es' })).statusCode).toBe(200);
    expect((await nell.get('/api/admin/dashboard')).json().message).toBe('Configure la autenticación de dos factores para continuar.');
    expect((await nell.put('/api/settings', { language: 'en' })).statusCode).toBe(200);
    expect((await nell.get('/user/two-factor-authentication')).statusCode).toBe(200);

    await enrolApp(nell);
    expect((await nell.get('/api/user')).json().data.two_factor_enrolment_required).toBe(false);
    expect((await nell.get('/api/admin/dashboard')).statusCode).toBe(200);
  });

  it('lets the demo staff (enrolled) and staff enrolled by a test work; customers are not asked', async () => {
    const ops = await t.client().login('ops@demo.test');
    expect((await ops.get('/api/user')).json().data.two_factor_enrolment_required).toBe(false);
    expect((await ops.get('/api/admin/dashboard')).statusCode).toBe(200);

    await newStaff('otis@staff.test');
    await t.enrolTwoFactor('otis@staff.test');
    expect((await (await t.client().login('otis@staff.test')).get('/api/admin/dashboard')).statusCode).toBe(200);

    const shipper = await t.client().login('shipper@demo.test');
    expect((await shipper.get('/api/user')).json().data.two_factor_enrolment_required).toBe(false);
    expect((await shipper.get('/api/addresses')).statusCode).toBe(200);
  });

  it('answers a guest 401 and a customer at an admin endpoint 403 as before', async () => {
    expect((await t.client().get('/api/admin/dashboard')).statusCode).toBe(401);
    const shipper = await t.client().login('shipper@demo.test');
    expect((await shipper.get('/api/admin/dashboard')).json()).toMatchObject({ code: 'forbidden' });
  });
});

describe("an account's rule", () => {
  it('holds its users without a second factor at enrolment too', async () => {
    const [shipper] = await t.database.db.select().from(users).where(eq(users.email, 'other@demo.test'));
    await t.database.db.update(accounts).set({ requireTwoFactor: true }).where(eq(accounts.id, shipper!.accountId!));
    try {
      const other = await t.client().login('other@demo.test');
      expect((await other.get('/api/user')).json().data.two_factor_enrolment_required).toBe(true);
      expect((await other.get('/api/addresses')).json()).toMatchObject({ code: 'two_factor_enrolment_required' });
      await enrolApp(other);
      expect((await other.get('/api/addresses')).statusCode).toBe(200);
    } finally {
      await t.database.db.update(accounts).set({ requireTwoFactor: false }).where(eq(accounts.id, shipper!.accountId!));
    }
  });
});
