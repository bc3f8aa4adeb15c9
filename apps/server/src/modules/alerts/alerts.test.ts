import type { AlertListResponse, ExceptionQueueResponse } from '@freight/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alerts, auditLog, deliveryReceipts, shipments, shipmentWatchers } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { teamMember } from '../../test/team';
import { insertCarrierEvent, insertShipment, setTrackingSecret, setUserSettings, signature, userByEmail } from '../tracking/test-fixtures';
import { alertEvaluator } from './alert-evaluator';
import { alertNotifier } from './alert-notifier';

/**
 * The alert rules on the controllable clock (a Wednesday before Thanksgiving, 9 AM in Chicago):
 * each raises once, delivery closes, the watchers are told by their channels, staff's queue and
 * its audited bulk acknowledge, and accounts kept apart.
 */
let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let ops: TestClient;
const SECRET = 'odfl-alerts-secret-0123456789abcdef';
const START = new Date('2026-11-25T15:00:00Z');

beforeAll(async () => {
  t = await createTestApp({}, {}, { start: START });
  await setTrackingSecret(t.database.db, 'ODFL', SECRET);
});
// The clock moves on by days: each test signs in afresh, remembered (30 days idle).
beforeEach(async () => {
  shipper = await t.client().login('shipper@demo.test', 'Demo#2026', true);
  other = await t.client().login('other@demo.test', 'Demo#2026', true);
  ops = await t.client().login('ops@demo.test', 'Demo#2026', true);
});
afterAll(async () => {
  await t.close();
});

const evaluator = () => alertEvaluator({ db: t.database.db, now: () => t.clock.now, jobs: t.app.jobs });
const at = (iso: string) => {
  t.clock.now = new Date(iso);
};
const alertsOf = (shipmentId: string) =>
  t.database.db.select().from(alerts).where(eq(alerts.shipmentId, shipmentId)).orderBy(asc(alerts.raisedAt), asc(alerts.kind));
/** Runs the jobs due (the notify job among them) until none is left. */
async function runJobs() {
  while ((await t.app.jobs.runDue(50)) > 0);
}
const mailsAbout = async (to: string, bol: string) => (await mailsTo(t, to)).filter((m) => m.subject.includes(bol));

/** Posts events as the carrier would, signed. */
async function post(events: Record<string, unknown>[]) {
  const raw = JSON.stringify({ events });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/carriers/ODFL/tracking-events',
    headers: { 'content-type': 'application/json', 'x-signature': signature(SECRET, raw) },
    payload: raw,
  });
  await t.app.background.drain();
  expect(res.statusCode, res.body).toBe(202);
}
const event = (bol: string, code: string, occurredAt: string, extra: Record<string, unknown> = {}) => ({
  bol_number: bol,
  status_code: code,
  occurred_at: occurredAt,
  city: 'Joliet',
  state: 'IL',
  description: `Carrier says ${code}`,
  ...extra,
});

