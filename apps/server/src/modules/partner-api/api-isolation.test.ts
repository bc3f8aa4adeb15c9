import { API_SCOPES, type IssuedCredential } from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiTestClient, accountApiClient, requestToken } from '../../test/api-client';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { bookableLine, header } from '../batches/batches-test-helpers';
import { quoteAndBook } from '../shipments/test-helpers';
import { API_ROUTES, type ApiRoute, apiPath } from './api-routes';

/**
 * Account isolation of the public API: every route of API_ROUTES (new ones join by
 * themselves) is walked with a credential of account A aimed at account B's records, and with a
 * partner granted only to B asking to act for A. Nothing of B is read, changed or listed.
 */
let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let shipperApi: ApiTestClient;
let shipperAccount: string;
let otherAccount: string;
/** Records of the other account, by the first segment of the route after /api/. */
const othersRecords: Record<string, string> = {};
const NO_SUCH = '00000000-0000-4000-8000-000000000000';

const address = {
  company: 'Other Dock',
  first_name: 'Omar',
  last_name: 'Other',
  email: 'dock@other.example',
  phone: '(214) 555-0100',
  street1: '1 Elm St',
  city: 'Dallas',
  state: 'TX',
  postal_code: '75201',
  country: 'US',
  location_type: 'commercial',
};

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  other = await t.client().login('other@demo.test', undefined, true);
  shipperAccount = (await shipper.get('/api/user')).json().data.account.id;
  otherAccount = (await other.get('/api/user')).json().data.account.id;
  shipperApi = (await accountApiClient(t.app, shipper, [...API_SCOPES])).client;

  const { quote, shipment } = await quoteAndBook(t, other);
  othersRecords.quotes = quote.id;
  othersRecords.shipments = shipment.id;
  const addr = await other.post('/api/addresses', address);
  expect(addr.statusCode, addr.body).toBe(201);
  othersRecords.addresses = addr.json().data.id;
  const product = await other.post('/api/products', {
    description: 'Other widget',
    package_type: 'boxes',
    length_in: 10,
    width_in: 10,
    height_in: 10,
    weight_lb: 5,
  });
  expect(product.statusCode, product.body).toBe(201);
  othersRecords.products = product.json().data.id;
  const hook = await other.post('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['shipment.booked'] });
  expect(hook.statusCode, hook.body).toBe(201);
  othersRecords.webhooks = hook.json().data.id;
  const batch = await other.request({
    method: 'POST',
    url: '/api/batches',
    payload: [header, bookableLine(t)].join('\n'),
    headers: { 'content-type': 'text/csv' },
  });
  expect(batch.statusCode, batch.body).toBe(201);
  othersRecords.batches = batch.json().data.id;
});
afterAll(() => t.close());

/** The query a route cannot answer without (it reads no account's records either way). */
const REQUIRED_QUERY: Record<string, string> = { '/api/pickup-dates/first': '?country=US&state=IL' };

/** A body that passes validation, for the routes that check theirs before the record is looked up. */
const VALID_BODY: Record<string, object> = {
  'POST /api/batches/:id/book': { disclaimer_accepted: true },
  'POST /api/batches/:id/rows/:row/book': { disclaimer_accepted: true },
  'PUT /api/batches/:id/rows/:row': { cells: { height: '40' } },
};

/** The route called on B's record, with an empty body where it takes one (or one that passes, above). */
const callOn = (client: ApiTestClient, route: ApiRoute) =>
  client.request({
    method: route.method,
    url: urlFor(route.path),
    payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : (VALID_BODY[`${route.method} ${route.path}`] ?? {}),
  });

/** The route's URL with B's record in place of each parameter. */
function urlFor(path: string) {
  const resource = path.split('/')[2] ?? '';
  return apiPath(path)
    .replace(':id', othersRecords[resource] ?? NO_SUCH)
    .replace(':kind', 'bol')
    .replace(':row', '2')
    .replace(':delivery', '1');
}

describe('the public API keeps accounts apart', () => {
  it('answers 404 for every route on another account’s record, and changes nothing', async () => {
    const wrong: string[] = [];
    for (const route of API_ROUTES.filter((r) => r.path.includes(':id'))) {
      const res = await callOn(shipperApi, route);
      // A body that fails validation says nothing about the record (422 comes before the lookup).
      const allowed = route.method === 'PUT' ? [404, 422] : [404];
      if (!allowed.includes(res.statusCode)) wrong.push(`${route.method} ${route.path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    // B's records are still there, as B sees them.
    expect((await other.get(`/api/shipments/${othersRecords.shipments}`)).json().data.status).toBe('pending');
    expect((await other.get(`/api/addresses/${othersRecords.addresses}`)).statusCode).toBe(200);
    expect((await other.get(`/api/products/${othersRecords.products}`)).statusCode).toBe(200);
    expect((await other.get(`/api/batches/${othersRecords.batches}`)).json().data.rows[0].status).toBe('valid');
  });

  it('never lists another account’s records', async () => {
    for (const route of API_ROUTES.filter((r) => r.method === 'GET' && !r.path.includes(':'))) {
      const res = await shipperApi.get(apiPath(route.path) + (REQUIRED_QUERY[route.path] ?? ''));
      expect(res.statusCode, route.path).toBe(200);
      for (const id of Object.values(othersRecords)) expect(res.body, `${route.path} lists ${id}`).not.toContain(id);
    }
  });

  it('refuses a partner granted to one account that asks to act for another', async () => {
    const superAdmin = await (await t.client().login('super@demo.test')).confirmPassword();
    const partner = (await superAdmin.post('/api/admin/integration-partners', { name: 'Other TMS' })).json().data;
    await superAdmin.post(`/api/admin/integration-partners/${partner.id}/accounts`, { account_id: otherAccount });
    const issued = (
      await superAdmin.post('/api/admin/oauth-clients', { name: 'Other TMS', partner_id: partner.id, scopes: [...API_SCOPES] })
    ).json().data as IssuedCredential;
    const token = (await requestToken(t.app, issued.credential.client_id, issued.client_secret)).json().access_token as string;
    const partnerApi = new ApiTestClient(t.app, token);
    const forOther = partnerApi.actingFor(otherAccount);
    expect((await forOther.get(`/api/v1/shipments/${othersRecords.shipments}`)).statusCode).toBe(200);
    const wrong: string[] = [];
    for (const route of API_ROUTES) {
      const res = await callOn(partnerApi.actingFor(shipperAccount), route);
      if (res.statusCode !== 403) wrong.push(`${route.method} ${route.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // An account id that is no UUID is refused the same way, never a 5xx.
    expect((await partnerApi.actingFor('not-an-id').get('/api/v1/quotes')).statusCode).toBe(403);
  });

  it('refuses every route to a token without its scope', async () => {
    const { client } = await accountApiClient(t.app, shipper, ['tracking:read']);
    const wrong: string[] = [];
    for (const route of API_ROUTES.filter((r) => r.scope !== 'tracking:read')) {
      const res = await callOn(client, route);
      if (res.statusCode !== 403) wrong.push(`${route.method} ${route.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
