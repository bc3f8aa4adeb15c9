import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { creditApplications } from '../../db/schema-trust';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { routeTable } from '../../test/routes';
import { accountIdOf, teamMember } from '../../test/team';
import { book, bookingBody, createQuote } from '../shipments/test-helpers';
import { ACCOUNT_ROUTES, accountFinderOf, NO_ACCOUNT_ROUTES } from './own-account';

let t: TestApp;
/** Demo Shipper Co's account admin, given super_admin: staff and a member of the account. */
let member: TestClient;
let own: string;
let other: string;
let ownShipment: string;
let colleague: string;
const REFUSED = 'Staff cannot decide, approve or change anything for their own account: ask another staff member.';

beforeAll(async () => {
  t = await createTestApp();
  own = await accountIdOf(t, 'Demo Shipper Co');
  other = await accountIdOf(t, 'Other Freight LLC');
  const shipper = await t.client().login('shipper@demo.test');
  const booked = await book(shipper, bookingBody(await createQuote(t, shipper)));
  expect(booked.statusCode, booked.body).toBe(201);
  ownShipment = booked.json().data.id;
  colleague = (await teamMember(t, 'Demo Shipper Co', 'own-account.colleague@example.test', 'shipper')).id;
  await t.database.db
    .update(users)
    .set({ roles: ['super_admin'] })
    .where(eq(users.email, 'shipper@demo.test'));
  await t.enrolTwoFactor('shipper@demo.test');
  member = await (await t.client().login('shipper@demo.test')).confirmPassword();
});
afterAll(() => t.close());

describe("staff writes about the caller's own account", () => {
  it('names, for every unsafe staff route, the accounts it is about or that it is about none', () => {
    const unsafe = routeTable(t.app).filter(
      (r) => r.path.startsWith('/api/admin/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    expect(unsafe.length).toBeGreaterThan(80);
    const undecided = unsafe.filter((r) => accountFinderOf(r.path) === undefined).map((r) => `${r.method} ${r.path}`);
    expect(undecided, 'routes own-account.ts does not name').toEqual([]);
    // No pattern is left over from a route that is gone.
    for (const pattern of [...ACCOUNT_ROUTES.map(([p]) => p), ...NO_ACCOUNT_ROUTES]) {
      expect(
        unsafe.some((r) => pattern.test(r.path)),
        String(pattern),
      ).toBe(true);
    }
  });

  it('refuses a member of the account the decision on its own credit application, which stays pending', async () => {
    const [application] = await t.database.db
      .insert(creditApplications)
      .values({ accountId: own, legalName: 'Demo Shipper Co', requestedLimitCents: 5_000_000, details: {} as never })
      .returning();
    const res = await member.post(`/api/admin/credit-applications/${application!.id}/decision`, {
      decision: 'approved',
      net_days: 30,
      credit_limit_cents: 5_000_000,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', message: REFUSED });
    const [row] = await t.database.db.select().from(creditApplications).where(eq(creditApplications.id, application!.id));
    expect(row?.status).toBe('pending');
  });

  it('refuses a member of the account its credit, hold, suspension, pricing, refunds and team, and lets other staff do them', async () => {
    const super_ = await (await t.client().login('super@demo.test')).confirmPassword();
    const writes = (account: string, shipment: string, user: string) => [
      {
        method: 'PUT' as const,
        url: `/api/admin/accounts/${account}/credit`,
        payload: { payment_terms: 'credit', credit_limit_cents: 5_000_000, net_days: 30 },
      },
      { method: 'POST' as const, url: `/api/admin/accounts/${account}/hold`, payload: { on_hold: true, reason: 'Mine' } },
      { method: 'POST' as const, url: `/api/admin/accounts/${account}/suspend`, payload: { reason: 'Mine' } },
      { method: 'PUT' as const, url: `/api/admin/pricing-programs/${account}/draft`, payload: { rules: [], contract_lanes: [] } },
      { method: 'POST' as const, url: `/api/admin/shipments/${shipment}/cancel`, payload: { reason: 'Mine' } },
      { method: 'PUT' as const, url: `/api/admin/roles/users/${user}`, payload: { roles: ['fpg_admin'] } },
    ];
    for (const write of writes(own, ownShipment, colleague)) {
      const res = await member.request(write);
      expect(res.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect(res.json().message, `${write.method} ${write.url}`).toBe(REFUSED);
    }
    // The same writes for another account pass this rule (whatever the route then answers).
    const otherShipper = await t.client().login('other@demo.test');
    const otherShipment = (await book(otherShipper, bookingBody(await createQuote(t, otherShipper)))).json().data.id as string;
    const otherUser = (await teamMember(t, 'Other Freight LLC', 'own-account.other@example.test', 'shipper')).id;
    for (const write of writes(other, otherShipment, otherUser)) {
      const res = await member.request(write);
      expect(res.json().message, `${write.method} ${write.url}`).not.toBe(REFUSED);
    }
    // Staff of no customer account are not concerned.
    const res = await super_.request(writes(own, ownShipment, colleague)[2]!);
    expect(res.json().message).not.toBe(REFUSED);
    // Nothing was changed for the member's own account.
    const [row] = await t.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, colleague));
    expect(row?.roles).toEqual([]);
  });
});
