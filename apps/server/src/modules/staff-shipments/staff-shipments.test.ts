import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shipmentReferences, shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { insertShipment } from '../tracking/test-fixtures';

let t: TestApp;
let ops: TestClient;
let sales: TestClient;
let shipper: TestClient;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  // After the events these tests record: staff cannot record one still to come.
  t.clock.now = new Date('2026-11-28T18:00:00Z');
  ops = await t.client().login('ops@demo.test');
  sales = await t.client().login('sales@demo.test');
  shipper = await t.client().login('shipper@demo.test');
});
afterAll(() => t.close());

const search = (c: TestClient, query: string) => c.get(`/api/admin/shipments?${query}`);
const bols = (res: { json(): { data: { bol_number: string }[] } }) => res.json().data.map((r) => r.bol_number);

describe('GET /api/admin/shipments: every account, by any number and filter', () => {
  it('finds a shipment by BOL, PRO, pickup, tracking and reference number, with its account', async () => {
    const s = await insertShipment(db(), { email: 'other@demo.test', proNumber: '7700112233' });
    await db().insert(shipmentReferences).values({ shipmentId: s.id, position: 0, type: 'po_number', value: 'po-4471' });
    for (const q of [s.bolNumber, '7700112233', s.pickupNumber as string, 'PO-4471', 'po-4471']) {
      const res = await search(ops, `q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(bols(res), q).toEqual([s.bolNumber]);
      expect(res.json().data[0].account.name).toBe('Other Freight LLC');
    }
    const parcel = await insertShipment(db(), { mode: 'parcel', trackingNumber: '1Z999AA10123456784' });
    expect(bols(await search(sales, 'q=1z999aa10123456784'))).toEqual([parcel.bolNumber]);
    expect((await search(ops, 'q=NOPE-0000')).json().data).toEqual([]);
  });

  it('filters by account name, status, Action Required, pickup dates, lane and mode', async () => {
    const a = await insertShipment(db(), { pickupDate: '2026-12-01' });
    const b = await insertShipment(db(), { email: 'other@demo.test', pickupDate: '2026-12-02', status: 'delayed' });
    await db().update(shipments).set({ actionRequired: true, originState: 'WA', destinationState: 'FL' }).where(eq(shipments.id, b.id));
    expect(bols(await search(ops, 'account=other%20freight&status=delayed'))).toEqual([b.bolNumber]);
    expect(bols(await search(ops, 'action_required=1&origin_state=wa&destination_state=FL'))).toEqual([b.bolNumber]);
    const dated = bols(await search(ops, 'pickup_from=2026-12-01&pickup_to=2026-12-01'));
    expect(dated).toContain(a.bolNumber);
    expect(dated).not.toContain(b.bolNumber);
    expect((await search(ops, 'account=no%20such%20account')).json().data).toEqual([]);
    const sorted = (await search(ops, 'sort=pickup_date&dir=desc&per_page=2')).json();
    expect(sorted.data[0].pickup_date >= sorted.data[1].pickup_date).toBe(true);
    expect(sorted.meta).toMatchObject({ current_page: 1, per_page: 2 });
  });

  it("offers staff every carrier for the list's carrier filter, and customers none", async () => {
    const res = await ops.get('/api/admin/shipments/carriers');
    expect(res.statusCode).toBe(200);
    const modes = new Set(res.json().data.map((c: { mode: string }) => c.mode));
    expect([...modes].sort()).toEqual(['ltl', 'parcel', 'truckload']);
    expect((await shipper.get('/api/admin/shipments/carriers')).statusCode).toBe(403);
  });

  it('answers 422 with the field for bad filters, 403 to customers, 401 without a session', async () => {
    const bad = await search(ops, 'status=lost&pickup_from=tomorrow');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['pickup_from', 'status']);
    expect((await search(shipper, '')).statusCode).toBe(403);
    expect((await t.client().get('/api/admin/shipments')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/shipments/:id', () => {
  it('shows the shipment with its account, booking user, raw events, documents and notes', async () => {
    const s = await insertShipment(db(), { email: 'other@demo.test' });
    const res = await ops.get(`/api/admin/shipments/${s.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.account.name).toBe('Other Freight LLC');
    expect(d.booked_by.email).toBe('other@demo.test');
    expect(d.shipment.bol_number).toBe(s.bolNumber);
    expect(d.shipment.documents[0].url).toBe(`/api/admin/shipments/${s.id}/documents/bol`);
    const pdf = await ops.get(d.shipment.documents[0].url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The shipper's own route still answers only the shipper's account.
    expect((await shipper.get(`/api/shipments/${s.id}/documents/bol`)).statusCode).toBe(404);
    expect((await ops.get('/api/admin/shipments/not-a-uuid')).statusCode).toBe(404);
    expect((await shipper.get(`/api/admin/shipments/${s.id}`)).statusCode).toBe(403);
  });
});

describe('staff actions', () => {
  it("a Delayed event added by hand reaches the shipper's detail, the public page and the mail, and is audited", async () => {
    const s = await insertShipment(db(), { status: 'dispatched' });
    const body = {
      status_code: 'SD',
      reason_code: 'AO',
      occurred_at: '2026-11-25T09:30:00-06:00',
      city: 'Springfield',
      state: 'IL',
      description: 'Delayed by weather',
      reason: 'Driver called dispatch',
    };
    const res = await ops.post(`/api/admin/shipments/${s.id}/events`, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.shipment.status).toBe('delayed');
    expect(res.json().data.events[0]).toMatchObject({
      source: 'staff',
      status_code: 'SD',
      reason_code: 'AO',
      description: 'Delayed by weather',
    });
    await t.app.background.drain();

    const mine = (await shipper.get(`/api/shipments/${s.id}`)).json().data;
    expect(mine.status).toBe('delayed');
    expect(mine.events.at(-1).description).toBe('Delayed by weather');
    const pub = await t.app.inject({ method: 'GET', url: `/api/public/tracking/${s.bolNumber}` });
    expect(pub.json().data.status).toBe('delayed');
    expect(pub.json().data.events[0].description).toBe('Delayed by weather');
    const mails = await mailsTo(t, 'shipper@demo.test');
    expect(mails.some((m) => m.text.includes(s.bolNumber) && m.text.includes('Delayed by weather'))).toBe(true);

    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, s.id));
    expect(entry).toMatchObject({ action: 'shipment.event_added', actorEmail: 'ops@demo.test', entityType: 'shipment' });
    expect(entry?.after).toMatchObject({ reason: 'Driver called dispatch', status_code: 'SD' });
    expect(entry?.before).toMatchObject({ status: 'dispatched' });
  });

  it('refuses an event without a reason or with an unknown code (422), on a delivered shipment (409)', async () => {
    const s = await insertShipment(db());
    const bad = await ops.post(`/api/admin/shipments/${s.id}/events`, {
      status_code: 'ZZ',
      occurred_at: 'soon',
      city: '',
      state: 'IL',
      description: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['city', 'occurred_at', 'reason', 'status_code']);
    expect(bad.json().errors.reason).toEqual(['Field is required']);
    const done = await insertShipment(db(), { status: 'delivered' });
    const late = await ops.post(`/api/admin/shipments/${done.id}/events`, {
      status_code: 'X6',
      occurred_at: '2026-11-25T09:30:00Z',
      city: 'Dallas',
      state: 'TX',
      description: 'Out for delivery',
      reason: 'test',
    });
    expect(late.statusCode).toBe(409);
  });

  it("sets 'Action Required' with a message the shipper sees, clears it, and a new status ends staff's word", async () => {
    const s = await insertShipment(db(), { status: 'in_transit' });
    const set = await ops.post(`/api/admin/shipments/${s.id}/action-required`, {
      action_required: true,
      message: 'Call us to book a delivery appointment',
    });
    expect(set.statusCode).toBe(200);
    let mine = (await shipper.get(`/api/shipments/${s.id}`)).json().data;
    expect(mine).toMatchObject({ action_required: true, action_message: 'Call us to book a delivery appointment' });
    expect((await ops.post(`/api/admin/shipments/${s.id}/action-required`, { action_required: true })).statusCode).toBe(422);

    await ops.post(`/api/admin/shipments/${s.id}/action-required`, { action_required: false });
    mine = (await shipper.get(`/api/shipments/${s.id}`)).json().data;
    expect(mine).toMatchObject({ action_required: false, action_message: null });

    await ops.post(`/api/admin/shipments/${s.id}/action-required`, { action_required: true, message: 'Confirm the consignee' });
    await ops.post(`/api/admin/shipments/${s.id}/events`, {
      status_code: 'D1',
      occurred_at: '2026-11-27T10:00:00-06:00',
      city: 'Dallas',
      state: 'TX',
      description: 'Delivered',
      reason: 'POD received by email',
    });
    mine = (await shipper.get(`/api/shipments/${s.id}`)).json().data;
    expect(mine).toMatchObject({ status: 'delivered', action_required: false, action_message: null });
    const actions = (await db().select().from(auditLog).where(eq(auditLog.entityId, s.id))).map((e) => e.action).sort();
    expect(actions).toEqual([
      'shipment.action_required_cleared',
      'shipment.action_required_set',
      'shipment.action_required_set',
      'shipment.event_added',
    ]);
  });

  it("cancels on the shipper's behalf with a reason (audited), only while the shipper could", async () => {
    const s = await insertShipment(db(), { status: 'pending' });
    expect((await ops.post(`/api/admin/shipments/${s.id}/cancel`, {})).statusCode).toBe(422);
    const res = await ops.post(`/api/admin/shipments/${s.id}/cancel`, { reason: 'Customer called: freight not ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.shipment.status).toBe('canceled');
    expect(res.json().data.events[0]).toMatchObject({ source: 'staff', status_code: 'CA' });
    expect(res.json().data.audit[0]).toMatchObject({ action: 'shipment.cancel', actor_email: 'ops@demo.test' });
    expect(res.json().data.audit[0].after.reason).toBe('Customer called: freight not ready');
    const moving = await insertShipment(db(), { status: 'in_transit' });
    expect((await ops.post(`/api/admin/shipments/${moving.id}/cancel`, { reason: 'x' })).statusCode).toBe(409);
  });

  it('keeps internal notes the shipper never sees', async () => {
    const s = await insertShipment(db());
    const res = await sales.post(`/api/admin/shipments/${s.id}/notes`, { body: 'Customer asked for a liftgate next time' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.notes[0]).toMatchObject({ body: 'Customer asked for a liftgate next time', author: 'Sal Sales' });
    expect(JSON.stringify((await shipper.get(`/api/shipments/${s.id}`)).json())).not.toContain('liftgate next time');
    expect((await sales.post(`/api/admin/shipments/${s.id}/notes`, { body: '  ' })).statusCode).toBe(422);
  });

  it('the audit log cannot be changed, even beside the product', async () => {
    await expect(db().update(auditLog).set({ action: 'forged' })).rejects.toThrow();
    await expect(db().delete(auditLog)).rejects.toThrow();
  });
});

describe('event times', () => {
  it("places a local time typed without an offset in the event's state's time zone", async () => {
    const s = await insertShipment(db(), { status: 'dispatched' });
    const res = await ops.post(`/api/admin/shipments/${s.id}/events`, {
      status_code: 'X6',
      occurred_at: '2026-11-26T08:15',
      city: 'Dallas',
      state: 'TX',
      description: 'Out for delivery',
      reason: 'Carrier phoned it in',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.events[0].occurred_at).toBe('2026-11-26T14:15:00.000Z');
    const mine = (await shipper.get(`/api/shipments/${s.id}`)).json().data;
    expect(mine.events.at(-1).local_time).toBe('2026-11-26T08:15');
  });
});

describe('the order of a search', () => {
  it('lists a pickup window by pickup date, and a lane in the asked order', async () => {
    const late = await insertShipment(db(), { pickupDate: '2027-03-05' });
    const early = await insertShipment(db(), { pickupDate: '2027-03-02' });
    const window = (await search(ops, 'pickup_from=2027-03-01&pickup_to=2027-03-31')).json().data.map((r: { id: string }) => r.id);
    expect(window).toEqual([early.id, late.id]);
    await db()
      .update(shipments)
      .set({ originState: 'OR', destinationState: 'NV' })
      .where(inArray(shipments.id, [early.id, late.id]));
    for (const dir of ['asc', 'desc']) {
      const lane = (await search(ops, `origin_state=OR&destination_state=NV&sort=pickup_date&dir=${dir}`))
        .json()
        .data.map((r: { id: string }) => r.id);
      expect(lane, dir).toEqual(dir === 'asc' ? [early.id, late.id] : [late.id, early.id]);
    }
    const byStatus = (await search(ops, 'origin_state=OR&destination_state=NV&sort=status')).json();
    expect(byStatus.data).toHaveLength(2);
  });
});
