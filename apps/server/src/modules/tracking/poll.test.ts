import { addBusinessDays, estimatedDelivery } from '@freight/domain/rating';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEventsUntil, demoTimeline } from '../../carrier-adapters/demo-timeline';
import { loadConfig } from '../../config';
import { apiIncidents, jobs, shipmentEvents, shipments } from '../../db/schema';
import { createMailer } from '../../mail/mailer';
import { Throttle } from '../../security/throttle';
import { createTestApp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { trackedShipment } from '../shipments/shipments.presenter';
import { defaultTrackingAdapters, POLL_JOB, pollTracking, type TrackingAdapter } from './poll';
import { carrierByScac, insertShipment } from './test-fixtures';
import { trackingService } from './tracking.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO_TRACKING: '1' });
});
afterAll(async () => {
  await t.close();
});

const today = () => t.clock.now.toISOString().slice(0, 10);
async function shipmentRow(id: string) {
  const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, id));
  if (!row) throw new Error('no shipment');
  return row;
}
async function eventsOf(id: string) {
  return t.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, id)).orderBy(asc(shipmentEvents.occurredAt));
}
/** What the poll needs of the app, built beside it (tests hand the poll their own carriers). */
function pollContext() {
  const db = t.database.db;
  const now = () => t.clock.now;
  const ctx = {
    config: loadConfig({ APP_URL: 'http://127.0.0.1:3000', DEMO_TRACKING: '1', LOG_LEVEL: 'silent' }),
    db,
    now,
    mailer: createMailer({ db, from: 'Freight Portal <no-reply@freight-portal.test>', log: t.app.log, now }),
    background: t.app.background,
    throttle: new Throttle(db, now),
    jobs: t.app.jobs,
  };
  return { ctx, service: trackingService(ctx) };
}

describe('the tracking.poll job with demo tracking', () => {
  // Each step of the timeline runs every due job (the carrier scorecards' summary among them): about 3 s
  // alone, past the default 30 s in CI beside four other lanes.
  it('is scheduled at start and moves a shipment through the demo timeline to Delivered as time passes', async () => {
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.kind, POLL_JOB));
    expect(job?.doneAt).toBeNull();

    const pickup = addBusinessDays(today(), 1, 'US');
    const s = await insertShipment(t.database.db, {
      pickupDate: pickup,
      estimatedDelivery: estimatedDelivery(pickup, 2, 'US'),
      transitDays: 2,
    });
    const timeline = demoTimeline(trackedShipment(s), { scac: 'ODFL' });
    const before = (await mailsTo(t, 'shipper@demo.test')).length;

    const seen: string[] = [];
    // Hour by hour (two weeks at most: weather plus the Thanksgiving closures can push delivery a week out).
    for (let step = 0; step < 24 * 14 && seen.at(-1) !== 'delivered'; step++) {
      t.clock.advanceMinutes(60);
      await t.app.jobs.runDue();
      await t.app.background.drain();
      const row = await shipmentRow(s.id);
      if (row.status !== seen.at(-1)) seen.push(row.status);
      // Never ahead of the clock: exactly the timeline's events up to now.
      expect((await eventsOf(s.id)).length).toBe(demoEventsUntil(trackedShipment(s), { scac: 'ODFL' }, t.clock.now).length);
    }
    expect(seen.at(-1)).toBe('delivered');
    const expected = timeline.some((e) => e.status_code === 'SD')
      ? ['pending', 'dispatched', 'in_transit', 'delayed', 'in_transit', 'delivered']
      : ['pending', 'dispatched', 'in_transit', 'delivered'];
    // The first look may already find the carrier past the tender (the clock moves in hours).
    expect(expected.filter((st) => st !== 'pending' && seen.includes(st))).toEqual(seen.filter((st) => st !== 'pending'));
    const row = await shipmentRow(s.id);
    expect(row.deliveredAt?.toISOString()).toBe(new Date(timeline.at(-1)?.occurred_at as string).toISOString());
    expect(row.trackedAt).not.toBeNull();
    const events = await eventsOf(s.id);
    expect(events.map((e) => e.statusCode)).toEqual(timeline.map((e) => e.status_code));
    expect(new Set(events.map((e) => e.source))).toEqual(new Set(['poll']));
    // One mail per status change (the booking user's customer service mails are on). Two weeks of
    // jobs may mail the shipper of other things too, which are not counted: a weekly report, and
    // for a timeline delayed by weather the alerts that name the BOL ("Delivery running late: BOL …").
    const statusSubject = `Shipment ${s.bolNumber}: `;
    const mails = (await mailsTo(t, 'shipper@demo.test')).slice(before).filter((m) => m.subject.startsWith(statusSubject));
    expect(mails.length).toBe(seen.length - 1);
    expect(mails.at(-1)?.subject).toBe(`Shipment ${s.bolNumber}: Delivered`);

    // Delivered: not asked again.
    const trackedAt = row.trackedAt;
    t.clock.advanceMinutes(60);
    await t.app.jobs.runDue();
    expect((await shipmentRow(s.id)).trackedAt).toEqual(trackedAt);
  });
});

