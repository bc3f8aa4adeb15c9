import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ebayStores, invoiceDisputes, supportConversations, users } from '../../db/schema';
import { alerts } from '../../db/schema-alerts';
import { claims } from '../../db/schema-claims';
import { oauthClients, webhookSubscriptions } from '../../db/schema-integrations';
import { creditApplications } from '../../db/schema-trust';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { routeTable } from '../../test/routes';
import { accountIdOf, teamMember } from '../../test/team';
import { deliveredShipment } from '../invoices/test-helpers';
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
    const res = await super_.request(writes(own, ownShipment, colleague)[3]!);
    expect(res.json().message).not.toBe(REFUSED);
    // Nothing was changed for the member's own account.
    const [row] = await t.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, colleague));
    expect(row?.roles).toEqual([]);
  });
});

/** One record of every kind a staff write names, all of the member's own account. */
async function ownRecords() {
  const db = t.database.db;
  const now = t.clock.now;
  const { shipment, invoice } = await deliveredShipment(t);
  if (!invoice) throw new Error('the delivered shipment was not invoiced');
  // An account has one pending application at most: the one an earlier test left, or a new one.
  const [pending] = await db.select().from(creditApplications).where(eq(creditApplications.accountId, own));
  const [application] = pending
    ? [pending]
    : await db
        .insert(creditApplications)
        .values({ accountId: own, legalName: 'Demo Shipper Co', requestedLimitCents: 100_000, details: {} as never })
        .returning();
  const [conversation] = await db
    .insert(supportConversations)
    .values({ accountId: own, userId: colleague, category: 'billing', subject: 'My invoice', lastMessageAt: now })
    .returning();
  const [dispute] = await db
    .insert(invoiceDisputes)
    .values({ invoiceId: invoice.id, accountId: own, reason: 'Billed twice', amountCents: 1_000 })
    .returning();
  const day = now.toISOString().slice(0, 10);
  const [claim] = await db
    .insert(claims)
    .values({
      accountId: own,
      shipmentId: shipment.id,
      number: 'CLM-OWN-1',
      kind: 'visible_damage',
      description: 'Crushed pallet',
      currency: 'USD',
      goodsCents: 50_000,
      amountCents: 50_000,
      liabilityBasis: 'per_pound',
      liabilityCents: 50_000,
      filedAt: now,
      timeZone: 'America/Chicago',
      filingDueOn: day,
      acknowledgementDueOn: day,
      decisionDueOn: day,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const [alert] = await db.insert(alerts).values({ accountId: own, shipmentId: shipment.id, kind: 'stalled', raisedAt: now }).returning();
  const [client] = await db
    .insert(oauthClients)
    .values({ accountId: own, clientId: 'fpc_own_account', name: 'Own', scopes: [], secretHash: 'x' })
    .returning();
  const [webhook] = await db
    .insert(webhookSubscriptions)
    .values({ accountId: own, url: 'https://own.example.test/hook', events: [], secretEnc: 'x' })
    .returning();
  const [store] = await db.insert(ebayStores).values({ accountId: own, ebayUser: 'own-seller' }).returning();
  return {
    /** The own record for a path parameter, by the path segment before it ('/claims/:id'). */
    bySegment: {
      accounts: own,
      users: colleague,
      shipments: shipment.id,
      customs: shipment.id,
      conversations: conversation!.id,
      disputes: dispute!.id,
      claims: claim!.id,
      'credit-applications': application!.id,
      'oauth-clients': client!.id,
      'pricing-programs': own,
    } as Record<string, string>,
    alert: alert!.id,
    /** The Integrations page's connections by kind ('/integrations/:kind/:id'). */
    integrations: { credential: client!.id, webhook: webhook!.id, ebay_store: store!.id } as Record<string, string>,
    claim: claim!.id,
  };
}
type OwnRecords = Awaited<ReturnType<typeof ownRecords>>;
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The requests a staff route about accounts is sent in the walk: each path parameter is the own
 * record of the kind its path segment names, another id where the segment names none (a partner, a
 * note); the body names the own account and alert where a route reads them from it. A connection of
 * the Integrations page is tried for each of its kinds.
 */
function ownRequests(method: string, path: string, own: OwnRecords): InjectOptions[] {
  const segments = path.split('/');
  const kinds = segments.includes(':kind') ? Object.keys(own.integrations) : [''];
  return kinds.map((kind) => ({
    method: method as InjectOptions['method'],
    url: segments
      .map((segment, i) => {
        if (!segment.startsWith(':')) return segment;
        if (segment === ':kind') return kind;
        const before = segments[i - 1] ?? '';
        return (before === ':kind' ? own.integrations[kind] : own.bySegment[before]) ?? ANY_ID;
      })
      .join('/'),
    payload: { account_id: own.bySegment.accounts, ids: [own.alert] },
  }));
}

describe('the walk of every staff route about accounts, as a member of the account it is about', () => {
  it('refuses each of them before anything else, and changes nothing', async () => {
    const records = await ownRecords();
    const about = routeTable(t.app).filter(
      (r) => r.path.startsWith('/api/admin/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && accountFinderOf(r.path),
    );
    expect(about.length).toBeGreaterThan(40);
    const letThrough: string[] = [];
    for (const route of about) {
      for (const request of ownRequests(route.method, route.path, records)) {
        const res = await member.request(request);
        if (res.statusCode !== 403 || res.json().message !== REFUSED)
          letThrough.push(`${request.method} ${request.url}: ${res.statusCode}`);
      }
    }
    expect(letThrough).toEqual([]);
    const db = t.database.db;
    const [claim] = await db.select({ status: claims.status }).from(claims).where(eq(claims.id, records.claim));
    expect(claim?.status).toBe('filed');
    const [dispute] = await db
      .select({ status: invoiceDisputes.status })
      .from(invoiceDisputes)
      .where(eq(invoiceDisputes.id, records.bySegment.disputes!));
    expect(dispute?.status).toBe('open');
    const [client] = await db
      .select({ revokedAt: oauthClients.revokedAt })
      .from(oauthClients)
      .where(eq(oauthClients.id, records.bySegment['oauth-clients']!));
    expect(client?.revokedAt).toBeNull();
  });
});
