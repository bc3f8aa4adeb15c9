import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../db/schema';
import type { TestApp, TestClient } from '../../test/harness';
import { lastMailTo, linkPath } from '../../test/outbox';

export const PASSWORD = 'Demo#2026';
export const NEW_PASSWORD = 'Joined#2026';

let serial = 0;

/** What the team's API tests share: a company of their own, an invitation's mailed link, a colleague who joined through one. */
export function teamSteps(app: () => TestApp) {
  const steps = {
    /** Signs a new company up; its first user (the account admin) is verified and signed in. */
    async company(tag: string) {
      const email = `${tag}.${++serial}.${Date.now()}@example.test`;
      const client = app().client();
      const res = await client.post('/register', {
        company_name: `${tag} Freight ${serial}`,
        primary_contact: { first_name: 'Ada', last_name: `Admin ${serial}`, email, phone: '(512) 555-0101' },
        company_address: { street1: '100 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
        accounting_same_as_company: true,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.id as string;
      const accountId = res.json().data.account.id as string;
      await app().database.db.update(users).set({ emailVerifiedAt: app().clock.now }).where(eq(users.id, id));
      return { client, email, id, accountId };
    },

    /** Invites `email` as `role` through the API (201 expected). */
    async invite(admin: TestClient, email: string, role = 'shipper', extra: Record<string, unknown> = {}) {
      // An invitation as account admin is a grant of power: the admin proves who they are first.
      if (role === 'account_admin') await admin.confirmPassword(PASSWORD);
      const res = await admin.post('/api/team/invitations', { first_name: 'Sam', last_name: 'Colleague', email, role, ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string; expires_at: string; expired: boolean };
    },

    /** The token of the latest invitation mailed to `email`. */
    async mailedToken(email: string) {
      const path = linkPath((await lastMailTo(app(), email)).text);
      expect(path).toMatch(/^\/invitation\/[\w-]+$/);
      return path.slice('/invitation/'.length);
    },

    /** Accepts an invitation in a new browser; answers the browser and the response. */
    async accept(token: string, password = NEW_PASSWORD) {
      const client = app().client();
      const res = await client.post(`/api/invitation/${token}/accept`, { password, password_confirmation: password });
      return { client, res };
    },

    /** A colleague invited as `role` who accepted: their browser (signed in) and id. */
    async colleague(admin: TestClient, role = 'shipper', extra: Record<string, unknown> = {}) {
      const email = `colleague.${++serial}.${Date.now()}@example.test`;
      await steps.invite(admin, email, role, extra);
      const { client, res } = await steps.accept(await steps.mailedToken(email));
      expect(res.statusCode, res.body).toBe(204);
      const me = await client.get('/api/user');
      return { client, email, id: me.json().data.id as string };
    },
  };
  return steps;
}