describe('pollTracking', () => {
  it('records a failing carrier as an API incident and still moves the other carriers’ shipments', async () => {
    const { ctx, service } = pollContext();
    const odfl = await carrierByScac(t.database.db, 'ODFL');
    const saia = await carrierByScac(t.database.db, 'SAIA');
    const pickup = addBusinessDays(today(), 1, 'US');
    const failing = await insertShipment(t.database.db, { scac: 'ODFL', pickupDate: pickup });
    const moving = await insertShipment(t.database.db, { scac: 'SAIA', pickupDate: pickup });
    const awaiting = await insertShipment(t.database.db, { scac: 'SAIA', pickupDate: pickup, paymentState: 'awaiting' });
    const canceled = await insertShipment(t.database.db, { scac: 'SAIA', pickupDate: pickup, status: 'canceled' });
    const adapters = async (): Promise<TrackingAdapter[]> => [
      {
        carrier: { id: odfl.id, name: odfl.name, scac: 'ODFL' },
        track: async () => {
          throw new Error('ODFL tracking API: 503 Service Unavailable');
        },
      },
      {
        carrier: { id: saia.id, name: saia.name, scac: 'SAIA' },
        track: async (shipment, now) => demoEventsUntil(shipment, { scac: 'SAIA' }, now),
      },
    ];
    // To the evening of the pickup day (a business day: holidays on the way are skipped).
    t.clock.advanceMinutes((new Date(`${pickup}T23:00:00Z`).getTime() - t.clock.now.getTime()) / 60_000);
    const result = await pollTracking(ctx, service, adapters);
    await t.app.background.drain();
    expect(result.polling).toBe(true);

    const incidents = await t.database.db.select().from(apiIncidents).where(eq(apiIncidents.carrierId, odfl.id));
    expect(incidents.length).toBeGreaterThanOrEqual(1);
    expect(incidents[0]).toMatchObject({ operation: 'track', error: 'Error: ODFL tracking API: 503 Service Unavailable' });
    expect(incidents[0]?.request).toMatchObject({ shipment: { bol_number: failing.bolNumber } });
    expect(await eventsOf(failing.id)).toEqual([]);
    expect((await shipmentRow(failing.id)).trackedAt).toEqual(t.clock.now);

    expect((await eventsOf(moving.id)).length).toBeGreaterThan(0);
    expect((await shipmentRow(moving.id)).status).not.toBe('pending');
    // Awaiting payment and final shipments are not asked about.
    expect(await eventsOf(awaiting.id)).toEqual([]);
    expect((await shipmentRow(awaiting.id)).trackedAt).toBeNull();
    expect((await shipmentRow(canceled.id)).trackedAt).toBeNull();

    // Asked a minute ago: not again within 5 minutes.
    const again = await pollTracking(ctx, service, adapters);
    expect(again.asked).toBe(0);
  });

  it('polls no carrier without demo tracking, and ends the job', async () => {
    const { service } = pollContext();
    const ctx = { ...pollContext().ctx, config: loadConfig({ DEMO_TRACKING: '0' }) };
    expect(await defaultTrackingAdapters(ctx)()).toEqual([]);
    expect(await pollTracking(ctx, service, defaultTrackingAdapters(ctx))).toEqual({ asked: 0, polling: false });
  });
});
