import { randomUUID } from 'node:crypto';
import type { ShipmentView } from '@freight/contracts';
import { CARD_AUTH_HOLD_CENTS } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { quoteAndBook } from '../shipments/test-helpers';
import { runJobs } from '../webhooks/test-helpers';
import { StripePaymentProvider, stripeClient } from './stripe.provider';
import { answerChallenge, browserCard, TEST_CARDS, TEST_STRIPE_KEYS } from './stripe-test-helpers';

/**
 * 3-D Secure on a prepaid booking's Pay Now, through the real adapter against the Stripe simulator:
 * the payer's browser is played by fetch (the challenge page's buttons); the server only ever
 * believes the processor.
 */
let t: TestApp;
let prepaid: TestClient;
let other: TestClient;
/** The app's own simulator (the harness starts one on the app's clock). */
const simulator = () => t.stripeUrl ?? '';
beforeAll(async () => {
  t = await createTestApp();
  prepaid = await t.client().login('prepaid@demo.test', undefined, true);
  other = await t.client().login('shipper@demo.test', undefined, true);
});
afterAll(async () => {
  await t.close();
});

const SECURE = TEST_CARDS.alwaysAuthenticate;
const db = () => t.database.db;
const rowsOf = (shipmentId: string) => db().select().from(payments).where(eq(payments.shipmentId, shipmentId));
const receiptsOf = (shipmentId: string) => db().select().from(invoices).where(eq(invoices.shipmentId, shipmentId));
const intent = (id: string) =>
  new StripePaymentProvider(stripeClient({ secretKey: TEST_STRIPE_KEYS.secretKey, apiUrl: simulator() })).stripe.paymentIntents.retrieve(
    id,
  );
const pay = async (client: TestClient, id: string, number: string, key = randomUUID()) =>
  client.request({
    method: 'POST',
    url: `/api/shipments/${id}/payment`,
    payload: { payment_method: await browserCard(simulator(), number), return_path: `/shipments/${id}?pay=1` },
    headers: { 'idempotency-key': key },
  });
const confirm = (client: TestClient, id: string, paymentIntent: string) =>
  client.request({ method: 'POST', url: `/api/shipments/${id}/payment/confirm`, payload: { payment_intent: paymentIntent } });
const challenge = answerChallenge;

/** A booking paid with the 3-D Secure card: the 402 that asks for the challenge. */
async function challenged() {
  const { shipment } = await quoteAndBook(t, prepaid);
  const key = randomUUID();
  const res = await pay(prepaid, shipment.id, SECURE, key);
  expect(res.statusCode, res.body).toBe(402);
  const body = res.json() as { code: string; message: string; payment_intent: string; client_secret: string; next_action_url: string };
  return { shipment, key, body };
}

