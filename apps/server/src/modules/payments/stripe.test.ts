import { randomUUID } from 'node:crypto';
import type { InvoiceView, ShipmentView } from '@freight/contracts';
import { CARD_AUTH_HOLD_CENTS } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments, payments, paymentWebhookEvents } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient, type TestClock } from '../../test/harness';
import { deliveredShipment } from '../invoices/test-helpers';
import { quoteAndBook } from '../shipments/test-helpers';
import { verifiedBank } from './bank-test-helpers';
import { StripePaymentProvider, stripeClient } from './stripe.provider';
import { STRIPE_WEBHOOK_PATH } from './stripe.routes';
import { stripeSignature } from './stripe.simulator';
import { browserCard, startTestStripe, TEST_BANK, TEST_CARDS, TEST_STRIPE_KEYS } from './stripe-test-helpers';

/** Payments through the Stripe adapter, over HTTP, against the Stripe simulator on the app's clock. */
let t: TestApp;
let stripe: Awaited<ReturnType<typeof startTestStripe>>;
let prepaid: TestClient;
let shipper: TestClient;
let clock: TestClock = { now: new Date(), advanceMinutes: () => {} };
beforeAll(async () => {
  stripe = await startTestStripe(() => clock.now);
  t = await createTestApp(stripe.env);
  clock = t.clock;
  stripe.connect(t.app);
  prepaid = await t.client().login('prepaid@demo.test', undefined, true);
  shipper = await t.client().login('shipper@demo.test', undefined, true);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const db = () => t.database.db;
const adapter = () => new StripePaymentProvider(stripeClient({ secretKey: TEST_STRIPE_KEYS.secretKey, apiUrl: stripe.url }));
const intent = (id: string) => adapter().stripe.paymentIntents.retrieve(id);
/** A card the browser handed to the simulator: the payments name its pm_ id alone. */
const card = async (number: string) => ({ payment_method: await browserCard(stripe.url, number) });
const payBooking = async (id: string, number: string, key = randomUUID()) =>
  prepaid.request({
    method: 'POST',
    url: `/api/shipments/${id}/payment`,
    payload: await card(number),
    headers: { 'idempotency-key': key },
  });
const rowsOf = (shipmentId: string) => db().select().from(payments).where(eq(payments.shipmentId, shipmentId));
const payInvoice = (body: object, key = randomUUID()) =>
  shipper.request({ method: 'POST', url: '/api/invoice-payments', payload: body, headers: { 'idempotency-key': key } });
const invoice = async (id: string) => (await shipper.get(`/api/invoices/${id}`)).json().data as InvoiceView;
const achOf = async (account: string) => {
  const { invoice: inv } = await deliveredShipment(t);
  const res = await payInvoice({
    method: 'ach',
    allocations: [{ invoice_id: inv!.id, amount_cents: inv!.balanceCents }],
    payment_method: await verifiedBank(shipper, stripe.url, account),
  });
  expect(res.statusCode, res.body).toBe(201);
  return inv!;
};
const postWebhook = (payload: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
const seconds = () => Math.floor(clock.now.getTime() / 1000);

describe('a prepaid booking through Stripe', () => {
  it('holds the charge plus $250 on a manual-capture PaymentIntent', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    const res = await payBooking(shipment.id, TEST_CARDS.approved);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as ShipmentView).payment).toMatchObject({ state: 'paid', card_last4: '4242' });
    const [row] = await rowsOf(shipment.id);
    expect(row).toMatchObject({ status: 'authorized', provider: 'stripe', providerRef: expect.stringMatching(/^pi_/) });
    expect(await intent(row!.providerRef!)).toMatchObject({
      status: 'requires_capture',
      capture_method: 'manual',
      amount: shipment.total_cents + CARD_AUTH_HOLD_CENTS,
      amount_capturable: shipment.total_cents + CARD_AUTH_HOLD_CENTS,
    });
  });

  it('captures the charge and lets the rest of the hold go', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    expect((await payBooking(shipment.id, TEST_CARDS.approved)).statusCode).toBe(200);
    const [row] = await rowsOf(shipment.id);
    await adapter().capture(row!.providerRef!, shipment.total_cents);
    expect(await intent(row!.providerRef!)).toMatchObject({
      status: 'succeeded',
      amount_received: shipment.total_cents,
      amount_capturable: 0,
    });
  });

  it('releases the hold (cancels the intent) when the booking is canceled; released twice is harmless', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    expect((await payBooking(shipment.id, TEST_CARDS.approved)).statusCode).toBe(200);
    expect((await prepaid.post(`/api/shipments/${shipment.id}/cancel`)).statusCode).toBe(200);
    await t.app.jobs.runDue();
    const [row] = await rowsOf(shipment.id);
    expect(row?.status).toBe('voided');
    expect(await intent(row!.providerRef!)).toMatchObject({ status: 'canceled', cancellation_reason: 'requested_by_customer' });
    await expect(adapter().void(row!.providerRef!)).resolves.toBeUndefined();
  });

  it('declines the declined and insufficient-funds cards with their decline codes; the same key replays', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    const key = randomUUID();
    expect((await payBooking(shipment.id, TEST_CARDS.declined, key)).statusCode).toBe(402);
    expect((await payBooking(shipment.id, TEST_CARDS.declined, key)).statusCode).toBe(402);
    expect((await payBooking(shipment.id, '4000000000009995')).statusCode).toBe(402);
    expect((await rowsOf(shipment.id)).map((r) => [r.status, r.error])).toEqual([
      ['declined', 'generic_decline'],
      ['declined', 'insufficient_funds'],
    ]);
    // The processor's outage (Stripe's processing_error) is no outcome: 502, and another card pays.
    expect((await payBooking(shipment.id, TEST_CARDS.processorFailure)).statusCode).toBe(502);
    expect((await payBooking(shipment.id, TEST_CARDS.approved)).statusCode).toBe(200);
  });
});

