import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { lastMailTo } from '../../test/outbox';
import { deliveredShipment } from '../invoices/test-helpers';
import { browserCard } from '../payments/stripe-test-helpers';
import { quoteAndBook } from '../shipments/test-helpers';
import { setTrackingSecret, signature } from '../tracking/test-fixtures';
import { deliveriesOf, runJobs, subscribe, testReceiver } from './test-helpers';

/**
 * Delivery of webhook events to local receivers over HTTP: signing, order per shipment,
 * retries with the controllable clock, a receiver down and back, 72 hours of failure.
 */
let t: TestApp;
let shipper: TestClient;
let receiver: Awaited<ReturnType<typeof testReceiver>>;
let down: Awaited<ReturnType<typeof testReceiver>>;
const TRACKING_SECRET = 'webhook-test-tracking-secret';

beforeAll(async () => {
  t = await createTestApp();
  receiver = await testReceiver(() => t);
  down = await testReceiver(() => t);
  down.setDown(true);
  // Remembered: these tests move the clock on by days.
  shipper = await t.client().login('shipper@demo.test', undefined, true);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
  await down.close();
});
afterEach(async () => {
  for (const w of (await shipper.get('/api/webhooks')).json().data as { id: string }[]) {
    await shipper.request({ method: 'DELETE', url: `/api/webhooks/${w.id}` });
  }
  receiver.clear();
  receiver.setDown(false);
});

const secondsFrom = (a: string | null, b: string | null) => (Date.parse(b ?? '') - Date.parse(a ?? '')) / 1000;

