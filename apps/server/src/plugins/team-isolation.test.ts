import { CUSTOMER_ROLES, type CustomerRole, customerCan } from '@freight/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveredShipment } from '../modules/invoices/test-helpers';
import { createQuote, quoteAndBook } from '../modules/shipments/test-helpers';
import { createTestApp, type TestApp, type TestClient } from '../test/harness';
import { routeTable } from '../test/routes';
import { teamMember } from '../test/team';

/**
 * Accounts stay apart whatever the role: a user of Other Freight LLC in each team role calls every
 * route that takes a record (found in the route table, so new ones join by themselves) on Demo
 * Shipper Co's records, and every list its role may read. Nothing of Demo Shipper Co is read,
 * listed or changed: the role's refusal (403) or no such record (404), unless the call is refused
 * before any lookup (422 for the body, 423 for a password to enter again). The public API's walk is
 * partner-api/api-isolation.test.ts.
 */
let t: TestApp;
let admin: TestClient;
const others = new Map<CustomerRole, TestClient>();
/** Demo Shipper Co's records, by the path that names them. */
const records: Record<string, string> = {};
const NO_SUCH = '00000000-0000-4000-8000-000000000000';

const address = {
  company: 'Demo Dock',
  first_name: 'Dana',
  last_name: 'Shipper',
  email: 'dock@demo.example',
  phone: '(312) 555-0100',
  street1: '233 S Wacker Dr',
  city: 'Chicago',
  state: 'IL',
  postal_code: '60606',
  country: 'US',
  location_type: 'commercial',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.client().login('shipper@demo.test');
  others.set('account_admin', await t.client().login('other@demo.test'));
  for (const role of CUSTOMER_ROLES.filter((r) => r !== 'account_admin')) {
    await teamMember(t, 'Other Freight LLC', `${role}@other-roles.test`, role);
    others.set(role, await t.client().login(`${role}@other-roles.test`));
  }

  const created = async (res: { statusCode: number; body: string; json(): { data: { id: string } } }) => {
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id;
  };
  records['/api/quotes/:id'] = (await createQuote(t, admin)).id;
  records['/api/shipments/:id'] = (await quoteAndBook(t, admin)).shipment.id;
  records['/api/addresses/:id'] = await created(await admin.post('/api/addresses', address));
  records['/api/products/:id'] = await created(
    await admin.post('/api/products', {
      description: 'Demo widget',
      package_type: 'boxes',
      length_in: 10,
      width_in: 10,
      height_in: 10,
      weight_lb: 5,
    }),
  );
  records['/api/webhooks/:id'] = await created(
    await admin.post('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['shipment.booked'] }),
  );
  const { invoice } = await deliveredShipment(t);
  records['/api/invoices/:id'] = invoice!.id;
  records[':disputeId'] = await created(
    await admin.post(`/api/invoices/${invoice!.id}/disputes`, { reason: 'Not what was quoted', amount_cents: 100 }),
  );
  records['/api/support/conversations/:id'] = await created(
    await admin.post('/api/support/conversations', { category: 'billing', message: 'Why two invoices?' }),
  );
  const template = await admin.get('/api/batches/template.csv');
  records['/api/batches/:id'] = await created(
    await admin.request({ method: 'POST', url: '/api/batches', payload: template.body, headers: { 'content-type': 'text/csv' } }),
  );
  const colleague = await teamMember(t, 'Demo Shipper Co', 'colleague@demo-roles.test', 'viewer');
  records['/api/team/users/:id'] = colleague.id;
});
afterAll(() => t.close());

/** The route's URL with Demo Shipper Co's record for each parameter (one that exists nowhere when the walk made none). */
function urlOf(path: string) {
  const owner = Object.keys(records).find((prefix) => prefix.startsWith('/') && path.startsWith(prefix));
  return path
    .replace(':disputeId', records[':disputeId']!)
    .replace(':id', owner ? records[owner]! : NO_SUCH)
    .replace(':kind', 'bol')
    .replace(':delivery', '1')
    .replace(/:[a-zA-Z_]+/g, NO_SUCH);
}

describe('a user of another account, whatever the role', () => {
  it('reaches none of this account’s records through any route that takes one', async () => {
    // The routes a role guards, and the support chat's, which every user of an account keeps.
    const routes = routeTable(t.app).filter(
      (r) => (t.app.routePermissions.has(`${r.method} ${r.path}`) || r.path.startsWith('/api/support/')) && r.path.includes('/:'),
    );
    expect(routes.length).toBeGreaterThan(40);
    // Every kind of record the walk made is aimed at by some route (a colleague, once the team's routes are in).
    for (const prefix of Object.keys(records).filter((k) => k.startsWith('/') && !k.startsWith('/api/team/'))) {
      expect(
        routes.some((r) => r.path.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    const wrong: string[] = [];
    for (const { method, path } of routes) {
      const permission = t.app.routePermissions.get(`${method} ${path}`);
      for (const [role, client] of others) {
        const res = await client.request({
          method: method as 'GET',
          url: urlOf(path),
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        const expected = permission && !customerCan(role, permission) ? [403] : [404, 422, 423];
        if (!expected.includes(res.statusCode)) wrong.push(`${method} ${path} as ${role}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
    // Still there, unchanged, as their own account sees them.
    expect((await admin.get(`/api/shipments/${records['/api/shipments/:id']}`)).json().data.status).toBe('pending');
    for (const prefix of ['/api/quotes/:id', '/api/addresses/:id', '/api/products/:id', '/api/invoices/:id']) {
      expect((await admin.get(prefix.replace(':id', records[prefix]!))).statusCode, prefix).toBe(200);
    }
  });

  it('never lists this account’s records', async () => {
    const lists = routeTable(t.app).filter(
      (r) => r.method === 'GET' && !r.path.includes(':') && t.app.routePermissions.has(`GET ${r.path}`) && !r.path.endsWith('.csv'),
    );
    expect(lists.length).toBeGreaterThan(10);
    const ids = Object.values(records);
    for (const { path } of lists) {
      const permission = t.app.routePermissions.get(`GET ${path}`)!;
      // An export needs its format (the Analytics tables' also which table); its rows are the
      // list's, so they are walked as a list.
      const url = path.endsWith('/export') ? `${path}?format=csv${path === '/api/analytics/export' ? '&table=by_carrier' : ''}` : path;
      for (const [role, client] of others) {
        const res = await client.get(url);
        expect(res.statusCode, `${path} as ${role}`).toBe(customerCan(role, permission) ? 200 : 403);
        for (const id of ids) expect(res.body, `${path} as ${role} lists ${id}`).not.toContain(id);
      }
    }
  });
});
