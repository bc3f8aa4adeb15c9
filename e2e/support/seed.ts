import { expect, type Page } from '@playwright/test';
import { SCENARIO_SERVER, withApiClient } from './api';
import { freshEmail, type SignUpOptions } from './flows';
import { logIn, rememberAuthenticatorSecret } from './session';

/**
 * A scenario's own world, made through the server's test-only seeding path (the server's
 * modules/test-seed, present only on a scenario server): companies, their colleagues and staff
 * members that belong to this scenario alone, so no scenario leans on what another did to the
 * demo data. The records are the product's own: a seeded company signed up as the signup form
 * signs one up.
 */

export interface Seeded {
  userId: string;
  accountId: string;
}

async function seed(path: string, body: unknown, origin = SCENARIO_SERVER) {
  const answer = await withApiClient(origin, (send) => send('POST', path, body));
  expect(answer.status, `POST ${path}: ${answer.text}`).toBe(201);
  return (JSON.parse(answer.text) as { data: { user_id: string; account_id: string; totp_secret?: string } }).data;
}

/**
 * A company signed up with `o` as the signup form would sign it up (the same defaults as
 * flows.ts's signUp), its email verified; nobody signed in.
 */
export async function seedCompany(o: SignUpOptions, { verified = true, origin = SCENARIO_SERVER } = {}): Promise<Seeded> {
  const data = await seed(
    '/__test/companies',
    {
      registration: {
        company_name: o.company ?? 'E2E Freight LLC',
        primary_contact: { first_name: o.firstName ?? 'Erin', last_name: 'Tester', email: o.email, phone: '(312) 555-0142' },
        company_address: { street1: '200 W Adams St', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' },
        accounting_same_as_company: true,
        preferences: { language: o.language === 'Spanish' ? 'es' : 'en' },
        password: o.password,
        password_confirmation: o.password,
      },
      verified,
    },
    origin,
  );
  return { userId: data.user_id, accountId: data.account_id };
}

/** A new company of the scenario's, its admin signed in on `page` (on their home page). */
export async function startAsNewCompany(page: Page, o: SignUpOptions) {
  const seeded = await seedCompany(o);
  await logIn(page, o.email, o.password);
  return seeded;
}

/**
 * A staff member of the scenario's own with `roles`, enrolled with an authenticator app of their
 * own (its secret made by the server, as for anyone who sets one up): their codes never wait for
 * a step another scenario's sign-in used. Nobody signed in.
 */
export async function seedStaff(tag: string, roles: string[], password = 'Staff#2026') {
  const email = freshEmail(tag);
  const data = await seed('/__test/staff', { email, password, roles });
  if (!data.totp_secret) throw new Error('the seeded staff member came without an authenticator');
  rememberAuthenticatorSecret(email, data.totp_secret);
  return { email, password };
}
