import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';

/**
 * Grants of power outside Role Management (the roles and invitations are in roles.test.ts): API
 * credentials, the staff's and an account's own, and an account's credit terms need the password
 * re-entered within 10 minutes.
 */
let t: TestApp;
let superAdmin: TestClient;
let shipper: TestClient;
let accounting: TestClient;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.client().login('super@demo.test', undefined, true);
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  accounting = await t.client().login('accounting@demo.test', undefined, true);
  const [a] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
  accountId = a!.id;
});
afterAll(() => t.close());

/** Refused without a proof, accepted with one, refused again once the proof is older than 10 minutes. */
async function expectStepUp(client: TestClient, send: () => Promise<{ statusCode: number; json(): { code?: string } }>, ok: number) {
  const before = await send();
  expect(before.statusCode).toBe(423);
  expect(before.json().code).toBe('reauthentication_required');
  await client.confirmPassword();
  expect((await send()).statusCode).toBe(ok);
  t.clock.advanceMinutes(11);
  expect((await send()).statusCode).toBe(423);
}

describe('grants of power need the password re-entered', () => {
  it("an account's own API credential: create and rotate", async () => {
    await expectStepUp(shipper, () => shipper.post('/api/settings/api-credentials', { name: 'Our TMS', scopes: ['quotes:read'] }), 201);
    await shipper.confirmPassword();
    const made = (await shipper.post('/api/settings/api-credentials', { name: 'Rotated', scopes: ['quotes:read'] })).json().data;
    t.clock.advanceMinutes(11);
    await expectStepUp(
      shipper,
      () => shipper.post(`/api/settings/api-credentials/${made.credential.id}/rotate`, { overlap_hours: 1 }),
      200,
    );
    // Revoking takes power away: no proof asked.
    expect((await shipper.post(`/api/settings/api-credentials/${made.credential.id}/revoke`)).statusCode).toBe(200);
  });

  it("the staff's credentials: create and rotate", async () => {
    const body = { name: 'Staff-made', account_id: accountId, scopes: ['quotes:read'] };
    await expectStepUp(superAdmin, () => superAdmin.post('/api/admin/oauth-clients', body), 201);
    await superAdmin.confirmPassword();
    const made = (await superAdmin.post('/api/admin/oauth-clients', body)).json().data;
    t.clock.advanceMinutes(11);
    await expectStepUp(
      superAdmin,
      () => superAdmin.post(`/api/admin/oauth-clients/${made.credential.id}/rotate`, { overlap_hours: 1 }),
      200,
    );
  });

  it("an account's credit terms", async () => {
    const terms = {
      payment_terms: 'credit',
      net_days: 30,
      credit_limit_cents: 500_000,
      grace_days: 5,
      reason: 'Approved by the controller',
    };
    await expectStepUp(accounting, () => accounting.put(`/api/admin/accounts/${accountId}/credit`, terms), 200);
    // A bad body is a 422 before any password is asked.
    const bad = await accounting.put(`/api/admin/accounts/${accountId}/credit`, { ...terms, net_days: 7 });
    expect(bad.statusCode).toBe(422);
  });
});