describe('invoices through Stripe', () => {
  it('charges a card at once and refunds it through the adapter', async () => {
    const { invoice: inv } = await deliveredShipment(t);
    const key = randomUUID();
    const res = await payInvoice(
      { method: 'card', allocations: [{ invoice_id: inv!.id, amount_cents: inv!.balanceCents }], ...(await card(TEST_CARDS.approved)) },
      key,
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db().select().from(invoicePayments).where(eq(invoicePayments.idempotencyKey, key));
    const ref = row!.providerRef!;
    expect(await intent(ref)).toMatchObject({ status: 'succeeded', amount_received: inv!.balanceCents });
    expect(await adapter().refund({ ref, amount_cents: 1000, idempotency_key: 'refund-1' })).toMatchObject({
      status: 'succeeded',
      ref: expect.stringMatching(/^re_/),
    });
    const again = await adapter().refund({ ref, amount_cents: 1000, idempotency_key: 'refund-1' });
    expect((await adapter().stripe.refunds.retrieve(again.ref)).amount).toBe(1000);
    await expect(adapter().refund({ ref, amount_cents: inv!.balanceCents, idempotency_key: 'refund-2' })).rejects.toMatchObject({
      code: 'amount_too_large',
    });
  });

  it('settles an ACH debit by webhook after the settle days, before the settle job asks', async () => {
    const inv = await achOf(TEST_BANK.settles);
    expect(await invoice(inv.id)).toMatchObject({ status: 'processing', pending_cents: inv.balanceCents });
    clock.advanceMinutes(2 * 24 * 60);
    await stripe.tick();
    expect(await invoice(inv.id)).toMatchObject({ status: 'processing' });
    clock.advanceMinutes(24 * 60);
    await stripe.tick();
    expect(await invoice(inv.id)).toMatchObject({ status: 'paid', balance_cents: 0, pending_cents: 0 });
    // The job, when it runs, finds nothing left to do.
    clock.advanceMinutes(1);
    await t.app.jobs.runDue(200);
    expect((await invoice(inv.id)).payments).toEqual([expect.objectContaining({ status: 'settled' })]);
  });

  it('reopens the invoice when the bank returns the debit (webhook)', async () => {
    const inv = await achOf(TEST_BANK.returned);
    clock.advanceMinutes(3 * 24 * 60);
    await stripe.tick();
    const view = await invoice(inv.id);
    expect(view).toMatchObject({ status: 'open', balance_cents: inv.balanceCents, pending_cents: 0 });
    expect(view.payments).toEqual([expect.objectContaining({ status: 'returned' })]);
  });
});

describe('POST /api/webhooks/stripe', () => {
  const event = (id: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'payment_intent.canceled',
      created: seconds(),
      data: { object: { id: 'pi_none', object: 'payment_intent' } },
    });

  it('refuses a wrong or missing signature', async () => {
    const body = event('evt_wrong_sig');
    expect((await postWebhook(body, stripeSignature(body, 'whsec_someone_else', seconds()))).statusCode).toBe(400);
    expect((await postWebhook(body, stripeSignature(`${body} `, TEST_STRIPE_KEYS.webhookSecret, seconds()))).statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'bad_signature' });
    expect(await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, 'evt_wrong_sig'))).toEqual([]);
  });

  it('refuses a replay: a signature older than five minutes, and handles the same event id once', async () => {
    const old = event('evt_old');
    const res = await postWebhook(old, stripeSignature(old, TEST_STRIPE_KEYS.webhookSecret, seconds() - 301));
    expect(res.statusCode).toBe(400);

    const { shipment } = await quoteAndBook(t, prepaid);
    expect((await payBooking(shipment.id, TEST_CARDS.approved)).statusCode).toBe(200);
    const [row] = await rowsOf(shipment.id);
    const body = JSON.stringify({
      id: 'evt_same_twice',
      object: 'event',
      type: 'payment_intent.canceled',
      created: seconds(),
      data: { object: { id: row!.providerRef, object: 'payment_intent', status: 'canceled' } },
    });
    const first = await postWebhook(body, stripeSignature(body, TEST_STRIPE_KEYS.webhookSecret, seconds()));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect((await rowsOf(shipment.id))[0]?.status).toBe('voided');
    // Back to authorized by hand: the second delivery must not void it again.
    await db().update(payments).set({ status: 'authorized' }).where(eq(payments.id, row!.id));
    const second = await postWebhook(body, stripeSignature(body, TEST_STRIPE_KEYS.webhookSecret, seconds()));
    expect(second.json()).toEqual({ received: true, duplicate: true });
    expect((await rowsOf(shipment.id))[0]?.status).toBe('authorized');
  });
});
