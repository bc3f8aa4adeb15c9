import { createHash } from 'node:crypto';
import { isBusinessDay } from '@freight/domain/rating/calendar';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIncidents, ebayOrders, ebayStores } from '../../db/schema';
import { secretBox } from '../../security/encryption';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { book, bookingBody, createQuote, dallasPlace, type QuoteData } from '../shipments/test-helpers';
import { insertShipment } from '../tracking/test-fixtures';
import { simulatorVerificationToken } from './ebay.routes';
import { connectEbayStore, EBAY_TEST_APP_KEY, startTestEbaySimulator } from './ebay.test-support';

/**
 * eBay orders against the simulator over HTTP, through the client production uses.
 * The simulator makes an order every 45 minutes; about one in 11 is fulfilled on eBay already and
 * one in 17 canceled.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startTestEbaySimulator>>;
let shipper: TestClient;
let other: TestClient;
let storeId = '';

const simPost = (path: string, body: unknown) =>
  fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const connect = (client: TestClient, seller: string) => connectEbayStore(sim.url, client, seller);

beforeAll(async () => {
  sim = await startTestEbaySimulator(() => t?.clock.now ?? new Date());
  t = await createTestApp({ APP_KEY: EBAY_TEST_APP_KEY, EBAY_ENV: 'simulator', EBAY_SIMULATOR_URL: sim.url });
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  other = await t.client().login('other@demo.test', undefined, true);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const db = () => t.database.db;
const ordersOf = (c: TestClient, query = '') => c.get(`/api/ebay/orders?per_page=100${query}`).then((r) => r.json());

describe('connecting a store', () => {
  it('goes through eBay consent, stores the tokens encrypted, never shows them, and syncs', async () => {
    const back = await connect(shipper, 'acme-seller');
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/orders/ebay?connect=ok');
    const stores = await shipper.get('/api/ebay/stores');
    expect(stores.body).not.toContain('sim-');
    const [store] = stores.json().data;
    expect(store).toMatchObject({ ebay_user: 'acme-seller', status: 'connected', consent_expiring: false });
    storeId = store.id;
    const [row] = await db().select().from(ebayStores).where(eq(ebayStores.id, storeId));
    expect(row!.refreshTokenEnc).toMatch(/^v1\./);
    expect(secretBox(EBAY_TEST_APP_KEY, 'ebay-tokens').open(row!.refreshTokenEnc!)).toMatch(/^sim-rt\./);
    await t.app.jobs.runDue(50);
    const list = await ordersOf(shipper);
    expect(list.meta.total).toBeGreaterThan(100);
    // Orders shipped or canceled on eBay are not in the list of orders to ship.
    expect(list.data.every((o: { status: string }) => o.status === 'awaiting')).toBe(true);
    expect((await shipper.get('/api/ebay/stores')).json().data[0].last_sync_at).not.toBeNull();
  });

  it('refuses a consent state that is not the caller’s, and a declined consent', async () => {
    const forged = await other.get('/api/ebay/callback?code=sim-code.x.1.y&state=a.b.1.c');
    expect(forged.headers.location).toBe('/orders/ebay?connect=failed');
    expect((await other.get('/api/ebay/callback?error=access_denied&state=x')).headers.location).toBe('/orders/ebay?connect=declined');
    expect((await other.get('/api/ebay/stores')).json().data).toEqual([]);
  });
});

describe('syncing', () => {
  it('replays an overlapping window without creating anything new', async () => {
    const count = async () => (await db().select().from(ebayOrders).where(eq(ebayOrders.storeId, storeId))).length;
    const before = await count();
    await shipper.post(`/api/ebay/stores/${storeId}/sync`);
    await shipper.post(`/api/ebay/stores/${storeId}/sync`);
    expect(await count()).toBe(before);
    // A new order arrives on eBay: the next sync adds exactly it. The simulator makes one every 45
    // minutes from a fixed epoch, so exactly 45 minutes always passes one; 46 passed two whenever
    // the clock stood in the last minute before one.
    t.clock.advanceMinutes(45);
    await shipper.post(`/api/ebay/stores/${storeId}/sync`);
    expect(await count()).toBe(before + 1);
  });

  it('refreshes the access token when it expires', async () => {
    t.clock.advanceMinutes(3 * 60);
    const res = await shipper.post(`/api/ebay/stores/${storeId}/sync`);
    expect(res.json().data).toMatchObject({ status: 'connected', last_sync_error: null });
  });

  it('keeps the last list and says why when eBay fails, then recovers', async () => {
    await simPost('/sim/fail', { operation: 'orders', count: 1, status: 503 });
    const failed = (await shipper.post(`/api/ebay/stores/${storeId}/sync`)).json().data;
    expect(failed.last_sync_error).toBe('http_503');
    expect(failed.next_sync_at).not.toBeNull();
    expect((await ordersOf(shipper)).meta.total).toBeGreaterThan(100);
    expect((await shipper.post(`/api/ebay/stores/${storeId}/sync`)).json().data.last_sync_error).toBeNull();
  });
});

describe('an order', () => {
  it('fills the quote form: addresses, catalog items by SKU, the rest to complete by hand', async () => {
    const list = (await ordersOf(shipper, '&q=MISC-9')).data as { id: string; items: { sku: string }[] }[];
    const order = list[0]!;
    const input = (await shipper.get(`/api/ebay/orders/${order.id}/quote-input`)).json().data;
    expect(input.unmatched.map((u: { sku: string }) => u.sku)).toContain('MISC-9');
    expect(input.input.destination).toMatchObject({ country: 'US', site_type: 'residential' });
    // The ship-to is checked as the address book checks addresses.
    expect(input.ship_to_verified).toBe(true);
    expect(input.input.origin.postal_code).toBeTruthy();
    // Picked up on the first date every form proposes from that origin (holidays and the cut-off counted).
    const origin = input.input.origin;
    const first = (await shipper.get(`/api/pickup-dates/first?country=${origin.country}&postal_code=${origin.postal_code}`)).json().data;
    expect(input.input.pickup_date).toBe(first.date);
    expect(isBusinessDay(input.input.pickup_date, 'US')).toBe(true);
    const known = order.items.filter((i) => i.sku !== 'MISC-9').length;
    expect(input.input.items).toHaveLength(known);
    // Gaskets alone fit a parcel; a drum does not.
    const gaskets = ((await ordersOf(shipper, '&q=GK-12')).data as { id: string; items: { sku: string }[] }[]).find(
      (o) => o.items.length === 1,
    );
    if (gaskets) expect((await shipper.get(`/api/ebay/orders/${gaskets.id}/quote-input`)).json().data.input.mode).toBe('parcel');
  });

  it("quoted: the order is marked, and its quote carries the buyer's address for the booking form", async () => {
    const [order] = (await ordersOf(shipper)).data as { id: string; ship_to: { name: string; line1: string; postal_code: string } }[];
    const quote = await createQuote(t, shipper);
    const res = await shipper.post(`/api/ebay/orders/${order!.id}/quote`, { quote_id: quote.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.booking_prefill.delivery).toMatchObject({
      company: order!.ship_to.name,
      street1: order!.ship_to.line1,
      postal_code: order!.ship_to.postal_code,
    });
    expect((await shipper.get(`/api/ebay/orders/${order!.id}`)).json().data).toMatchObject({ status: 'quoted', quote_id: quote.id });
    const theirs = await createQuote(t, other);
    expect((await shipper.post(`/api/ebay/orders/${order!.id}/quote`, { quote_id: theirs.id })).statusCode).toBe(422);
  });

  it('shipped: the tracking goes back to eBay; eBay down then recovered; already fulfilled counts as done', async () => {
    const [order] = (await ordersOf(shipper)).data as { id: string; ebay_order_id: string }[];
    const shipment = await insertShipment(db(), { email: 'shipper@demo.test', proNumber: '5550001234' });
    await simPost('/sim/fail', { operation: 'fulfillment', count: 1, status: 503 });
    const linked = await shipper.post(`/api/ebay/orders/${order!.id}/shipment`, { shipment_id: shipment.id });
    expect(linked.json().data).toMatchObject({ status: 'shipped', shipment: { id: shipment.id, tracking_number: '5550001234' } });
    await t.app.jobs.runDue(50);
    const failed = (await shipper.get(`/api/ebay/orders/${order!.id}`)).json().data;
    expect(failed.fulfillment_error).toBe('http_503');
    expect(failed.fulfilled_at).toBeNull();
    const incidents = await db().select().from(apiIncidents).where(eq(apiIncidents.operation, 'ebay.fulfill'));
    expect(incidents.length).toBe(1);
    expect(JSON.stringify(incidents[0]!.request)).not.toContain('sim-');
    // The job tries again a minute later.
    t.clock.advanceMinutes(2);
    await t.app.jobs.runDue(50);
    const done = (await shipper.get(`/api/ebay/orders/${order!.id}`)).json().data;
    expect(done).toMatchObject({ fulfillment_error: null, status: 'shipped' });
    expect(done.fulfilled_at).not.toBeNull();
    // It left the list of orders to ship, and a sync (eBay now says FULFILLED) keeps it shipped.
    await shipper.post(`/api/ebay/stores/${storeId}/sync`);
    expect(((await ordersOf(shipper)).data as { id: string }[]).map((o) => o.id)).not.toContain(order!.id);
    // Asked again (an answer lost on the way), eBay's 'already fulfilled' is success.
    await db().update(ebayOrders).set({ fulfilledAt: null }).where(eq(ebayOrders.id, order!.id));
    expect((await shipper.post(`/api/ebay/orders/${order!.id}/retry-fulfillment`)).statusCode).toBe(202);
    await t.app.jobs.runDue(50);
    expect((await shipper.get(`/api/ebay/orders/${order!.id}`)).json().data.fulfilled_at).not.toBeNull();
  });
});

type ListedOrder = { id: string; ebay_order_id: string; items: { sku: string; quantity: number }[]; ship_to: { phone: string } };
/** The newest order of `quantity` × `sku` alone. */
async function onlyOf(sku: string, quantity?: number) {
  const list = (await ordersOf(shipper, `&q=${sku}`)).data as ListedOrder[];
  const order = list.find((o) => o.items.length === 1 && o.items[0]!.sku === sku && (!quantity || o.items[0]!.quantity === quantity));
  if (!order) throw new Error(`no order of ${sku} alone`);
  return order;
}
const fillOf = async (order: { id: string }) => (await shipper.get(`/api/ebay/orders/${order.id}/quote-input`)).json().data;
const quoteCount = async () => (await shipper.get('/api/quotes?per_page=1')).json().meta.total as number;

