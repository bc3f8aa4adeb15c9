import { API_SCOPES, DOCUMENT_KINDS, WEBHOOK_EVENT_TYPES } from '@freight/contracts';
import { isStaff } from '@freight/domain';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes, shipments } from '../db/schema';
import { webhookDeliveries } from '../db/schema-integrations';
import { DEMO_STAFF } from '../db/seed';
import { pdfPages } from '../modules/documents/pdf-text';
import { API_ROUTES, apiPath } from '../modules/partner-api/api-routes';
import type { QuoteCosts } from '../modules/quotes/quotes.service';
import { book, bookingBody, createQuote, pallet } from '../modules/shipments/test-helpers';
import { type ApiTestClient, accountApiClient } from '../test/api-client';
import { createTestApp, type TestApp, type TestClient } from '../test/harness';
import { routeTable } from '../test/routes';

/**
 * The broker's cost never reaches a customer (docs/brokerage.md): with shipments booked whose cost
 * differs from their price, every GET route the app registers (a new one joins by itself) is
 * called by the shipper's session on each of its records, every GET of the public API by its
 * token, and the webhook payloads the bookings queued are read: no body names a cost field or
 * holds a cost total, and no customer PDF prints one.
 */
let t: TestApp;
let shipper: TestClient;
let api: ApiTestClient;
/** The records a route's `:id` is tried with: the quotes and shipments. */
const ids: string[] = [];
/** Every cost total of those quotes and shipments, in cents. */
const costTotals = new Set<number>();

const FIELD = /cost_?(cents|lines|s")|margin|pricing_?applied|"applied"/i;

/** One 500 lb pallet Chicago -> Dallas: Demo Shipper Co's contract lane ($345), well above its cost. */
const contractLoad = { items: [{ ...pallet, quantity: 1, weight: 500 }] };
const truckload = { mode: 'truckload', equipment_type: 'dry_van', items: [{ ...pallet, quantity: 10 }] };

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  api = (await accountApiClient(t.app, shipper, [...API_SCOPES])).client;
  const hook = await shipper.post('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: [...WEBHOOK_EVENT_TYPES] });
  expect(hook.statusCode, hook.body).toBe(201);
  for (const over of [contractLoad, truckload]) {
    const quote = await createQuote(t, shipper, over);
    const res = await book(shipper, bookingBody(quote));
    expect(res.statusCode, res.body).toBe(201);
    ids.push(quote.id, res.json().data.id);
  }
  ids.push((await createQuote(t, shipper, contractLoad)).id); // one not booked
  const db = t.database.db;
  for (const q of await db.select({ costs: quotes.costs }).from(quotes).where(inArray(quotes.id, ids))) {
    for (const c of Object.values(q.costs as QuoteCosts)) costTotals.add(c.total_cents);
  }
  for (const s of await db.select().from(shipments).where(inArray(shipments.id, ids))) {
    expect(s.costCents).not.toBe(s.totalCents);
    costTotals.add(s.costCents!);
  }
  expect(costTotals.size).toBeGreaterThan(2);
});
afterAll(() => t.close());

/** A cost total written as the API writes it (cents) or as a document prints it ($1,234.56). */
const asCents = (n: number) => new RegExp(`(^|[^0-9])${n}([^0-9]|$)`);
const asDollars = (n: number) => (n / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function assertNoCost(what: string, res: LightMyRequestResponse) {
  if (res.statusCode !== 200) return false;
  if (String(res.headers['content-type']).startsWith('application/pdf')) {
    const text = (await pdfPages(res.rawPayload)).map((p) => p.text).join('\n');
    for (const n of costTotals) expect(text, what).not.toContain(asDollars(n));
    return true;
  }
  expect(res.body, what).not.toMatch(FIELD);
  for (const n of costTotals) expect(res.body, `${what} holds a cost total (${n})`).not.toMatch(asCents(n));
  return true;
}

/** A route's URLs: each `:id` tried with every record, each `:kind` with every document, anything else unknown. */
function urlsOf(path: string): string[] {
  const kinds = path.includes(':kind') ? DOCUMENT_KINDS.map((k) => path.replace(':kind', k)) : [path];
  const withIds = kinds.flatMap((p) => (p.includes(':id') ? ids.map((id) => p.replace(':id', id)) : [p]));
  return withIds.map((p) => p.replace(/:[a-zA-Z_]+/g, '00000000-0000-4000-8000-000000000000'));
}

describe('the cost stays on the server', () => {
  it("answers no customer's GET with a cost: the session's routes, their documents included", async () => {
    const routes = routeTable(t.app).filter(
      // Staff's area, the API's own description, probes, outside servers' stand-ins and the support
      // chat's live stream (it never ends; its messages are the shipper's own words) are left out.
      (r) =>
        r.method === 'GET' && !/^\/(api\/admin|api\/docs|api\/support\/stream|[a-z]+-sim|metrics|healthz|readyz|sso|oidc)/.test(r.path),
    );
    let answered = 0;
    for (const route of routes) {
      for (const url of urlsOf(route.path)) {
        if (await assertNoCost(`GET ${url}`, await shipper.get(url))) answered++;
      }
    }
    // The walk reached the records: quotes, shipments and their documents answered.
    expect(answered).toBeGreaterThan(20);
  }, 120_000);

  it('answers no GET of the public API with a cost', async () => {
    let answered = 0;
    for (const route of API_ROUTES.filter((r) => r.method === 'GET')) {
      for (const url of urlsOf(apiPath(route.path))) {
        if (await assertNoCost(`GET ${url}`, await api.get(url))) answered++;
      }
    }
    expect(answered).toBeGreaterThan(5);
  });

  it('puts no cost in a webhook payload', async () => {
    const deliveries = await t.database.db.select({ payload: webhookDeliveries.payload }).from(webhookDeliveries);
    expect(deliveries.length).toBeGreaterThan(0);
    for (const d of deliveries) {
      const body = JSON.stringify(d.payload);
      expect(body).not.toMatch(FIELD);
      for (const n of costTotals) expect(body).not.toMatch(asCents(n));
    }
  });

  it('keeps the cost for staff: the stored shipment has it', async () => {
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, ids[1]!));
    expect(row!.costLines).not.toBeNull();
    expect(row!.pricingApplied).toMatchObject({ source: 'contract' });
  });
});

