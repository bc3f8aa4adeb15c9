import { randomUUID } from 'node:crypto';
import type { ShipmentView } from '@freight/contracts';
import { AWAITING_PAYMENT_MINUTES, CARD_AUTH_HOLD_CENTS } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIncidents, jobs, payments, shipmentEvents, shipments } from '../../db/schema';
import { JobRunner } from '../../jobs/jobs';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { PAYMENT_EXPIRY_JOB, PAYMENT_VOID_JOB } from '../shipments/shipments.service';
import { quoteAndBook, text } from '../shipments/test-helpers';
import { teamSteps } from '../team/team.test-support';
import { runJobs, subscribe, testReceiver } from '../webhooks/test-helpers';
import type { PaymentProvider } from './payment-provider';
import { paymentExpiryHandler, paymentVoidHandler } from './payments.service';
import { browserCard, TEST_CARDS } from './stripe-test-helpers';

let t: TestApp;
let prepaid: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  prepaid = await t.client().login('prepaid@demo.test');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
/** The body of Pay Now: a card the browser handed to the processor, named by its pm_ id alone. */
const card = async (number: string = TEST_CARDS.approved) => ({ payment_method: await browserCard(t.stripeUrl, number) });
const pay = (c: TestClient, id: string, body: object, key: string | null = randomUUID()) =>
  c.request({
    method: 'POST',
    url: `/api/shipments/${id}/payment`,
    payload: body,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
const view = async (c: TestClient, id: string) => (await c.get(`/api/shipments/${id}`)).json().data as ShipmentView;

describe('a prepaid booking', () => {
  it('awaits payment for an hour, with the $250 hold on top of the charge', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    expect(shipment.payment).toEqual({
      state: 'awaiting',
      due_at: new Date(t.clock.now.getTime() + AWAITING_PAYMENT_MINUTES * 60_000).toISOString(),
      can_extend: true,
      amount_cents: shipment.total_cents,
      hold_cents: CARD_AUTH_HOLD_CENTS,
      card_last4: null,
      paid_at: null,
      credit_memo: null,
    });
    const [job] = await db().select().from(jobs).where(eq(jobs.key, shipment.id));
    expect(job).toMatchObject({ kind: PAYMENT_EXPIRY_JOB, runAt: new Date(shipment.payment.due_at!), doneAt: null });
  });

  it('holds the converted $250 in the quote currency', async () => {
    const { shipment } = await quoteAndBook(t, prepaid, { currency: 'CAD' });
    expect(shipment.currency).toBe('CAD');
    expect(shipment.payment.hold_cents).toBe(Math.round(CARD_AUTH_HOLD_CENTS * 1.38));
  });
});

describe('POST /api/shipments/:id/payment', () => {
  it('authorizes the charge plus the hold; the same key replays; the booking is then paid', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    const key = randomUUID();
    const res = await pay(prepaid, shipment.id, await card(), key);
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json().data as ShipmentView;
    expect(paid.payment).toEqual({
      state: 'paid',
      due_at: null,
      can_extend: false,
      amount_cents: shipment.total_cents,
      hold_cents: CARD_AUTH_HOLD_CENTS,
      card_last4: '4242',
      paid_at: t.clock.now.toISOString(),
      credit_memo: null,
    });
    const rows = await db().select().from(payments).where(eq(payments.shipmentId, shipment.id));
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'authorized',
        provider: 'stripe',
        amountCents: shipment.total_cents,
        holdCents: CARD_AUTH_HOLD_CENTS,
        currency: 'USD',
        cardBrand: 'visa',
        cardLast4: '4242',
        providerRef: expect.stringMatching(/^pi_/),
      }),
    ]);
    const replay = await pay(prepaid, shipment.id, await card(), key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.payment).toEqual(paid.payment);
    expect(await db().select().from(payments).where(eq(payments.shipmentId, shipment.id))).toHaveLength(1);
    const second = await pay(prepaid, shipment.id, await card());
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 'conflict', message: text('errors.payment_not_due') });
  });

  it('a declined card: 402, recorded, still awaiting; its key replays the decline; another card pays', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    const key = randomUUID();
    const res = await pay(prepaid, shipment.id, await card(TEST_CARDS.declined), key);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'payment_declined', message: text('errors.payment_declined') });
    expect((await view(prepaid, shipment.id)).payment.state).toBe('awaiting');
    expect((await pay(prepaid, shipment.id, await card(TEST_CARDS.declined), key)).statusCode).toBe(402);
    const rows = await db().select().from(payments).where(eq(payments.shipmentId, shipment.id));
    expect(rows.map((r) => r.status)).toEqual(['declined']);
    expect((await pay(prepaid, shipment.id, await card())).statusCode).toBe(200);
  });

  it('a processor failure: 502, a failed row, still awaiting; the same key may try again', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    const key = randomUUID();
    const res = await pay(prepaid, shipment.id, await card(TEST_CARDS.processorFailure), key);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'payment_failed', message: text('errors.payment_failed') });
    const rows = await db().select().from(payments).where(eq(payments.shipmentId, shipment.id));
    expect(rows).toEqual([expect.objectContaining({ status: 'failed', providerRef: null, cardLast4: null })]);
    expect(rows[0]?.error).toBeTruthy();
    expect((await view(prepaid, shipment.id)).payment).toMatchObject({ state: 'awaiting', card_last4: null });
    // The outage is not the key's outcome: the shipper's retry with the same key goes through.
    const retry = await pay(prepaid, shipment.id, await card(), key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.payment).toMatchObject({ state: 'paid', card_last4: '4242' });
    const after = await db().select().from(payments).where(eq(payments.shipmentId, shipment.id));
    expect(after.map((r) => r.status).sort()).toEqual(['authorized', 'failed']);
  });

  it('refuses a body with card numbers (400), and a method that is not a card the payer may use (422)', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    const numbers = await pay(prepaid, shipment.id, {
      cardholder: 'Paula Prepaid',
      card_number: TEST_CARDS.approved,
      exp_month: 12,
      exp_year: 2099,
      cvc: '987',
    });
    expect(numbers.statusCode).toBe(400);
    expect(numbers.json()).toEqual({ code: 'card_numbers_refused', message: text('errors.card_numbers_refused') });
    // Not even beside a method: the numbers are refused, not dropped.
    const beside = await pay(prepaid, shipment.id, { ...(await card()), card_number: TEST_CARDS.approved });
    expect(beside.statusCode).toBe(400);
    expect((await pay(prepaid, shipment.id, { payment_method: '4242424242424242' })).statusCode).toBe(422);
    const unknown = await pay(prepaid, shipment.id, { payment_method: 'pm_nosuchmethod' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ payment_method: [text('validation.payment_method_refused')] });
    // Another account's saved card: saved to its customer at the processor, so not this payer's.
    const other = await t.client().login('other@demo.test');
    const saved = await other.post('/api/payment-methods', await card());
    expect(saved.statusCode, saved.body).toBe(201);
    const theirs = await pay(prepaid, shipment.id, { payment_method: saved.json().data.ref });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors).toEqual({ payment_method: [text('validation.payment_method_refused')] });
    expect((await pay(prepaid, shipment.id, await card(), null)).statusCode).toBe(422);
    expect(await db().select().from(payments).where(eq(payments.shipmentId, shipment.id))).toEqual([]);
    expect((await view(prepaid, shipment.id)).payment.state).toBe('awaiting');
  });

  it("a booker pays with the account's saved card, listed for Pay Now with the default first", async () => {
    const steps = teamSteps(() => t);
    const booker = (await steps.colleague(prepaid, 'shipper')).client;
    const first = await prepaid.post('/api/payment-methods', await card());
    const second = await prepaid.post('/api/payment-methods', await card('5555555555554444'));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const offer = (await booker.get('/api/shipments/payment-methods')).json().data;
    expect(offer.processor).toMatchObject({ api_url: t.stripeUrl, publishable_key: expect.stringMatching(/^pk_/) });
    expect(offer.cards.map((m: { ref: string; is_default: boolean }) => [m.ref, m.is_default])).toEqual([
      [first.json().data.ref, true],
      [second.json().data.ref, false],
    ]);
    // Keeping the methods is not booking: the booker may not list or change them there.
    expect((await booker.get('/api/payment-methods')).statusCode).toBe(403);
    const { shipment } = await quoteAndBook(t, booker);
    const res = await pay(booker, shipment.id, { payment_method: second.json().data.ref });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment).toMatchObject({ state: 'paid', card_last4: '4444' });
    const [row] = await db().select().from(payments).where(eq(payments.shipmentId, shipment.id));
    expect(row).toMatchObject({ status: 'authorized', cardBrand: 'mastercard', cardLast4: '4444' });
  });

  it('stores no card number or security code anywhere', async () => {
    const all = JSON.stringify([
      await db().select().from(payments),
      await db().select().from(shipments),
      await db().select().from(jobs),
      await db().select().from(apiIncidents),
      await db().select().from(shipmentEvents),
    ]);
    expect(all).toContain('4242');
    for (const number of [TEST_CARDS.approved, TEST_CARDS.declined, TEST_CARDS.processorFailure, '4242 4242 4242 4242']) {
      expect(all).not.toContain(number);
    }
    const rows = await db().select().from(payments);
    expect(rows.length).toBeGreaterThan(3);
    // A card number stands alone; a run of digits inside a hex token (the processor's random
    // payment intent's id, 'pi_3MtwBwLkdIwHu7ix28a3tqPa') is not one, nor the last group of a
    // UUID that happens to be all digits (one UUID in ~280).
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
    for (const row of rows) {
      for (const value of Object.values(row))
        expect(String(value).replace(uuid, 'uuid')).not.toMatch(/(?<![0-9a-z])\d{12,19}(?![0-9a-z])/i);
    }
  });

  it('is not due for an account on terms', async () => {
    const shipper = await t.client().login('shipper@demo.test');
    const { shipment } = await quoteAndBook(t, shipper);
    expect(shipment.payment).toMatchObject({ state: 'not_required', hold_cents: 0 });
    const res = await pay(shipper, shipment.id, await card());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(text('errors.payment_not_due'));
  });

  it('a canceled booking is no longer due', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    const canceled = (await prepaid.post(`/api/shipments/${shipment.id}/cancel`)).json().data as ShipmentView;
    expect(canceled.payment).toMatchObject({ state: 'not_required', due_at: null });
    expect((await pay(prepaid, shipment.id, await card())).statusCode).toBe(409);
  });
});

