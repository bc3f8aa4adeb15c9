import { ADMIN_PAGES, type AdminPageKey, canOpenAdminPage, ROLES, type Role } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema';
import { DEMO_STAFF } from '../../db/seed';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';

let t: TestApp;
const clients = new Map<string, TestClient>();
let demoAccountId = '';

const CUSTOMERS = ['shipper@demo.test', 'other@demo.test'];
const DEMO_USERS: { email: string; roles: Role[] }[] = [
  ...DEMO_STAFF.map((s) => ({ email: s.email, roles: [s.role] })),
  ...CUSTOMERS.map((email) => ({ email, roles: [] as Role[] })),
];

beforeAll(async () => {
  t = await createTestApp();
  for (const u of DEMO_USERS) clients.set(u.email, await t.client().login(u.email));
  const [row] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
  demoAccountId = row!.id;
});
afterAll(() => t.close());

const as = (email: string) => clients.get(email)!;

/** Every admin endpoint and the door (ADMIN_PAGES key) that guards it. */
const ENDPOINTS: { name: string; page: AdminPageKey; url: () => string }[] = [
  { name: 'GET /api/admin/dashboard', page: 'dashboard', url: () => '/api/admin/dashboard' },
  { name: 'GET /api/admin/accounts', page: 'accounts', url: () => '/api/admin/accounts' },
  { name: 'GET /api/admin/accounts/:id', page: 'accounts', url: () => `/api/admin/accounts/${demoAccountId}` },
  { name: 'GET /api/admin/roles', page: 'roles', url: () => '/api/admin/roles' },
];

describe('admin doors', () => {
  it('the demo users cover every role', () => {
    expect(DEMO_STAFF.map((s) => s.role).sort()).toEqual([...ROLES].sort());
    for (const e of ENDPOINTS) expect(Object.keys(ADMIN_PAGES)).toContain(e.page);
  });

  const matrix = ENDPOINTS.flatMap((e) =>
    DEMO_USERS.map((u) => ({ ...e, email: u.email, expected: canOpenAdminPage(u.roles, e.page) ? 200 : 403 })),
  );
  it.each(matrix)('$name as $email -> $expected', async ({ url, email, expected }) => {
    const res = await as(email).get(url());
    expect(res.statusCode).toBe(expected);
    if (expected === 403) expect(res.json()).toEqual({ message: 'You do not have access to this page', code: 'forbidden' });
    else expect(res.json().data).toBeDefined();
  });

  it.each(ENDPOINTS)('$name answers 401 without a session', async ({ url }) => {
    const res = await t.client().get(url());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
  });

  it.each([
    ['accounting@demo.test', '/api/admin/roles', 403],
    ['admin@demo.test', '/api/admin/roles', 403],
    ['feature@demo.test', '/api/admin/dashboard', 403],
    ['shipper@demo.test', '/api/admin/accounts', 403],
    ['other@demo.test', '/api/admin/dashboard', 403],
    ['super@demo.test', '/api/admin/roles', 200],
    ['accounting@demo.test', '/api/admin/accounts', 200],
    ['sales@demo.test', '/api/admin/dashboard', 200],
  ])('explicitly: %s on %s -> %i', async (email, url, expected) => {
    expect((await as(email).get(url)).statusCode).toBe(expected);
  });

  it('checks the door before the query or the id', async () => {
    expect((await t.client().get('/api/admin/accounts?per_page=1000')).statusCode).toBe(401);
    expect((await as('shipper@demo.test').get('/api/admin/accounts?page=0')).statusCode).toBe(403);
    expect((await as('feature@demo.test').get(`/api/admin/accounts/${'x'.repeat(100)}`)).statusCode).toBe(403);
    expect((await t.client().get('/api/admin/accounts/not-a-uuid')).statusCode).toBe(401);
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

describe('GET /api/admin/dashboard', () => {
  it('counts accounts and users', async () => {
    const res = await as('super@demo.test').get('/api/admin/dashboard');
    expect(res.json()).toEqual({ data: { accounts: 3, users: 10, unverified_users: 0, credit_hold_accounts: 0 } });
  });
});

describe('GET /api/admin/accounts', () => {
  const list = (query = '') => as('admin@demo.test').get(`/api/admin/accounts${query}`);

  it('pages the accounts by name with meta', async () => {
    const all = await list();
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ current_page: 1, per_page: 25, total: 3, last_page: 1 });
    expect(all.json().data.map((a: { name: string }) => a.name)).toEqual(['Demo Shipper Co', 'Other Freight LLC', 'Prepaid Parts Inc']);
    expect(all.json().data[0]).toEqual({
      id: demoAccountId,
      name: 'Demo Shipper Co',
      status: 'active',
      users_count: 1,
      created_at: expect.any(String),
    });
    expect(new Date(all.json().data[0].created_at).toISOString()).toBe(all.json().data[0].created_at);

    const first = await list('?per_page=1');
    expect(first.json().meta).toEqual({ current_page: 1, per_page: 1, total: 3, last_page: 3 });
    expect(first.json().data.map((a: { name: string }) => a.name)).toEqual(['Demo Shipper Co']);
    const second = await list('?per_page=1&page=2');
    expect(second.json().meta).toMatchObject({ current_page: 2, last_page: 3 });
    expect(second.json().data.map((a: { name: string }) => a.name)).toEqual(['Other Freight LLC']);
    const past = await list('?per_page=1&page=4');
    expect(past.json()).toMatchObject({ data: [], meta: { current_page: 4, total: 3 } });
  });

  it('searches names case-insensitively', async () => {
    for (const search of ['demo', 'DEMO', ' shipper ', 'Demo Shipper Co']) {
      const res = await list(`?search=${encodeURIComponent(search)}`);
      expect(
        res.json().data.map((a: { name: string }) => a.name),
        search,
      ).toEqual(['Demo Shipper Co']);
      expect(res.json().meta.total).toBe(1);
    }
    expect((await list('?search=freight')).json().data.map((a: { name: string }) => a.name)).toEqual(['Other Freight LLC']);
    expect((await list('?search=nothing-like-this')).json()).toMatchObject({ data: [], meta: { total: 0, last_page: 1 } });
  });

  it('treats % and _ in a search literally', async () => {
    for (const search of ['%', '_', 'Demo_Shipper', 'Demo%Co', '\\']) {
      const res = await list(`?search=${encodeURIComponent(search)}`);
      expect(res.statusCode, search).toBe(200);
      expect(res.json().meta.total, search).toBe(0);
    }
  });

  it('validates the query', async () => {
    const bad = await list('?per_page=101&page=0');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'per_page']);
  });
});