/** The carrier of a booked shipment reports a status (signed, as a carrier posts). */
async function carrierReports(shipment: { bol_number: string; scac: string }, code: string) {
  await setTrackingSecret(t.database.db, shipment.scac, TRACKING_SECRET);
  const raw = JSON.stringify({
    events: [{ bol_number: shipment.bol_number, status_code: code, occurred_at: t.clock.now.toISOString(), city: 'Chicago', state: 'IL' }],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/carriers/${shipment.scac}/tracking-events`,
    headers: { 'content-type': 'application/json', 'x-signature': signature(TRACKING_SECRET, raw) },
    payload: raw,
  });
  expect(res.statusCode, res.body).toBe(202);
}

describe('delivering an event', () => {
  it('sends a booking as shipment.booked (with every reference) then document.ready, signed so the reference implementation verifies it', async () => {
    const sub = await subscribe(shipper, receiver.url);
    receiver.secrets.push(sub.secret);
    const references = [
      { type: 'po_number', value: 'PO-4471' },
      { type: 'so_number', value: 'SO-2290' },
      { type: 'shipper_reference', value: 'Dock 4 rush' },
    ];
    const { shipment } = await quoteAndBook(t, shipper, {}, { reference_type: undefined, reference_number: undefined, references });
    await runJobs(t);
    expect(receiver.received.map((m) => [m.type, m.data.document ?? null])).toEqual([
      ['shipment.booked', null],
      ['document.ready', 'bol'],
      ['document.ready', 'pallet_labels'],
    ]);
    const booked = receiver.received[0]!;
    expect(new Webhook(sub.secret).verify(booked.raw, booked.headers)).toEqual(JSON.parse(booked.raw));
    expect(booked.id).toMatch(/^msg_/);
    expect(JSON.parse(booked.raw)).toEqual({
      type: 'shipment.booked',
      timestamp: t.clock.now.toISOString(),
      data: {
        id: shipment.id,
        account_id: expect.any(String),
        bol_number: shipment.bol_number,
        pro_number: shipment.pro_number,
        references,
        status: 'pending',
        previous_status: null,
        mode: 'ltl',
        carrier_scac: shipment.scac,
        pickup_date: shipment.pickup_date,
      },
    });
    expect(receiver.received[1]!.data).toMatchObject({ path: `/api/v1/shipments/${shipment.id}/documents/bol` });

    const log = await deliveriesOf(shipper, sub.id);
    expect(log.map((d) => d.event_type)).toEqual(['document.ready', 'document.ready', 'shipment.booked']);
    expect(log[2]).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 204, last_error: null, next_attempt_at: null });
    expect(log[2]!.last_duration_ms).toBeGreaterThanOrEqual(0);
    expect((await shipper.get('/api/webhooks')).json().data[0].last_success_at).toBe(t.clock.now.toISOString());
  });

  it('keeps the events of a shipment in order when the first delivery fails and is retried, and one receiver down holds up no other', async () => {
    const sub = await subscribe(shipper, receiver.url);
    receiver.secrets.push(sub.secret);
    const stuck = await subscribe(shipper, down.url);
    down.secrets.push(stuck.secret);
    receiver.setDown(true);
    const { shipment } = await quoteAndBook(t, shipper);
    await runJobs(t);
    const [, , first] = await deliveriesOf(shipper, sub.id);
    expect(first).toMatchObject({
      event_type: 'shipment.booked',
      status: 'pending',
      attempts: 1,
      last_status_code: 503,
      last_error: 'HTTP 503',
    });
    expect(secondsFrom(t.clock.now.toISOString(), first!.next_attempt_at)).toBe(5);
    // What follows in the lane waits, untried.
    expect((await deliveriesOf(shipper, sub.id)).slice(0, 2).map((d) => d.attempts)).toEqual([0, 0]);

    await carrierReports(shipment, 'X3');
    t.clock.advanceMinutes(4 / 60);
    await runJobs(t);
    expect((await deliveriesOf(shipper, sub.id)).at(-1)!.attempts).toBe(1);

    receiver.setDown(false);
    t.clock.advanceMinutes(1 / 60);
    await runJobs(t);
    expect(receiver.received.map((m) => m.type)).toEqual([
      'shipment.booked',
      'document.ready',
      'document.ready',
      'shipment.status_changed',
    ]);
    expect(receiver.received[3]!.data).toMatchObject({
      status: 'dispatched',
      previous_status: 'pending',
      references: [{ type: 'po_number', value: 'PO-4471' }],
    });
    expect((await deliveriesOf(shipper, sub.id)).every((d) => d.status === 'delivered')).toBe(true);
    // The dead receiver's subscription is still retrying its first delivery.
    expect((await deliveriesOf(shipper, stuck.id)).map((d) => d.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
  });

  it('delivers everything to a receiver that was down for 10 minutes once it is back, in order per shipment', async () => {
    const sub = await subscribe(shipper, receiver.url);
    receiver.secrets.push(sub.secret);
    receiver.setDown(true);
    const booked = [(await quoteAndBook(t, shipper)).shipment, (await quoteAndBook(t, shipper)).shipment];
    for (let minute = 0; minute < 10; minute++) {
      if (minute === 3) for (const s of booked) await carrierReports(s, 'AF');
      t.clock.advanceMinutes(1);
      await runJobs(t);
    }
    expect(receiver.received).toEqual([]);
    receiver.setDown(false);
    t.clock.advanceMinutes(5);
    await runJobs(t);
    const log = await deliveriesOf(shipper, sub.id);
    expect(log).toHaveLength(8);
    expect(new Set(receiver.received.map((m) => m.id))).toEqual(new Set(log.map((d) => d.event_id)));
    for (const s of booked) {
      const ofShipment = receiver.received.filter((m) => (m.data.id ?? m.data.shipment_id) === s.id).map((m) => m.type);
      expect(ofShipment).toEqual(['shipment.booked', 'document.ready', 'document.ready', 'shipment.status_changed']);
    }
  });

  it('tells of delivery and the invoice, and of its payment, in the shipment’s lane', async () => {
    const sub = await subscribe(shipper, receiver.url, [
      'shipment.delivered',
      'shipment.status_changed',
      'invoice.created',
      'invoice.paid',
    ]);
    receiver.secrets.push(sub.secret);
    const { invoice } = await deliveredShipment(t);
    await runJobs(t);
    const pay = await shipper.request({
      method: 'POST',
      url: '/api/invoice-payments',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        method: 'card',
        allocations: [{ invoice_id: invoice!.id, amount_cents: invoice!.balanceCents }],
        payment_method: await browserCard(t.stripeUrl),
      },
    });
    expect(pay.statusCode, pay.body).toBe(201);
    await runJobs(t);
    expect(receiver.received.map((m) => m.type)).toEqual([
      'shipment.status_changed',
      'shipment.delivered',
      'invoice.created',
      'invoice.paid',
    ]);
    expect(receiver.received[2]!.data).toEqual({
      id: invoice!.id,
      account_id: invoice!.accountId,
      number: invoice!.number,
      total_cents: invoice!.totalCents,
      balance_cents: invoice!.totalCents,
      currency: invoice!.currency,
      due_date: invoice!.dueDate,
      shipment_id: invoice!.shipmentId,
    });
    expect(receiver.received[3]!.data).toMatchObject({ id: invoice!.id, balance_cents: 0 });
  });
});

describe('retries with the controllable clock', () => {
  it('back off from 5 s to every 4 h for 72 hours; then the delivery failed, the webhook is switched off and its owner mailed', async () => {
    const sub = await subscribe(shipper, down.url, ['shipment.booked', 'document.ready']);
    down.secrets.push(sub.secret);
    const bookedAt = t.clock.now.getTime();
    await quoteAndBook(t, shipper);
    const gaps: number[] = [];
    for (let round = 0; round < 40; round++) {
      await runJobs(t);
      const head = (await deliveriesOf(shipper, sub.id)).at(-1)!;
      if (head.status === 'failed') break;
      gaps.push(secondsFrom(t.clock.now.toISOString(), head.next_attempt_at));
      t.clock.now = new Date(Date.parse(head.next_attempt_at!));
    }
    expect(gaps.slice(0, 10)).toEqual([5, 30, 120, 600, 1800, 3600, 7200, 10800, 14400, 14400]);
    expect(t.clock.now.getTime() - bookedAt).toBe(72 * 3600_000);

    const [webhook] = (await shipper.get('/api/webhooks')).json().data;
    expect(webhook).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const log = await deliveriesOf(shipper, sub.id);
    expect(log.map((d) => d.status)).toEqual(['pending', 'pending', 'failed']);
    expect(log[2]).toMatchObject({ attempts: gaps.length + 1, last_status_code: 503 });
    const mail = await lastMailTo(t, 'shipper@demo.test');
    expect(mail.subject).toBe(`Webhook switched off: ${down.url}`);
    expect(mail.text).toContain('/settings/api');

    // Switched on again with the receiver back: what was waiting goes out; the failed one does not.
    down.setDown(false);
    const on = await shipper.put(`/api/webhooks/${sub.id}`, {
      url: down.url,
      events: ['shipment.booked', 'document.ready'],
      enabled: true,
    });
    expect(on.json().data).toMatchObject({ enabled: true, disabled_reason: null });
    await runJobs(t);
    expect(down.received.map((m) => m.type)).toEqual(['document.ready', 'document.ready']);
    down.setDown(true);
    down.clear();
  });
});