/**
 * Staff read an account's cost where they read its margin (docs/brokerage.md, "Who sees the cost"):
 * every staff GET of a record (a new one joins by itself), each `:kind` a document, is called by
 * every staff role on a truckload and its quote of Demo Shipper Co (Sal Sales's account) and of
 * Other Freight LLC (not his): where the role may not see that account's cost, no answer and no PDF
 * holds a cost; where it may, the rate confirmation is listed and opens.
 */
describe("staff see an account's cost in its JSON and its documents alike", () => {
  const SEE_EVERY_ACCOUNT = ['super_admin', 'fpg_admin', 'fpg_sales_admin'];

  it('walks the staff record routes for every staff role, on an account in and out of a rep’s scope', async () => {
    const other = await t.client().login('other@demo.test');
    const quote = await createQuote(t, other, truckload);
    const booked = await book(other, bookingBody(quote));
    expect(booked.statusCode, booked.body).toBe(201);
    const theirs = { account: 'Other Freight LLC', quote: quote.id, shipment: booked.json().data.id as string };
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, theirs.shipment));
    costTotals.add(row!.costCents!);
    const ours = { account: 'Demo Shipper Co', quote: ids[2]!, shipment: ids[3]! };
    const recordRoutes = routeTable(t.app).filter((r) => r.method === 'GET' && r.path.startsWith('/api/admin/') && r.path.includes(':id'));
    let walked = 0;
    for (const staff of DEMO_STAFF.filter((s) => isStaff([s.role]))) {
      const client = await t.client().login(staff.email);
      for (const record of [ours, theirs]) {
        const sees = SEE_EVERY_ACCOUNT.includes(staff.role) || (staff.role === 'fpg_sales' && record === ours);
        const detail = await client.get(`/api/admin/shipments/${record.shipment}`);
        const confirmation = await client.get(`/api/admin/shipments/${record.shipment}/documents/rate_confirmation`);
        if (sees) {
          expect(detail.json().data.margin, `${staff.email} on ${record.account}`).toBeDefined();
          expect(detail.json().data.shipment.documents.map((d: { kind: string }) => d.kind)).toContain('rate_confirmation');
          expect(confirmation.statusCode, `${staff.email} on ${record.account}`).toBe(200);
          continue;
        }
        expect(confirmation.statusCode, `${staff.email} opens ${record.account}'s rate confirmation`).not.toBe(200);
        for (const route of recordRoutes) {
          for (const id of [record.shipment, record.quote]) {
            const paths = route.path.includes(':kind') ? DOCUMENT_KINDS.map((k) => route.path.replace(':kind', k)) : [route.path];
            for (const path of paths) {
              const url = path.replace(':id', id).replace(/:[a-zA-Z_]+/g, '00000000-0000-4000-8000-000000000000');
              if (await assertNoCost(`${staff.email}: GET ${url} (${record.account})`, await client.get(url))) walked++;
            }
          }
        }
      }
    }
    // The walk reached the records: each out-of-scope caller read the shipment, its quote and documents.
    expect(walked).toBeGreaterThan(20);
  }, 300_000);
});
