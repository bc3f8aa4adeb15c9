import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shipmentEvents, shipments, userSettings, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { insertShipment } from '../tracking/test-fixtures';

/**
 * Staff's clock on a shipment: an event typed at its place's local time (Chicago to Dallas here),
 * never in the future, and the estimated delivery set, cleared or given back to the carrier, which
 * the shipper sees everywhere.
 */
let t: TestApp;
let ops: TestClient;
let shipper: TestClient;
const db = () => t.database.db;
// Wednesday 25 November 2026, 10:30 AM in Chicago and Dallas (UTC-6), 8:30 AM in Los Angeles.
const NOW = new Date('2026-11-25T16:30:20Z');

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  ops = await t.client().login('ops@demo.test');
  shipper = await t.client().login('shipper@demo.test');
});
afterAll(() => t.close());

const event = (occurred_at: string, state = 'TX') => ({
  status_code: 'X6',
  occurred_at,
  city: state === 'TX' ? 'Dallas' : 'Los Angeles',
  state,
  description: 'Out for delivery',
  reason: 'Driver phoned in',
});

describe('a staff event at its place', () => {
  it("starts from now at the place and names the place's zone", async () => {
    const s = await insertShipment(db(), { status: 'in_transit' });
    const texas = await ops.get(`/api/admin/shipments/${s.id}/event-clock?state=TX`);
    expect(texas.statusCode).toBe(200);
    expect(texas.json().data).toEqual({ time_zone: 'America/Chicago', local_now: '2026-11-25T10:30' });
    const california = (await ops.get(`/api/admin/shipments/${s.id}/event-clock?state=ca`)).json().data;
    expect(california).toEqual({ time_zone: 'America/Los_Angeles', local_now: '2026-11-25T08:30' });
    expect((await ops.get(`/api/admin/shipments/${s.id}/event-clock`)).statusCode).toBe(422);
    expect((await shipper.get(`/api/admin/shipments/${s.id}/event-clock?state=TX`)).statusCode).toBe(403);
  });

  it('stores the default time as now, with the offset and zone of the place', async () => {
    const s = await insertShipment(db(), { status: 'in_transit' });
    const { local_now } = (await ops.get(`/api/admin/shipments/${s.id}/event-clock?state=TX`)).json().data;
    const res = await ops.post(`/api/admin/shipments/${s.id}/events`, event(local_now));
    expect(res.statusCode).toBe(201);
    const [row] = await db().select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, s.id));
    // The minute it is now, not six hours ahead.
    expect(row?.occurredAt.toISOString()).toBe('2026-11-25T16:30:00.000Z');
    expect(row).toMatchObject({ utcOffsetMinutes: -360, timeZone: 'America/Chicago' });
    expect(res.json().data.events[0]).toMatchObject({ local_time: '2026-11-25T10:30', time_zone: 'America/Chicago' });
    const mine = (await shipper.get(`/api/shipments/${s.id}`)).json().data;
    expect(mine.events.at(-1).local_time).toBe('2026-11-25T10:30');
  });

  it('refuses a time still to come at the place, in the reader’s language', async () => {
    const s = await insertShipment(db(), { status: 'in_transit' });
    // 10:31 in Dallas is a minute ahead; 8:29 in Los Angeles a minute ago.
    const ahead = await ops.post(`/api/admin/shipments/${s.id}/events`, event('2026-11-25T10:31'));
    expect(ahead.statusCode).toBe(422);
    expect(ahead.json().errors).toEqual({ occurred_at: ['The event cannot be later than now at its place.'] });
    const withOffset = await ops.post(`/api/admin/shipments/${s.id}/events`, event('2026-11-25T17:00:00Z'));
    expect(withOffset.json().errors.occurred_at).toHaveLength(1);
    const [staffUser] = await db().select().from(users).where(eq(users.email, 'ops@demo.test'));
    const speaks = (language: string) =>
      db()
        .update(userSettings)
        .set({ language })
        .where(eq(userSettings.userId, staffUser?.id ?? ''));
    await speaks('es');
    const spanish = await ops.post(`/api/admin/shipments/${s.id}/events`, event('2026-11-26T09:00'));
    await speaks('en');
    expect(spanish.json().errors.occurred_at).toEqual(['El evento no puede ser posterior a la hora actual en su lugar.']);
    expect((await ops.post(`/api/admin/shipments/${s.id}/events`, event('2026-11-25T08:29', 'CA'))).statusCode).toBe(201);
    expect(await db().select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, s.id))).toHaveLength(1);
  });
});