describe('canceling a paid booking', () => {
  it('releases the card authorization through the void job, and says so', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    const key = randomUUID();
    expect((await pay(prepaid, shipment.id, await card(), key)).statusCode).toBe(200);
    const cancel = await prepaid.post(`/api/shipments/${shipment.id}/cancel`);
    expect(cancel.statusCode).toBe(200);
    const scheduled = await db().select().from(jobs).where(eq(jobs.key, shipment.id));
    expect(scheduled.map((j) => j.kind)).toContain(PAYMENT_VOID_JOB);
    await t.app.jobs.runDue();
    const rows = await db().select().from(payments).where(eq(payments.shipmentId, shipment.id));
    expect(rows.map((r) => r.status)).toEqual(['voided']);
    expect((await view(prepaid, shipment.id)).payment.state).toBe('released');
    // The payment's key cannot pay the canceled booking again.
    const replay = await pay(prepaid, shipment.id, await card(), key);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({ code: 'conflict', message: text('errors.payment_not_due') });
  });

  it('tries again when the processor cannot be reached', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    expect((await pay(prepaid, shipment.id, await card())).statusCode).toBe(200);
    const failing = {
      void: async () => {
        throw new Error('processor: service unavailable');
      },
    } as unknown as PaymentProvider;
    const next = new JobRunner(db(), () => t.clock.now, t.app.log);
    next.register(PAYMENT_VOID_JOB, paymentVoidHandler({ db: db(), now: () => t.clock.now, jobs: next, config: t.config }, failing));
    expect((await prepaid.post(`/api/shipments/${shipment.id}/cancel`)).statusCode).toBe(200);
    await next.runDue();
    expect((await db().select().from(payments).where(eq(payments.shipmentId, shipment.id))).map((r) => r.status)).toEqual(['authorized']);
    expect((await view(prepaid, shipment.id)).payment.state).toBe('paid');
    // The processor is back a minute later: the job's retry releases it.
    t.clock.advanceMinutes(2);
    await t.app.jobs.runDue();
    expect((await view(prepaid, shipment.id)).payment.state).toBe('released');
  });
});

