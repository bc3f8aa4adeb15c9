import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../db/schema';
import type { TestApp, TestClient } from '../../test/harness';
import type { SoftAuthenticator } from './soft-authenticator';

export const PASSWORD = 'Demo#2026';
export const FAILED = 'This passkey could not be verified. Please try again.';
export const EXPIRED = 'This passkey request has expired. Please try again.';
export const fieldError = (res: { json(): { errors?: Record<string, string[]> } }) => res.json().errors?.credential?.[0];

let serial = 0;

/**
 * What the passkeys' API tests share: a new shipper of the test's own, a passkey added through
 * the settings endpoints, a new browser's challenge for a passkey alone, and who a browser is
 * signed in as. `app` answers the test file's app, made in its beforeAll.
 */
export function passkeySteps(app: () => TestApp) {
  return {
    /** Signs a new shipper up, verified and with the password confirmed: a browser of theirs, their email and id. */
    async shipper() {
      const email = `passkey.${++serial}.${Date.now()}@example.test`;
      const client = app().client();
      const res = await client.post('/register', {
        company_name: 'Passkey Freight',
        primary_contact: { first_name: 'Pat', last_name: `Key ${serial}`, email, phone: '(512) 555-0101' },
        company_address: { street1: '100 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
        accounting_same_as_company: true,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.id as string;
      await app().database.db.update(users).set({ emailVerifiedAt: app().clock.now }).where(eq(users.id, id));
      await client.confirmPassword(PASSWORD);
      return { client, email, id };
    },

    /**
     * Adds a passkey to the signed-in user of `client` through `device`; answers the passkey as the
     * answer gives it (the first factor's recovery codes with it) and its credential id.
     */
    async enrol(client: TestClient, device: SoftAuthenticator, name = 'Work laptop') {
      const options = await client.post('/user/passkeys/options');
      expect(options.statusCode, options.body).toBe(200);
      const res = await client.post('/user/passkeys', { name, credential: device.create(options.json().data) });
      expect(res.statusCode, res.body).toBe(201);
      return {
        ...(res.json().data as { id: string; name: string; recovery_codes?: string[] }),
        credentialId: [...device.held.keys()].at(-1) ?? '',
      };
    },

    /** A new browser's login options (no password given): the challenge for a passkey alone. */
    async loginOptions(client = app().client()) {
      await client.get('/sanctum/csrf-cookie');
      const res = await client.post('/passkey-login/options');
      expect(res.statusCode, res.body).toBe(200);
      return { client, options: res.json().data };
    },

    /** Confirms the signed-in user of `client` with a passkey of `device` (the options, then the answer). */
    async confirmWithPasskey(client: TestClient, device: SoftAuthenticator) {
      const options = await client.post('/user/confirm-password/passkey-options');
      expect(options.statusCode, options.body).toBe(200);
      const res = await client.post('/user/confirm-password', { credential: device.get(options.json().data) });
      expect(res.statusCode, res.body).toBe(201);
    },

    async signedInEmail(client: TestClient) {
      const res = await client.get('/api/user');
      return res.statusCode === 200 ? (res.json().data.email as string) : undefined;
    },
  };
}