describe('GET /api/admin/accounts/:id', () => {
  it('shows the account with its addresses and users', async () => {
    const res = await as('sales@demo.test').get(`/api/admin/accounts/${demoAccountId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: demoAccountId,
      name: 'Demo Shipper Co',
      status: 'active',
      billing_address: { street1: '233 S Wacker Dr', city: 'Chicago', country: 'US' },
      account_address: { street1: '233 S Wacker Dr' },
    });
    expect(res.json().data.users).toEqual([
      { id: expect.any(String), name: 'Dana Shipper', email: 'shipper@demo.test', email_verified_at: expect.any(String) },
    ]);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1", '%25'])('answers 404 for %s', async (id) => {
    const res = await as('super@demo.test').get(`/api/admin/accounts/${encodeURIComponent(id)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', code: 'not_found' });
  });
});

describe('GET /api/admin/roles', () => {
  it('lists every role with its users', async () => {
    const res = await as('super@demo.test').get('/api/admin/roles');
    const data = res.json().data as { role: Role; users: { id: string; name: string; email: string }[] }[];
    expect(data.map((r) => r.role)).toEqual([...ROLES]);
    expect(data.find((r) => r.role === 'super_admin')?.users).toEqual([
      { id: expect.any(String), name: 'Sam Super', email: 'super@demo.test' },
    ]);
    for (const s of DEMO_STAFF) expect(data.find((r) => r.role === s.role)?.users.map((u) => u.email)).toEqual([s.email]);
    // Customers hold no role.
    const everyone = data.flatMap((r) => r.users.map((u) => u.email));
    for (const email of CUSTOMERS) expect(everyone).not.toContain(email);
  });
});