describe('3-D Secure on Pay Now', () => {
  it('asks for the challenge, keeps the booking awaiting; completed, it is paid with its receipt', async () => {
    const { shipment, key, body } = await challenged();
    expect(body).toMatchObject({
      code: 'payment_requires_action',
      payment_intent: expect.stringMatching(/^pi_/),
      client_secret: expect.stringMatching(/^pi_.+_secret_/),
      next_action_url: expect.stringContaining('/sim/3ds/'),
    });
    expect(body.message).toContain('confirm');
    expect(JSON.stringify(body)).not.toContain(SECURE);
    expect(await rowsOf(shipment.id)).toMatchObject([{ status: 'requires_action', providerRef: body.payment_intent }]);
    const waiting = (await prepaid.get(`/api/shipments/${shipment.id}`)).json().data as ShipmentView;
    expect(waiting.payment?.state).toBe('awaiting');
    expect(await receiptsOf(shipment.id)).toEqual([]);

    // The browser cannot claim success: before the challenge the answer is the same challenge.
    const early = await confirm(prepaid, shipment.id, body.payment_intent);
    expect(early.statusCode).toBe(402);
    expect(early.json()).toMatchObject({ code: 'payment_requires_action', payment_intent: body.payment_intent });
    // The same key replays the waiting attempt: no second intent.
    const again = await pay(prepaid, shipment.id, SECURE, key);
    expect(again.json()).toMatchObject({ code: 'payment_requires_action', payment_intent: body.payment_intent });
    expect(await rowsOf(shipment.id)).toHaveLength(1);

    const back = await challenge(body.next_action_url, 'complete');
    const location = new URL(back.headers.get('location') ?? '');
    expect(location.pathname).toBe(`/shipments/${shipment.id}`);
    expect(location.searchParams.get('payment_intent')).toBe(body.payment_intent);
    const done = await confirm(prepaid, shipment.id, body.payment_intent);
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json().data as ShipmentView).payment).toMatchObject({ state: 'paid', card_last4: '3184' });
    expect(await rowsOf(shipment.id)).toMatchObject([{ status: 'authorized', cardLast4: '3184', cardBrand: 'visa' }]);
    expect(await receiptsOf(shipment.id)).toHaveLength(1);
    expect(await intent(body.payment_intent)).toMatchObject({
      status: 'requires_capture',
      amount_capturable: shipment.total_cents + CARD_AUTH_HOLD_CENTS,
    });
    // Confirmed twice, or the key replayed: the same paid booking, one receipt.
    expect((await confirm(prepaid, shipment.id, body.payment_intent)).statusCode).toBe(200);
    expect((await pay(prepaid, shipment.id, SECURE, key)).statusCode).toBe(200);
    expect(await receiptsOf(shipment.id)).toHaveLength(1);
  });

  it('a failed challenge is declined as authentication failed; the booking still awaits and a 4242 pays it', async () => {
    const { shipment, key, body } = await challenged();
    await challenge(body.next_action_url, 'fail');
    prepaid.acceptLanguage = 'en';
    const failed = await confirm(prepaid, shipment.id, body.payment_intent);
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toMatchObject({ code: 'payment_declined' });
    expect(failed.json().message).toContain('authentication failed');
    expect(await rowsOf(shipment.id)).toMatchObject([{ status: 'declined', error: 'authentication_failed' }]);
    expect((await pay(prepaid, shipment.id, SECURE, key)).json().code).toBe('payment_declined');
    expect(((await prepaid.get(`/api/shipments/${shipment.id}`)).json().data as ShipmentView).payment?.state).toBe('awaiting');
    const paid = await pay(prepaid, shipment.id, TEST_CARDS.approved);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((paid.json().data as ShipmentView).payment).toMatchObject({ state: 'paid', card_last4: '4242' });
  });

  it('the key replays the completed challenge without a confirm; another account cannot confirm', async () => {
    const { shipment, key, body } = await challenged();
    expect((await confirm(other, shipment.id, body.payment_intent)).statusCode).toBe(404);
    expect((await confirm(prepaid, shipment.id, 'pi_unknown0000')).statusCode).toBe(404);
    await challenge(body.next_action_url, 'complete');
    expect((await confirm(other, shipment.id, body.payment_intent)).statusCode).toBe(404);
    const replay = await pay(prepaid, shipment.id, SECURE, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect((replay.json().data as ShipmentView).payment?.state).toBe('paid');
  });

  it('a challenge completed after the booking was paid with another card releases its hold', async () => {
    const { shipment, body } = await challenged();
    expect((await pay(prepaid, shipment.id, TEST_CARDS.approved)).statusCode).toBe(200);
    await challenge(body.next_action_url, 'complete');
    const late = await confirm(prepaid, shipment.id, body.payment_intent);
    expect(late.statusCode).toBe(409);
    expect((await intent(body.payment_intent)).status).toBe('canceled');
    expect((await rowsOf(shipment.id)).map((r) => r.status).sort()).toEqual(['authorized', 'voided']);
  });

  it('refuses a return path that leaves the portal', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    const res = await prepaid.request({
      method: 'POST',
      url: `/api/shipments/${shipment.id}/payment`,
      payload: { payment_method: await browserCard(simulator(), SECURE), return_path: '//evil.test/x' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['return_path']);
  });

  it('a booking canceled while its attempt waits on the challenge lets the attempt go at the processor', async () => {
    const { shipment, body } = await challenged();
    expect((await prepaid.post(`/api/shipments/${shipment.id}/cancel`)).statusCode).toBe(200);
    await runJobs(t);
    expect(await intent(body.payment_intent)).toMatchObject({ status: 'canceled' });
    expect(await rowsOf(shipment.id)).toMatchObject([{ status: 'voided' }]);
    // Nothing was paid, so there is no receipt to credit.
    expect(await receiptsOf(shipment.id)).toEqual([]);
    // The bank's page, finished late, has nothing left to confirm.
    expect((await confirm(prepaid, shipment.id, body.payment_intent)).statusCode).toBeGreaterThanOrEqual(400);
  });
});