describe('the rules', () => {
  it('no pickup: raised once after the pickup window (plus its grace), closed by the pickup', async () => {
    at('2026-11-25T15:00:00Z');
    const s = await insertShipment(t.database.db, { status: 'dispatched', pickupDate: '2026-11-25' });
    // The window ends at 16:00 in Chicago (22:00 UTC); an hour's grace for the carrier's event.
    await evaluator().sweep();
    at('2026-11-25T22:30:00Z');
    await evaluator().sweep();
    expect(await alertsOf(s.id)).toEqual([]);
    at('2026-11-25T23:05:00Z');
    await evaluator().sweep();
    await evaluator().sweep();
    const [alert, ...more] = await alertsOf(s.id);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ kind: 'no_pickup', closedAt: null, details: { pickup_window_end: '2026-11-25T22:00:00Z' } });

    await runJobs();
    const mails = await mailsAbout('shipper@demo.test', s.bolNumber);
    expect(mails.map((m) => m.subject)).toEqual([`Not picked up: BOL ${s.bolNumber}`]);
    expect(mails[0]?.text).toContain('by the end of its pickup window');
    expect(mails[0]?.text).toContain(`http://127.0.0.1:3000/track/detail/${s.id}`);

    await post([event(s.bolNumber, 'AF', '2026-11-25T16:50:00-06:00')]);
    expect((await alertsOf(s.id))[0]?.closedAt).toEqual(t.clock.now);
    await evaluator().sweep();
    expect(await alertsOf(s.id)).toHaveLength(1);
  });

  it('stalled: in transit with no event for 24 hours; a new event closes it, a new silence raises another', async () => {
    at('2026-11-26T12:00:00Z');
    const s = await insertShipment(t.database.db, { status: 'in_transit', pickupDate: '2026-11-24', estimatedDelivery: '2026-12-04' });
    await insertCarrierEvent(t.database.db, s.id, 'AF', 'in_transit', '2026-11-25T13:00:00Z');
    await evaluator().sweep();
    expect(await alertsOf(s.id)).toEqual([]);
    at('2026-11-26T13:01:00Z');
    await evaluator().sweep();
    await evaluator().sweep();
    const first = await alertsOf(s.id);
    expect(first.map((a) => [a.kind, a.details])).toEqual([['stalled', { last_event_at: '2026-11-25T13:00:00Z' }]]);

    await post([event(s.bolNumber, 'X6', '2026-11-26T07:00:00-06:00')]);
    expect((await alertsOf(s.id))[0]?.closedAt).not.toBeNull();
    at('2026-11-27T14:00:00Z');
    await evaluator().sweep();
    const again = await alertsOf(s.id);
    expect(again.map((a) => [a.kind, a.closedAt === null])).toEqual([
      ['stalled', false],
      ['stalled', true],
    ]);
  });

  it('window slipping: the promised date passed at the destination without delivery; delivery closes it', async () => {
    at('2026-11-28T05:30:00Z'); // still the 27th in Dallas
    const s = await insertShipment(t.database.db, { status: 'in_transit', pickupDate: '2026-11-24', estimatedDelivery: '2026-11-27' });
    await insertCarrierEvent(t.database.db, s.id, 'AF', 'in_transit', '2026-11-28T04:00:00Z');
    await evaluator().sweep();
    expect((await alertsOf(s.id)).map((a) => a.kind)).toEqual([]);
    at('2026-11-28T06:30:00Z');
    await evaluator().sweep();
    expect((await alertsOf(s.id)).map((a) => [a.kind, a.details])).toEqual([
      ['window_slipping', { promised_on: '2026-11-27', expected_on: null }],
    ]);

    await post([event(s.bolNumber, 'D1', '2026-11-28T00:20:00-06:00', { city: 'Dallas', state: 'TX' })]);
    expect((await alertsOf(s.id)).every((a) => a.closedAt !== null)).toBe(true);
  });

  it('delivered with exceptions: raised from the receipt the carrier posts with its D1, once; never closed by the delivery', async () => {
    at('2026-11-28T16:00:00Z');
    const s = await insertShipment(t.database.db, { status: 'in_transit', pickupDate: '2026-11-25', estimatedDelivery: '2026-12-01' });
    const pod = { signer_name: 'Luis Garza', exceptions: [{ kind: 'damage', pieces: 1, note: 'Corner crushed' }] };
    await post([event(s.bolNumber, 'D1', '2026-11-28T09:40:00-06:00', { city: 'Dallas', state: 'TX', pod })]);
    expect(await t.database.db.select().from(deliveryReceipts).where(eq(deliveryReceipts.shipmentId, s.id))).toHaveLength(1);
    await evaluator().sweep();
    const rows = await alertsOf(s.id);
    expect(rows.map((a) => [a.kind, a.closedAt, a.details])).toEqual([['delivered_with_exceptions', null, { exceptions: ['damage'] }]]);
  });

  it('action required: set by staff raises it at once with their message; cleared closes it', async () => {
    const s = await insertShipment(t.database.db, { status: 'in_transit', pickupDate: '2026-11-26', estimatedDelivery: '2026-12-04' });
    await insertCarrierEvent(t.database.db, s.id, 'AF', 'in_transit', t.clock.now.toISOString());
    const set = await ops.post(`/api/admin/shipments/${s.id}/action-required`, { action_required: true, message: 'Call the consignee' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await alertsOf(s.id)).map((a) => [a.kind, a.closedAt, a.details])).toEqual([
      ['action_required', null, { message: 'Call the consignee' }],
    ]);
    await ops.post(`/api/admin/shipments/${s.id}/action-required`, { action_required: false });
    expect((await alertsOf(s.id))[0]?.closedAt).not.toBeNull();
  });

  it('the sweep runs as a job every 5 minutes on the app clock', async () => {
    const s = await insertShipment(t.database.db, { status: 'pending', pickupDate: '2026-11-20', estimatedDelivery: '2026-12-10' });
    await runJobs();
    t.clock.advanceMinutes(6);
    await runJobs();
    expect((await alertsOf(s.id)).map((a) => a.kind)).toEqual(['no_pickup']);
  });
});