describe('the estimated delivery by hand', () => {
  const eta = (id: string, body: Record<string, unknown>) => ops.post(`/api/admin/shipments/${id}/eta`, body);
  /** The estimate the shipper reads on the detail, My Shipments and the public tracking page. */
  async function shipperSees(s: { id: string; bolNumber: string }) {
    const detail = (await shipper.get(`/api/shipments/${s.id}`)).json().data.estimated_delivery;
    const listed = (await shipper.get(`/api/shipments?q=${s.bolNumber}`)).json().data[0].estimated_delivery;
    const publicly = (await t.client().get(`/api/public/tracking/${s.bolNumber}`)).json().data.estimated_delivery;
    return [detail, listed, publicly];
  }

  it('sets, clears and gives it back to the carrier, with a reason, audited; the shipper sees each', async () => {
    const s = await insertShipment(db(), { status: 'in_transit', estimatedDelivery: '2026-11-27' });
    expect(await shipperSees(s)).toEqual(['2026-11-27', '2026-11-27', '2026-11-27']);

    const set = await eta(s.id, { override: 'set', date: '2026-11-30', reason: 'Consignee closed for the holiday' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.eta).toEqual({
      carrier_estimate: '2026-11-27',
      override: 'set',
      override_date: '2026-11-30',
      reason: 'Consignee closed for the holiday',
      shown: '2026-11-30',
    });
    expect(await shipperSees(s)).toEqual(['2026-11-30', '2026-11-30', '2026-11-30']);

    // A carrier's event recomputes the status; the override holds.
    expect((await ops.post(`/api/admin/shipments/${s.id}/events`, event('2026-11-25T10:00'))).statusCode).toBe(201);
    const [after] = await db().select().from(shipments).where(eq(shipments.id, s.id));
    expect(after).toMatchObject({ etaOverride: 'set', estimatedDelivery: '2026-11-27', shownEstimatedDelivery: '2026-11-30' });

    expect((await eta(s.id, { override: 'cleared', reason: 'Truck broke down, no estimate yet' })).json().data.eta.shown).toBeNull();
    expect(await shipperSees(s)).toEqual([null, null, null]);

    const back = await eta(s.id, { override: 'carrier', reason: 'Carrier estimate is reliable again' });
    expect(back.json().data.eta).toMatchObject({ override: null, override_date: null, reason: null, shown: '2026-11-27' });
    expect(await shipperSees(s)).toEqual(['2026-11-27', '2026-11-27', '2026-11-27']);

    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, s.id), eq(auditLog.entityType, 'shipment')));
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['shipment.eta_set', 'shipment.eta_cleared', 'shipment.eta_override_removed']));
    const setEntry = entries.find((e) => e.action === 'shipment.eta_set');
    expect(setEntry).toMatchObject({ targetLabel: s.bolNumber, actorEmail: 'ops@demo.test' });
    expect(setEntry?.after).toMatchObject({ shown: '2026-11-30', reason: 'Consignee closed for the holiday' });
  });

  it('needs a reason and a date from the pickup on; 403 to shippers, 404 unknown, 409 once delivered', async () => {
    const s = await insertShipment(db(), { status: 'in_transit', pickupDate: '2026-11-24' });
    const bare = await eta(s.id, { override: 'set' });
    expect(bare.statusCode).toBe(422);
    expect(Object.keys(bare.json().errors).sort()).toEqual(['date', 'reason']);
    const early = await eta(s.id, { override: 'set', date: '2026-11-20', reason: 'Typo' });
    expect(early.json().errors).toEqual({ date: ['Date needs to be after the pickup date.'] });
    expect((await eta(s.id, { override: 'maybe', reason: 'x' })).statusCode).toBe(422);
    expect((await shipper.post(`/api/admin/shipments/${s.id}/eta`, { override: 'cleared', reason: 'x' })).statusCode).toBe(403);
    expect((await eta('00000000-0000-4000-8000-000000000000', { override: 'cleared', reason: 'x' })).statusCode).toBe(404);
    const done = await insertShipment(db(), { status: 'delivered' });
    expect((await eta(done.id, { override: 'cleared', reason: 'x' })).statusCode).toBe(409);
  });
});
