import { canWorkExceptions } from '@freight/contracts';
import {
  type AdminPageKey,
  canAssignSalesReps,
  canAuditCarrierInvoices,
  canEditPricing,
  canHandleClaims,
  canManageCredit,
  canOpenAdminPage,
  canProposeSuspension,
  canReadPricing,
  canSuspendAccounts,
  ROLES,
  type Role,
} from '@freight/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { DEMO_STAFF } from '../../db/seed';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { routeTable } from '../../test/routes';

/**
 * The role matrix: every /api/admin endpoint the app registers, found in its route
 * table (a new endpoint joins the matrix by itself), called by every role, a customer and a guest.
 * The door of each is the rule the web router uses too (packages/domain/src/roles.ts).
 */
let t: TestApp;
const clients = new Map<string, TestClient>();

const CUSTOMERS = ['shipper@demo.test', 'other@demo.test'];
const DEMO_USERS: { email: string; roles: Role[] }[] = [
  ...DEMO_STAFF.map((s) => ({ email: s.email, roles: [s.role] })),
  ...CUSTOMERS.map((email) => ({ email, roles: [] as Role[] })),
];

type Door =
  | { page: AdminPageKey }
  | 'credit'
  | 'carrierInvoices'
  | 'claims'
  | 'exceptions'
  | 'suspend'
  | 'propose'
  | 'salesRep'
  | 'pricing'
  | 'pricingRead';

/** The door of an admin endpoint by its method and path; an endpoint without one fails the matrix. */
function doorOf(method: string, path: string): Door | undefined {
  if (/^\/api\/admin\/(accounts\/:id\/(credit|terms|hold|invoices)|invoices|disputes)/.test(path)) return 'credit';
  if (/^\/api\/admin\/accounts\/:id\/(suspend|reactivate|suspension-proposals\/:proposal\/dismiss)$/.test(path)) return 'suspend';
  if (path === '/api/admin/accounts/:id/suspension-proposals') return 'propose';
  if (path === '/api/admin/accounts/:id/sales-rep') return 'salesRep';
  // A shipment's carrier invoices open to those who audit them, not to everyone who opens the shipment.
  if (/^\/api\/admin\/carrier-(invoices|payables)(\/|$)/.test(path) || path === '/api/admin/shipments/:id/carrier-invoices')
    return 'carrierInvoices';
  // Freight claims are for those who carry them to the carriers, behind the shipment pages' door.
  if (/^\/api\/admin\/claims(\/|$)/.test(path)) return 'claims';
  // The exceptions queue (alerts) is for ops and the admins, behind the shipment pages' door.
  if (/^\/api\/admin\/exceptions(\/|$)/.test(path)) return 'exceptions';
  // A sales rep reads programs (its own accounts'; another's is not found) and writes none.
  if (path.startsWith('/api/admin/pricing-programs')) return method === 'GET' ? 'pricingRead' : 'pricing';
  const section = path.split('/')[3];
  const pages: Record<string, AdminPageKey> = {
    dashboard: 'dashboard',
    accounts: 'accounts',
    users: 'accounts',
    'sales-reps': 'accounts',
    // A quote opens from its account's page.
    quotes: 'accounts',
    roles: 'roles',
    shipments: 'shipments',
    notifications: 'notifications',
    audit: 'auditLog',
    support: 'support',
    'part-catalog': 'partCatalog',
    incidents: 'incidents',
    'scac-aliases': 'scacAliases',
    carriers: 'carriers',
    'carrier-scorecards': 'carrierScorecards',
    'diesel-prices': 'carriers',
    truckloads: 'truckloadEquipment',
    'integration-partners': 'integrationPartners',
    'oauth-clients': 'oauth',
    integrations: 'integrations',
    'credit-applications': 'creditApplications',
    margin: 'margin',
    'margin.csv': 'margin',
    // A staff user's own views of a list; Account Management's are for its door too (the route checks it).
    'saved-views': 'shipments',
    customs: 'customs',
    // The duty-rate tables are the border's: the customs queue's staff keep them.
    'duty-rates': 'customs',
  };
  return section && pages[section] ? { page: pages[section] } : undefined;
}