describe('the mode an order ships by', () => {
  it('three rolls fit parcel and LTL: the seller is asked, both are rated (nothing stored) and LTL is the cheaper', async () => {
    const rolls = await onlyOf('KP-36', 3);
    const fill = await fillOf(rolls);
    expect(fill.modes).toEqual({ ltl: true, parcel: true, parcel_problem: null });
    expect(fill.input.mode).toBeUndefined();
    const before = await quoteCount();
    const res = await shipper.get(`/api/ebay/orders/${rolls.id}/mode-rates`);
    expect(res.statusCode, res.body).toBe(200);
    const { parcel, ltl, cheapest } = res.json().data;
    expect(parcel).toMatchObject({ currency: 'USD', carrier_name: expect.any(String) });
    expect(ltl.total_cents).toBeLessThan(parcel.total_cents);
    expect(cheapest).toBe('ltl');
    expect(await quoteCount()).toBe(before);
  });

  it('a 480 lb drum is too heavy for parcel: quoted as LTL, and the reason is given', async () => {
    const drum = await onlyOf('DG-55');
    const fill = await fillOf(drum);
    expect(fill.modes).toEqual({ ltl: true, parcel: false, parcel_problem: 'weight' });
    expect(fill.input.mode).toBe('ltl');
    const rates = (await shipper.get(`/api/ebay/orders/${drum.id}/mode-rates`)).json().data;
    expect(rates).toMatchObject({ parcel: null, cheapest: 'ltl' });
  });

  it('gaskets in envelopes go only by parcel', async () => {
    const fill = await fillOf(await onlyOf('GK-12'));
    expect(fill.modes).toEqual({ ltl: false, parcel: true, parcel_problem: null });
    expect(fill.input.mode).toBe('parcel');
  });

  it("an order with an item not in the catalog is not rated; another account's order is not found", async () => {
    const [mixed] = (await ordersOf(shipper, '&q=MISC-9')).data as ListedOrder[];
    expect((await shipper.get(`/api/ebay/orders/${mixed!.id}/mode-rates`)).json().data).toEqual({
      parcel: null,
      ltl: null,
      cheapest: null,
    });
    expect((await other.get(`/api/ebay/orders/${mixed!.id}/mode-rates`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/ebay/orders/${mixed!.id}/mode-rates`)).statusCode).toBe(401);
  });
});

describe('booking an order', () => {
  it("books the rolls as LTL without the buyer's email, with the order's phone; the booking ships the order and its tracking goes to eBay as 'Other'", async () => {
    const rolls = await onlyOf('KP-36', 3);
    const fill = await fillOf(rolls);
    const rated = await shipper.post('/api/quotes', { ...fill.input, mode: 'ltl', accessorials: [] });
    expect(rated.statusCode, rated.body).toBe(201);
    const quote = (await shipper.post(`/api/ebay/orders/${rolls.id}/quote`, { quote_id: rated.json().data.id })).json().data as QuoteData;
    const { pickup, delivery } = quote.booking_prefill!;
    expect(delivery).toMatchObject({ email: '', phone: rolls.ship_to.phone });
    expect(rolls.ship_to.phone).toMatch(/^512555\d{4}$/);
    const body = bookingBody(quote, { pickup, delivery, residential_or_liftgate: true });

    // The consignee cannot be mailed without an email; a quote of no eBay order needs one as before.
    const mailed = await book(shipper, { ...body, notify_consignee: true });
    expect(mailed.statusCode).toBe(422);
    expect(mailed.json().errors['delivery.email']).toBeDefined();
    const plain = await createQuote(t, shipper);
    const refused = await book(shipper, bookingBody(plain, { delivery: dallasPlace({ email: '' }) }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['delivery.email']).toBeDefined();

    const booked = await book(shipper, body);
    expect(booked.statusCode, booked.body).toBe(201);
    const shipment = booked.json().data as { id: string; bol_number: string; mode: string };
    expect(shipment.mode).toBe('ltl');
    // Booking the order's quote ships the order: no call of its own is needed.
    expect((await shipper.get(`/api/ebay/orders/${rolls.id}`)).json().data).toMatchObject({
      status: 'shipped',
      shipment: { id: shipment.id },
    });
    await t.app.jobs.runDue(50);
    expect((await shipper.get(`/api/ebay/orders/${rolls.id}`)).json().data).toMatchObject({ status: 'shipped', fulfillment_error: null });
    const written = await (await fetch(`${sim.url}/sim/fulfillments/acme-seller/${rolls.ebay_order_id}`)).json();
    expect(written.shippingCarrierCode).toBe('Other');
    expect(written.shipmentTrackingNumber).toBeTruthy();
  });
});

describe('account isolation', () => {
  it('another account gets 404 for the store and its orders, and never lists them', async () => {
    const [order] = (await ordersOf(shipper)).data as { id: string }[];
    expect((await ordersOf(other)).data).toEqual([]);
    expect((await other.get(`/api/ebay/orders/${order!.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/ebay/orders/${order!.id}/quote-input`)).statusCode).toBe(404);
    const theirs = await insertShipment(db(), { email: 'other@demo.test' });
    expect((await other.post(`/api/ebay/orders/${order!.id}/shipment`, { shipment_id: theirs.id })).statusCode).toBe(404);
    // The shipper cannot attach another account's shipment either.
    expect((await shipper.post(`/api/ebay/orders/${order!.id}/shipment`, { shipment_id: theirs.id })).statusCode).toBe(422);
    expect((await other.post(`/api/ebay/stores/${storeId}/sync`)).statusCode).toBe(404);
    expect((await other.request({ method: 'DELETE', url: `/api/ebay/stores/${storeId}` })).statusCode).toBe(404);
    expect((await t.client().get('/api/ebay/orders')).statusCode).toBe(401);
  });
});

describe('a revoked consent', () => {
  it('marks the store disconnected with the reason, and keeps its orders', async () => {
    const [row] = await db().select().from(ebayStores).where(eq(ebayStores.id, storeId));
    await simPost('/sim/revoke', { token: secretBox(EBAY_TEST_APP_KEY, 'ebay-tokens').open(row!.refreshTokenEnc!) });
    t.clock.advanceMinutes(3 * 60);
    const res = (await shipper.post(`/api/ebay/stores/${storeId}/sync`)).json().data;
    expect(res).toMatchObject({ status: 'disconnected', last_sync_error: 'consent_lost' });
    const kept = await db()
      .select()
      .from(ebayOrders)
      .where(and(eq(ebayOrders.storeId, storeId)));
    expect(kept.length).toBeGreaterThan(100);
    // Reconnecting the same eBay user brings the same store back.
    await connect(shipper, 'acme-seller');
    expect((await shipper.get('/api/ebay/stores')).json().data).toEqual([expect.objectContaining({ id: storeId, status: 'connected' })]);
  });
});

describe("eBay's account deletion notifications", () => {
  const notify = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ebay/notifications',
      headers: { 'content-type': 'application/json', 'x-ebay-signature': signature },
      payload: body,
    });
  const signed = async (username: string) =>
    (await (await simPost('/sim/deletion-notification', { username })).json()) as { body: string; signature: string };

  it("answers eBay's challenge with the hash of the code, the verification token and the endpoint", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ebay/notifications?challenge_code=a8628072-3d33-45ee' });
    const token = simulatorVerificationToken(EBAY_TEST_APP_KEY);
    expect(res.json()).toEqual({
      challengeResponse: createHash('sha256')
        .update(`a8628072-3d33-45ee${token}http://127.0.0.1:3000/api/ebay/notifications`)
        .digest('hex'),
    });
  });

  it("verifies the signature, then forgets a deleted buyer's personal data, and refuses a forged notification", async () => {
    const [order] = (await ordersOf(shipper)).data as { id: string; buyer: string; ship_to: { city: string } }[];
    const note = await signed(order!.buyer);
    const forged = note.body.replace(order!.buyer, 'someone_else');
    expect((await notify(forged, note.signature)).statusCode).toBe(412);
    expect((await notify(note.body, 'bm90LWEtc2lnbmF0dXJl')).statusCode).toBe(412);
    expect((await shipper.get(`/api/ebay/orders/${order!.id}`)).json().data.buyer).toBe(order!.buyer);
    expect((await notify(note.body, note.signature)).statusCode).toBe(204);
    const after = (await shipper.get(`/api/ebay/orders/${order!.id}`)).json().data;
    expect(after).toMatchObject({ buyer: '', ship_to: { name: '', line1: '', phone: '', city: order!.ship_to.city } });
  });

  it("disconnects a deleted seller's store and erases its tokens", async () => {
    const note = await signed('acme-seller');
    expect((await notify(note.body, note.signature)).statusCode).toBe(204);
    expect((await shipper.get('/api/ebay/stores')).json().data[0]).toMatchObject({
      status: 'disconnected',
      last_sync_error: 'account_deleted',
    });
    const [row] = await db().select().from(ebayStores).where(eq(ebayStores.id, storeId));
    expect(row).toMatchObject({ accessTokenEnc: null, refreshTokenEnc: null });
  });
});