describe('the payment expiry job', () => {
  it('cancels a booking still unpaid after an hour', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    t.clock.advanceMinutes(59);
    await t.app.jobs.runDue();
    expect((await view(prepaid, shipment.id)).status).toBe('pending');
    t.clock.advanceMinutes(2);
    await t.app.jobs.runDue();
    const s = await view(prepaid, shipment.id);
    expect(s).toMatchObject({ status: 'canceled', canceled_at: t.clock.now.toISOString() });
    expect(s.payment).toMatchObject({ state: 'expired', due_at: null });
    expect(s.events).toEqual([
      expect.objectContaining({ status: 'canceled', status_code: 'CA', description: 'Payment not received in time' }),
    ]);
    // At the origin, in its local time.
    const originNow = t.clock.now.toLocaleString('sv-SE', { timeZone: 'America/Chicago' }).slice(0, 16).replace(' ', 'T');
    expect(s.events[0]).toMatchObject({ state: 'IL', local_time: originNow });
    const late = await pay(prepaid, shipment.id, await card());
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: 'conflict', message: text('errors.payment_expired') });
  });

  it("tells the account's webhook receivers that the booking was canceled", async () => {
    const receiver = await testReceiver(() => t);
    try {
      const sub = await subscribe(prepaid, receiver.url, ['shipment.status_changed']);
      receiver.secrets.push(sub.secret);
      const { shipment } = await quoteAndBook(t, prepaid);
      t.clock.advanceMinutes(61);
      await runJobs(t);
      expect(receiver.received.map((m) => [m.type, m.data.id, m.data.previous_status, m.data.status])).toEqual([
        ['shipment.status_changed', shipment.id, 'pending', 'canceled'],
      ]);
      await prepaid.request({ method: 'DELETE', url: `/api/webhooks/${sub.id}` });
    } finally {
      await receiver.close();
    }
  });

  it('leaves a booking paid in time alone', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    t.clock.advanceMinutes(30);
    expect((await pay(prepaid, shipment.id, await card())).statusCode).toBe(200);
    t.clock.advanceMinutes(31);
    await t.app.jobs.runDue();
    const s = await view(prepaid, shipment.id);
    expect(s.status).toBe('pending');
    expect(s.payment.state).toBe('paid');
    const [job] = await db().select().from(jobs).where(eq(jobs.key, shipment.id));
    expect(job?.doneAt).not.toBeNull();
  });

  it('a payment after the due time, before the job ran, finds the booking expired', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    t.clock.advanceMinutes(61);
    const res = await pay(prepaid, shipment.id, await card());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(text('errors.payment_expired'));
    expect(await db().select().from(payments).where(eq(payments.shipmentId, shipment.id))).toEqual([]);
    expect((await view(prepaid, shipment.id)).payment.state).toBe('expired');
    await t.app.jobs.runDue(); // the job then finds nothing to do
    expect((await view(prepaid, shipment.id)).events).toHaveLength(1);
  });

  it('survives a restart: a new runner on the same database expires it', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    t.clock.advanceMinutes(61);
    const next = new JobRunner(db(), () => t.clock.now, t.app.log);
    next.register(PAYMENT_EXPIRY_JOB, paymentExpiryHandler({ db: db(), now: () => t.clock.now, jobs: next }));
    expect(await next.runDue()).toBeGreaterThanOrEqual(1);
    const s = await view(prepaid, shipment.id);
    expect(s.status).toBe('canceled');
    expect(s.payment.state).toBe('expired');
  });
});
