import { API_SCOPES } from '@freight/contracts';
import { CUSTOMER_ROLES, type CustomerRole, customerCan } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { accountApiClient } from '../test/api-client';
import { createTestApp, type TestApp, type TestClient } from '../test/harness';
import { SIMULATOR_PREFIXES } from '../test/outside-simulators';
import { routeTable } from '../test/routes';
import { sessionOf, teamMember } from '../test/team';

/**
 * The customer role matrix: every route a signed-in user can call, found in Fastify's route table
 * (a new endpoint joins by itself), called by a user of each team role, by a deactivated user and
 * by a guest. A route needs the permission its guard names (`requirePermission`, indexed in
 * `app.routePermissions`), or is listed below as every signed-in user's or as nobody's session's
 * business (public, or authenticated otherwise); a route that is neither fails the walk.
 * The staff area (/api/admin) has its own walk (modules/admin/admin.test.ts).
 */

/** Open to every signed-in user, whatever their role: their own profile, security, preferences, support. */
const EVERY_USER: RegExp[] = [
  /^(GET|DELETE) \/api\/user(\/sessions(\/:id)?)?$/,
  /^PUT \/api\/settings$/,
  /^(GET|PUT) \/api\/settings\/sms$/, // their own mobile number for text alerts
  /^(PUT \/password|PUT \/profile|POST \/email\/verification-notification)$/,
  /^\w+ \/user\//, // confirming the password, second factors, passkeys
  /^\w+ \/api\/support\/(?!hours$)/, // the support chat
  /^\w+ \/api\/notifications\//, // site notices
  /^(GET|PUT) \/api\/carriers(\/preferences)?$/, // the user's own carrier visibility
  // Reference data that reads no account's records, for the forms.
  /^GET \/api\/(postal-codes\/:country\/:postal_code|part-catalog\/suggestions|equipment-types)$/,
];

/** No session's business: the guest pages' calls, sign-in, and callers that authenticate otherwise. */
const NOT_A_SESSION: RegExp[] = [
  /^\w+ \/api\/(public|docs)(\/|$)/,
  /^GET \/api\/(pickup-dates\/first|support\/hours)$/, // the calendar and the desk's hours, for guests too
  /^\w+ \/api\/invitation\//, // an invitation's link: its token is the credential, the invitee has no user yet
  /^(GET \/sanctum\/csrf-cookie|POST \/(login|logout|register|forgot-password|reset-password|two-factor-challenge))$/,
  /^GET \/email\/verify\//,
  /^\w+ \/(sso|passkey-login)(\/|$)/,
  /^POST \/oauth\/token$/, // a program's client credentials
  /^\w+ \/api\/ebay\/notifications$/, // eBay's own calls, signed by eBay
  /^POST \/api\/webhooks\/stripe$/, // Stripe's events, signed with the endpoint's secret
  /^POST \/api\/webhooks\/twilio\/sms$/, // Twilio's inbound texts, signed with the auth token
  /^POST \/api\/carriers\/:scac\/tracking-events$/, // carriers, signed with their key
  /^\w+ \/api\/carrier-invoices(\/|$)/, // carrier partners' freight invoices: their bearer token only (/api/v1)
  /^POST \/api\/inbound-mail\//, // the mail provider, with its basic auth
  new RegExp(`^\\w+ (${SIMULATOR_PREFIXES.join('|')})/`), // stand-ins for outside servers
  /^GET \/(healthz|readyz|metrics)$/, // the load balancer's probes and Prometheus' scrape (its own token), no user's
];

/** A browser's return from eBay's consent page: it answers with a redirect, never a 403. */
const EBAY_CALLBACK = 'GET /api/ebay/callback';

const NO_SUCH = '00000000-0000-4000-8000-000000000000';
const urlOf = (path: string) =>
  path
    .replace(/:kind/g, 'bol')
    .replace(/:country/g, 'US')
    .replace(/:postal_code/g, '60606')
    .replace(/:[a-zA-Z_]+/g, NO_SUCH);