const mayPass = (door: Door, roles: Role[]) => {
  if (door === 'credit') return canManageCredit(roles);
  if (door === 'carrierInvoices') return canAuditCarrierInvoices(roles);
  if (door === 'claims') return canOpenAdminPage(roles, 'shipments') && canHandleClaims(roles);
  if (door === 'exceptions') return canOpenAdminPage(roles, 'shipments') && canWorkExceptions(roles);
  if (door === 'pricing') return canEditPricing(roles);
  if (door === 'pricingRead') return canReadPricing(roles);
  if (door === 'salesRep') return canOpenAdminPage(roles, 'accounts') && canAssignSalesReps(roles);
  if (door === 'suspend') return canOpenAdminPage(roles, 'accounts') && canSuspendAccounts(roles);
  if (door === 'propose') return canOpenAdminPage(roles, 'accounts') && canProposeSuspension(roles);
  return canOpenAdminPage(roles, door.page);
};

/** Every admin route with its methods. */
const adminRoutes = (app: TestApp['app']) => routeTable(app).filter((r) => r.path.startsWith('/api/admin'));

const ROUTES: { method: string; path: string }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (const u of DEMO_USERS) clients.set(u.email, await t.client().login(u.email));
  ROUTES.push(...adminRoutes(t.app));
});
afterAll(() => t.close());

/** A URL of the route: ids that exist nowhere (a door answers before any lookup). */
const urlOf = (path: string) => path.replace(/:kind/g, 'bol').replace(/:[a-z_]+/g, '00000000-0000-4000-8000-000000000000');
const call = (c: TestClient, method: string, url: string) =>
  c.request({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });

describe('admin doors', () => {
  it('the demo users cover every role, and every admin endpoint has a door', () => {
    expect(DEMO_STAFF.map((s) => s.role).sort()).toEqual([...ROLES].sort());
    expect(ROUTES.length).toBeGreaterThan(15);
    expect(ROUTES.filter((r) => !doorOf(r.method, r.path))).toEqual([]);
  });

  // Every endpoint times every user: it grows with the app, and took 30 s in CI beside the scenarios.
  it('answers every role, a customer and a guest on every endpoint as its door says', { timeout: 300_000 }, async () => {
    const wrong: string[] = [];
    for (const { method, path } of ROUTES) {
      const door = doorOf(method, path)!;
      for (const u of DEMO_USERS) {
        const allowed = mayPass(door, u.roles);
        // An event stream that lets the caller in stays open (inject would wait for its end);
        // support/live.test.ts reads the streams over a real socket.
        if (allowed && path.endsWith('/stream')) continue;
        const res = await call(clients.get(u.email)!, method, urlOf(path));
        const ok = allowed
          ? ![401, 403, 419].includes(res.statusCode) && res.statusCode < 500
          : res.statusCode === 403 && res.json().code === 'forbidden' && res.json().message === 'You do not have access to this page';
        if (!ok) wrong.push(`${method} ${path} as ${u.email}: ${res.statusCode}`);
      }
      const guest = await call(t.client(), method, urlOf(path));
      if (guest.statusCode !== 401) wrong.push(`${method} ${path} as a guest: ${guest.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('checks the door before the query, the body or the id', async () => {
    expect((await t.client().get('/api/admin/accounts?per_page=1000')).statusCode).toBe(401);
    expect((await clients.get('shipper@demo.test')!.get('/api/admin/accounts?page=0')).statusCode).toBe(403);
    expect((await clients.get('feature@demo.test')!.get(`/api/admin/accounts/${'x'.repeat(100)}`)).statusCode).toBe(403);
    expect((await clients.get('ops@demo.test')!.put(`/api/admin/roles/users/${'x'.repeat(10)}`, { roles: 'all' })).statusCode).toBe(403);
  });

  it('follows a role change on the next request (no cached roles)', async () => {
    const c = await t.client().login('ops@demo.test');
    expect((await c.get('/api/admin/roles')).statusCode).toBe(403);
    await t.database.db
      .update(users)
      .set({ roles: ['fpg_ops', 'super_admin'] })
      .where(eq(users.email, 'ops@demo.test'));
    expect((await c.get('/api/admin/roles')).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ roles: ['fpg_ops'] })
      .where(eq(users.email, 'ops@demo.test'));
    expect((await c.get('/api/admin/roles')).statusCode).toBe(403);
  });
});
