import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { accounts } from '../../db/schema';
import { hashPassword } from '../../security/passwords';
import type { TestApp } from '../../test/harness';
import { usersRepository } from '../users/users.repository';
import { totpCodeAt } from './totp';

/**
 * What the second factor's API tests share: codes computed from the test clock (the app's
 * clock), an enrolment through the settings endpoints, the password step of a sign-in, and
 * customers of the test's own (the demo staff come enrolled, so a test that enrols makes a user).
 * `app` answers the test file's app, made in its beforeAll.
 */
export function twoFactorSteps(app: () => TestApp) {
  const codeNow = (secret: string) => totpCodeAt(secret, app().clock.now);
  return {
    codeNow,

    /** Half a minute on: the next 30-second step, whose code was never used. */
    nextStep: () => app().clock.advanceMinutes(0.5),

    /** A colleague of the demo shipper at Demo Shipper Co, password Demo#2026, no second factor. */
    async colleague(email: string, firstName: string, lastName: string) {
      const db = app().database.db;
      const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
      if (!account) throw new Error('the demo has no Demo Shipper Co');
      await usersRepository(db).create({
        accountId: account.id,
        firstName,
        lastName,
        email,
        phone: '(312) 555-0100',
        passwordHash: await hashPassword('Demo#2026'),
        emailVerifiedAt: app().clock.now,
      });
    },

    /** Signs `email` in (password alone), confirms the password, enrols an authenticator: its secret and recovery codes. */
    async enrol(email: string) {
      const client = await (await app().client().login(email)).confirmPassword();
      const started = await client.post('/user/two-factor-authentication');
      expect(started.statusCode).toBe(200);
      const secret = started.json().data.secret_key as string;
      const confirmed = await client.post('/user/confirmed-two-factor-authentication', { code: codeNow(secret) });
      expect(confirmed.statusCode).toBe(200);
      return { client, secret, recoveryCodes: confirmed.json().data.recovery_codes as string[] };
    },

    /** The password step of a user with a second factor, in `client` (a new browser by default): its sign-in waits for the code. */
    async passwordStep(email: string, remember = false, client = app().client()) {
      const res = await client.post('/login', { email, password: 'Demo#2026', remember });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ two_factor: true });
      return client;
    },
  };
}