const call = (c: TestClient, method: string, path: string) =>
  c.request({ method: method as 'GET', url: urlOf(path), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });

const matches = (list: RegExp[], key: string) => list.some((re) => re.test(key));

let t: TestApp;
const members = new Map<CustomerRole, TestClient>();
let deactivatedId: string;
let routes: { method: string; path: string; key: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The demo shipper is its account's admin; a colleague of each other role joins it.
  members.set('account_admin', await t.client().login('shipper@demo.test'));
  for (const role of CUSTOMER_ROLES.filter((r) => r !== 'account_admin')) {
    await teamMember(t, 'Demo Shipper Co', `${role}@roles.test`, role);
    members.set(role, await t.client().login(`${role}@roles.test`));
  }
  const gone = await teamMember(t, 'Demo Shipper Co', 'gone@roles.test', 'shipper');
  await t.database.db.update(users).set({ deactivatedAt: t.clock.now }).where(eq(users.id, gone.id));
  deactivatedId = gone.id;
  routes = routeTable(t.app)
    .filter((r) => !r.path.startsWith('/api/admin/') && r.path !== '/api/admin')
    .map((r) => ({ ...r, key: `${r.method} ${r.path}` }));
});
afterAll(() => t.close());

describe('customer roles', () => {
  it('every route needs a permission, or is listed as every user’s or no session’s', () => {
    const permissions = t.app.routePermissions;
    expect(routes.length).toBeGreaterThan(100);
    const unmapped = routes.filter(
      (r) => !permissions.has(r.key) && !matches(EVERY_USER, r.key) && !matches(NOT_A_SESSION, r.key) && r.key !== EBAY_CALLBACK,
    );
    expect(unmapped.map((r) => r.key)).toEqual([]);
    // A guarded route is in neither list (a list entry too wide would hide a guard's absence).
    const listedToo = routes.filter((r) => permissions.has(r.key) && (matches(EVERY_USER, r.key) || matches(NOT_A_SESSION, r.key)));
    expect(listedToo.map((r) => r.key)).toEqual([]);
  });

  it('answers each role 403 exactly where its permissions stop, before the body or the id is looked at', async () => {
    const wrong: string[] = [];
    for (const { method, path, key } of routes) {
      const permission = t.app.routePermissions.get(key);
      if (!permission && !matches(EVERY_USER, key)) continue;
      // An event stream that lets the caller in stays open (inject would wait for its end).
      if (path.endsWith('/stream')) continue;
      for (const [role, client] of members) {
        const res = await call(client, method, path);
        const allowed = !permission || customerCan(role, permission);
        const ok = allowed
          ? ![401, 403, 419].includes(res.statusCode) && res.statusCode < 500
          : res.statusCode === 403 && res.json().code === 'forbidden';
        if (!ok) wrong.push(`${key} as ${role} (${permission ?? 'everyone'}): ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a guest 401, and a deactivated user’s session as one that ended, on every route a session opens', async () => {
    const wrong: string[] = [];
    for (const { method, path, key } of routes) {
      if (!t.app.routePermissions.has(key) && !matches(EVERY_USER, key)) continue;
      const guest = await call(t.client(), method, path);
      if (guest.statusCode !== 401) wrong.push(`${key} as a guest: ${guest.statusCode}`);
      // A session the user held when deactivated: its lookup ends it, so an unsafe call finds no
      // session for its CSRF token either (419, as after any sign-out).
      const gone = await call(await sessionOf(t, deactivatedId), method, path);
      const ended = method === 'GET' ? [401] : [401, 419];
      if (!ended.includes(gone.statusCode)) wrong.push(`${key} deactivated: ${gone.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('sends a role that may not connect stores back from eBay’s consent page to the orders page, connecting nothing', async () => {
    for (const [role, client] of members) {
      const res = await client.get('/api/ebay/callback?state=anything');
      expect(res.statusCode, role).toBe(302);
      expect(res.headers.location, role).toBe(
        customerCan(role, 'ebay.ship') ? '/orders/ebay?connect=declined' : '/orders/ebay?connect=failed',
      );
    }
  });

  it('follows a role change on the next request (no cached role)', async () => {
    const viewer = members.get('viewer')!;
    expect((await viewer.get('/api/invoices')).statusCode).toBe(200);
    expect((await viewer.post('/api/quotes', {})).statusCode).toBe(403);
    await t.database.db.update(users).set({ accountRole: 'shipper' }).where(eq(users.email, 'viewer@roles.test'));
    expect((await viewer.get('/api/invoices')).statusCode).toBe(403);
    expect((await viewer.post('/api/quotes', {})).statusCode).toBe(422);
    expect((await viewer.get('/api/user')).json().data.account).toMatchObject({
      role: 'shipper',
      permissions: expect.arrayContaining(['quotes.run']),
    });
    await t.database.db.update(users).set({ accountRole: 'viewer' }).where(eq(users.email, 'viewer@roles.test'));
    expect((await viewer.post('/api/quotes', {})).statusCode).toBe(403);
  });

  it('lets a viewer read analytics only while the account allows it, and nothing more', async () => {
    const [viewer, admin] = [members.get('viewer'), members.get('account_admin')];
    if (!viewer || !admin) throw new Error('the team is not signed in');
    expect((await viewer.get('/api/analytics')).statusCode).toBe(403);
    expect((await admin.put('/api/account/analytics-access', { viewers: true })).statusCode).toBe(200);
    expect((await viewer.get('/api/analytics')).statusCode).toBe(200);
    expect((await viewer.get('/api/analytics/shipments')).statusCode).toBe(200);
    expect((await viewer.post('/api/quotes', {})).statusCode).toBe(403);
    expect((await viewer.put('/api/account/analytics-access', { viewers: false })).statusCode).toBe(403);
    expect((await admin.put('/api/account/analytics-access', { viewers: false })).statusCode).toBe(200);
    expect((await viewer.get('/api/analytics')).statusCode).toBe(403);
  });

  it('ends a session at its next request once its user is deactivated', async () => {
    const billing = await t.client().login('billing@roles.test');
    expect((await billing.get('/api/invoices')).statusCode).toBe(200);
    await t.database.db.update(users).set({ deactivatedAt: t.clock.now }).where(eq(users.email, 'billing@roles.test'));
    expect((await billing.get('/api/invoices')).statusCode).toBe(401);
    await t.database.db.update(users).set({ deactivatedAt: null }).where(eq(users.email, 'billing@roles.test'));
    // Reactivated, the ended session stays ended: the user signs in again.
    expect((await billing.get('/api/invoices')).statusCode).toBe(401);
  });

  it('applies the acting user’s current role to the public API, and refuses a deactivated user’s own credential', async () => {
    await teamMember(t, 'Demo Shipper Co', 'second-admin@roles.test', 'account_admin');
    const maker = await t.client().login('second-admin@roles.test');
    const { client: api } = await accountApiClient(t.app, maker, [...API_SCOPES]);
    expect((await api.post('/api/v1/quotes', {})).statusCode).toBe(422);
    await t.database.db.update(users).set({ accountRole: 'billing' }).where(eq(users.email, 'second-admin@roles.test'));
    const refused = await api.post('/api/v1/quotes', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    expect((await api.get('/api/v1/invoices')).statusCode).toBe(200);
    expect((await api.get('/api/v1/addresses')).statusCode).toBe(403);
    await t.database.db.update(users).set({ deactivatedAt: t.clock.now }).where(eq(users.email, 'second-admin@roles.test'));
    const gone = await api.get('/api/v1/invoices');
    expect(gone.statusCode).toBe(401);
    expect(gone.json().code).toBe('invalid_token');
  });
});