describe('telling the watchers', () => {
  it('honours each one’s channels per kind, in their language; one watcher’s choice is not another’s', async () => {
    const watcher = await teamMember(t, 'Demo Shipper Co', 'watcher@alerts.test', 'shipper');
    await setUserSettings(t.database.db, 'watcher@alerts.test', { language: 'es' });
    const watcherClient = await t.client().login('watcher@alerts.test', 'Demo#2026', true);
    // The booker turns mail off for stalled alerts (portal stays), the watcher keeps the defaults.
    const put = await shipper.put('/api/settings/alerts', { preferences: [{ kind: 'stalled', portal: true, mail: false, sms: false }] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().preferences).toContainEqual({ kind: 'stalled', portal: true, mail: false, sms: false });
    expect(put.json().preferences).toContainEqual({ kind: 'no_pickup', portal: true, mail: true, sms: false });
    expect(put.json().preferences).toHaveLength(5);

    at('2026-11-29T12:00:00Z');
    const s = await insertShipment(t.database.db, { status: 'in_transit', pickupDate: '2026-11-25', estimatedDelivery: '2026-12-10' });
    await insertCarrierEvent(t.database.db, s.id, 'AF', 'in_transit', '2026-11-28T08:00:00Z');
    await t.database.db
      .insert(shipmentWatchers)
      .values({ shipmentId: s.id, userId: watcher.id, addedBy: watcher.id, createdAt: t.clock.now });
    await evaluator().sweep();
    await runJobs();
    expect(await mailsAbout('shipper@demo.test', s.bolNumber)).toEqual([]);
    const toWatcher = await mailsAbout('watcher@alerts.test', s.bolNumber);
    expect(toWatcher.map((m) => m.subject)).toEqual([`Sin novedades de rastreo en 24 horas: BOL ${s.bolNumber}`]);
    expect(toWatcher[0]?.text).toContain('no tiene novedades de rastreo');
    const unreadOf = async (c: TestClient, id: string) =>
      ((await c.get('/api/alerts?status=all')).json() as AlertListResponse).data.find((a) => a.shipment.id === id)?.unread;
    expect(await unreadOf(shipper, s.id)).toBe(true);
    expect(await unreadOf(watcherClient, s.id)).toBe(true);
    expect((await watcherClient.get('/api/alerts/unread-count')).json().unread_count).toBe(1);

    // Portal off too: nothing in the booker's inbox for the next stall.
    await shipper.put('/api/settings/alerts', { preferences: [{ kind: 'stalled', portal: false, mail: false, sms: false }] });
    const s2 = await insertShipment(t.database.db, { status: 'in_transit', pickupDate: '2026-11-25', estimatedDelivery: '2026-12-10' });
    await insertCarrierEvent(t.database.db, s2.id, 'AF', 'in_transit', '2026-11-28T08:00:00Z');
    await evaluator().sweep();
    await runJobs();
    expect(await unreadOf(shipper, s2.id)).toBe(false);
    expect(await unreadOf(watcherClient, s2.id)).toBe(false);
  });

  it('turns SMS on only for a user with a mobile number that takes texts, in the field that asked', async () => {
    const before = (await shipper.get('/api/settings/alerts')).json();
    const refused = await shipper.put('/api/settings/alerts', {
      preferences: [
        { kind: 'stalled', portal: true, mail: true, sms: false },
        { kind: 'window_slipping', portal: true, mail: true, sms: true },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'preferences.1.sms': ['Save a mobile number under Text alerts before choosing SMS'] });
    // Nothing of the refused list was kept.
    expect((await shipper.get('/api/settings/alerts')).json()).toEqual(before);

    expect((await shipper.put('/api/settings/sms', { mobile_number: '(312) 555-0142' })).statusCode).toBe(200);
    const saved = await shipper.put('/api/settings/alerts', {
      preferences: [{ kind: 'window_slipping', portal: true, mail: true, sms: true }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ sms_available: true });
    expect(saved.json().preferences).toContainEqual({ kind: 'window_slipping', portal: true, mail: true, sms: true });
    // The number removed, a kind that had SMS keeps it when the list is saved again; another cannot turn it on.
    await shipper.put('/api/settings/sms', { mobile_number: '' });
    const again = await shipper.put('/api/settings/alerts', {
      preferences: [
        { kind: 'window_slipping', portal: false, mail: true, sms: true },
        { kind: 'stalled', portal: true, mail: true, sms: true },
      ],
    });
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['preferences.1.sms']);
    expect(
      (await shipper.put('/api/settings/alerts', { preferences: [{ kind: 'window_slipping', portal: false, mail: true, sms: true }] }))
        .statusCode,
    ).toBe(200);
  });

  it('texts those with SMS on, and one failing channel stops neither the others nor the next person', async () => {
    await shipper.put('/api/settings/sms', { mobile_number: '(312) 555-0142' });
    await shipper.put('/api/settings/alerts', { preferences: [{ kind: 'action_required', portal: true, mail: true, sms: true }] });
    const s = await insertShipment(t.database.db, { status: 'in_transit', pickupDate: '2026-11-26', estimatedDelivery: '2026-12-10' });
    await t.database.db
      .update(shipments)
      .set({ actionRequired: true, actionOverride: 'set', actionMessage: 'Send the commercial invoice' })
      .where(eq(shipments.id, s.id));
    await evaluator().evaluateShipment(s.id);
    const texts: { userId: string; body: string }[] = [];
    const notifier = alertNotifier(
      {
        db: t.database.db,
        now: () => t.clock.now,
        config: t.config,
        appKey: 'a-key-for-the-consignees-unsubscribe-links',
        mailer: {
          send: async () => {
            throw new Error('the mail server is down');
          },
        },
      },
      {
        sendSms: async (_db, userId, body) => {
          texts.push({ userId, body });
          throw new Error('the text provider is down');
        },
      },
    );
    await notifier.notifyPending();
    const booker = await userByEmail(t.database.db, 'shipper@demo.test');
    expect(texts.filter((x) => x.body.includes(s.bolNumber))).toEqual([
      { userId: booker.id, body: `Freight Portal: Action Required, BOL ${s.bolNumber}. http://127.0.0.1:3000/track/detail/${s.id}` },
    ]);
    const listed = (await shipper.get('/api/alerts')).json() as AlertListResponse;
    expect(listed.data.find((a) => a.shipment.id === s.id)).toMatchObject({ kind: 'action_required', unread: true });
    const [alert] = await alertsOf(s.id);
    expect(alert?.notifiedAt).not.toBeNull();
  });

  it('refuses a preference list naming a kind twice or an unknown kind', async () => {
    const twice = await shipper.put('/api/settings/alerts', {
      preferences: [
        { kind: 'stalled', portal: true, mail: true, sms: false },
        { kind: 'stalled', portal: true, mail: false, sms: false },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(
      (await shipper.put('/api/settings/alerts', { preferences: [{ kind: 'late', portal: true, mail: true, sms: false }] })).statusCode,
    ).toBe(422);
  });
});

describe('the shipper’s list', () => {
  it('lists the account’s alerts newest first with their shipment, marks one read, and keeps other accounts out', async () => {
    const res = await shipper.get('/api/alerts?status=all');
    expect(res.statusCode).toBe(200);
    const body = res.json() as AlertListResponse;
    expect(body.data.length).toBeGreaterThan(3);
    const times = body.data.map((a) => a.raised_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.has_more).toBe(false);
    const unread = body.data.find((a) => a.unread);
    expect(unread).toBeDefined();
    expect(Object.keys(unread ?? {}).sort()).toEqual(
      ['acknowledged_at', 'closed_at', 'details', 'id', 'kind', 'raised_at', 'shipment', 'state', 'unread'].sort(),
    );
    expect(Object.keys(unread?.shipment ?? {}).sort()).toEqual(
      ['carrier_name', 'destination', 'id', 'number', 'origin', 'pro_number', 'status'].sort(),
    );

    const open = (await shipper.get('/api/alerts')).json() as AlertListResponse;
    expect(open.data.every((a) => a.state !== 'closed')).toBe(true);
    expect(open.data.length).toBeLessThan(body.data.length);

    const read = await shipper.post(`/api/alerts/${unread?.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().unread_count).toBe(body.unread_count - 1);

    // Another account sees none of them, and their ids are not found.
    expect(((await other.get('/api/alerts?status=all')).json() as AlertListResponse).data).toEqual([]);
    const foreign = await other.post(`/api/alerts/${unread?.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect((await other.post('/api/alerts/not-an-id/read')).statusCode).toBe(404);

    expect((await shipper.post('/api/alerts/read-all')).json()).toEqual({ unread_count: 0 });
  });
});

describe('the staff exceptions queue', () => {
  it('is for ops and the admins only', async () => {
    for (const email of ['sales@demo.test', 'accounting@demo.test', 'salesadmin@demo.test']) {
      const c = await t.client().login(email);
      const res = await c.get('/api/admin/exceptions');
      expect(res.statusCode, email).toBe(403);
      expect((await c.post('/api/admin/exceptions/acknowledge', { ids: [] })).statusCode, email).toBe(403);
    }
    expect((await shipper.get('/api/admin/exceptions')).statusCode).toBe(403);
    expect((await (await t.client().login('super@demo.test')).get('/api/admin/exceptions')).statusCode).toBe(200);
  });

  it('lists open alerts oldest first with account, shipment and last event; filters by kind; acknowledges in bulk, audited', async () => {
    const res = await ops.get('/api/admin/exceptions');
    expect(res.statusCode).toBe(200);
    const queue = res.json() as ExceptionQueueResponse;
    const times = queue.data.map((a) => a.raised_at);
    expect([...times].sort()).toEqual(times);
    expect(queue.data.length).toBeGreaterThan(2);
    const stalled = queue.data.find((a) => a.kind === 'stalled');
    expect(stalled).toMatchObject({ account_name: 'Demo Shipper Co', shipment: { carrier_name: 'Old Dominion Freight Line' } });
    expect(Object.keys(stalled?.last_event ?? {}).sort()).toEqual(['description', 'location', 'occurred_at', 'status_code']);
    expect(stalled?.last_event?.location).toBe('Joliet, IL');
    expect(Object.values(queue.counts).reduce((a, b) => a + b, 0)).toBe(queue.data.length);

    const onlyStalled = (await ops.get('/api/admin/exceptions?kind=stalled')).json() as ExceptionQueueResponse;
    expect(onlyStalled.data.every((a) => a.kind === 'stalled')).toBe(true);
    expect(onlyStalled.data).toHaveLength(queue.counts.stalled);
    expect((await ops.get('/api/admin/exceptions?kind=late')).statusCode).toBe(422);

    const ids = queue.data.slice(0, 2).map((a) => a.id);
    const ack = await ops.post('/api/admin/exceptions/acknowledge', { ids: [...ids, '00000000-0000-4000-8000-000000000000'] });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toEqual({ acknowledged: 2 });
    expect((await ops.post('/api/admin/exceptions/acknowledge', { ids })).json()).toEqual({ acknowledged: 0 });
    const after = (await ops.get('/api/admin/exceptions')).json() as ExceptionQueueResponse;
    expect(after.data.map((a) => a.id)).not.toContain(ids[0]);
    expect(after.data).toHaveLength(queue.data.length - 2);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alert.acknowledge')));
    expect(entries.map((e) => e.entityId).sort()).toEqual([...ids].sort());
    expect(entries[0]?.actorEmail).toBe('ops@demo.test');
    expect(entries[0]?.targetLabel).toMatch(/: BOL \d+$/);

    // The shipper sees them acknowledged, still open.
    const mine = (await shipper.get('/api/alerts?status=all')).json() as AlertListResponse;
    expect(mine.data.find((a) => a.id === ids[0])?.state).toBe('acknowledged');
    expect((await ops.post('/api/admin/exceptions/acknowledge', { ids: [] })).statusCode).toBe(422);
  });

  it('a delivered shipment’s time-based alerts are closed and leave the queue', async () => {
    const s = await insertShipment(t.database.db, { status: 'dispatched', pickupDate: '2026-11-20', estimatedDelivery: '2026-11-24' });
    await evaluator().sweep();
    expect((await alertsOf(s.id)).map((a) => a.kind).sort()).toEqual(['no_pickup', 'window_slipping']);
    await t.database.db.update(shipments).set({ status: 'delivered', deliveredAt: t.clock.now }).where(eq(shipments.id, s.id));
    await evaluator().sweep();
    expect((await alertsOf(s.id)).every((a) => a.closedAt !== null)).toBe(true);
    const queue = (await ops.get('/api/admin/exceptions')).json() as ExceptionQueueResponse;
    expect(queue.data.some((a) => a.shipment.id === s.id)).toBe(false);
  });
});
