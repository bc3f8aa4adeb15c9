import { randomUUID } from 'node:crypto';
import type { InvoicePaymentResult, InvoiceView } from '@freight/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePaymentAllocations, invoicePayments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { answerChallenge, browserCard, TEST_CARDS, type TestStripe } from '../payments/stripe-test-helpers';
import { deliveredShipment } from './test-helpers';

/**
 * 3-D Secure when paying invoices by card, through the real adapter against the Stripe simulator:
 * the payer's browser is played by fetch (the challenge page's buttons); the server only ever
 * believes the processor.
 */
let t: TestApp;
let stripe: TestStripe;
let shipper: TestClient;
let other: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  stripe = t.stripe!;
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  other = await t.client().login('prepaid@demo.test', undefined, true);
});
afterAll(() => t.close());

const SECURE = TEST_CARDS.alwaysAuthenticate;
const RETURN_PATH = '/my-invoices?sort=due_date';
const db = () => t.database.db;
const card = (number: string) => browserCard(stripe.url, number);
const invoice = async (id: string) => (await shipper.get(`/api/invoices/${id}`)).json().data as InvoiceView;
const paymentsOfKey = (key: string) => db().select().from(invoicePayments).where(eq(invoicePayments.idempotencyKey, key));
const post = (body: object, key: string, c = shipper) =>
  c.request({ method: 'POST', url: '/api/invoice-payments', payload: body, headers: { 'idempotency-key': key } });
const confirm = (paymentIntent: string, c = shipper) =>
  c.request({ method: 'POST', url: '/api/invoice-payments/confirm', payload: { payment_intent: paymentIntent } });

interface Challenge {
  code: string;
  message: string;
  payment_intent: string;
  client_secret: string;
  next_action_url: string;
}

/** Two open invoices paid in full with the 3-D Secure card: the 402 that asks for the challenge. */
async function challenged() {
  const a = (await deliveredShipment(t)).invoice!;
  const b = (await deliveredShipment(t)).invoice!;
  const body = {
    method: 'card',
    allocations: [
      { invoice_id: a.id, amount_cents: a.balanceCents },
      { invoice_id: b.id, amount_cents: b.balanceCents },
    ],
    payment_method: await card(SECURE),
    return_path: RETURN_PATH,
  };
  const key = randomUUID();
  const res = await post(body, key);
  expect(res.statusCode, res.body).toBe(402);
  return { a, b, body, key, challenge: res.json() as Challenge };
}

describe('3-D Secure when paying invoices by card', () => {
  it('asks for the challenge and moves no balance; completed, the invoices are paid with a receipt and one mail', async () => {
    const { a, b, body, key, challenge } = await challenged();
    expect(challenge).toMatchObject({
      code: 'payment_requires_action',
      payment_intent: expect.stringMatching(/^pi_/),
      client_secret: expect.stringMatching(/^pi_.+_secret_/),
      next_action_url: expect.stringContaining('/sim/3ds/'),
    });
    expect(JSON.stringify(challenge)).not.toContain(SECURE);
    const [waiting] = await paymentsOfKey(key);
    expect(waiting).toMatchObject({ status: 'requires_action', providerRef: challenge.payment_intent, settledAt: null });
    expect(await invoice(a.id)).toMatchObject({ status: 'open', balance_cents: a.balanceCents, payments: [] });
    expect((await shipper.get(`/api/invoice-payments/${waiting!.id}/receipt`)).statusCode).toBe(404);

    // The browser cannot claim success: before the challenge the answer is the same challenge.
    const early = await confirm(challenge.payment_intent);
    expect(early.statusCode).toBe(402);
    expect(early.json()).toMatchObject({ code: 'payment_requires_action', payment_intent: challenge.payment_intent });
    const again = await post(body, key);
    expect(again.json()).toMatchObject({ code: 'payment_requires_action', payment_intent: challenge.payment_intent });
    expect(await paymentsOfKey(key)).toHaveLength(1);
    // Another account's payment is none of its business.
    expect((await confirm(challenge.payment_intent, other)).statusCode).toBe(404);

    const back = await answerChallenge(challenge.next_action_url, 'complete');
    const location = new URL(back.headers.get('location') ?? '');
    expect(location.pathname).toBe('/my-invoices');
    expect(location.searchParams.get('sort')).toBe('due_date');
    expect(location.searchParams.get('payment_intent')).toBe(challenge.payment_intent);
    expect((await confirm(challenge.payment_intent, other)).statusCode).toBe(404);

    const done = await confirm(challenge.payment_intent);
    expect(done.statusCode, done.body).toBe(200);
    const result = done.json().data as InvoicePaymentResult;
    expect(result).toMatchObject({ id: waiting!.id, status: 'settled', last4: '3184', total_cents: a.balanceCents + b.balanceCents });
    expect(result.invoices.map((i) => i.balance_cents)).toEqual([0, 0]);
    expect(await invoice(a.id)).toMatchObject({ status: 'paid', balance_cents: 0 });
    expect(await invoice(b.id)).toMatchObject({ status: 'paid', balance_cents: 0 });
    expect((await shipper.get(result.receipt_url)).statusCode).toBe(200);

    // Confirmed twice, or the key replayed: the same payment, paid once, mailed once.
    expect((await confirm(challenge.payment_intent)).json().data.id).toBe(result.id);
    const replay = await post(body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.id).toBe(result.id);
    await t.app.background.drain();
    const mails = (await mailsTo(t, 'shipper@demo.test')).filter((m) => m.text.includes(a.number) && m.text.includes('3184'));
    expect(mails).toHaveLength(1);
  });

  it('a failed challenge is declined as authentication failed, nothing allocated; a 4242 then pays', async () => {
    const { a, b, body, key, challenge } = await challenged();
    await answerChallenge(challenge.next_action_url, 'fail');
    shipper.acceptLanguage = 'en';
    const failed = await confirm(challenge.payment_intent);
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toMatchObject({ code: 'payment_declined' });
    expect(failed.json().message).toContain('authentication failed');
    const [row] = await paymentsOfKey(key);
    expect(row).toMatchObject({ status: 'declined', error: 'authentication_failed' });
    expect(await db().select().from(invoicePaymentAllocations).where(eq(invoicePaymentAllocations.paymentId, row!.id))).toEqual([]);
    expect((await post(body, key)).json().code).toBe('payment_declined');
    expect((await invoice(a.id)).balance_cents).toBe(a.balanceCents);
    expect((await invoice(b.id)).balance_cents).toBe(b.balanceCents);

    const paid = await post({ ...body, payment_method: await card(TEST_CARDS.approved) }, randomUUID());
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ status: 'settled', last4: '4242' });
    expect(await invoice(a.id)).toMatchObject({ status: 'paid', balance_cents: 0 });
  });

  it('a challenge completed after its invoices were paid by another payment is refunded (409): nothing is paid twice', async () => {
    const { a, b, body, challenge } = await challenged();
    const paid = await post({ ...body, payment_method: await card(TEST_CARDS.approved) }, randomUUID());
    expect(paid.statusCode, paid.body).toBe(201);
    await answerChallenge(challenge.next_action_url, 'complete');
    const late = await confirm(challenge.payment_intent);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('refunded');
    expect((await confirm(challenge.payment_intent)).statusCode).toBe(409);
    const refunds = [...stripe.engine.objects.values()].filter(
      (o) => o.object === 'refund' && o.payment_intent === challenge.payment_intent,
    );
    expect(refunds).toHaveLength(1);
    const rows = await db()
      .select()
      .from(invoicePaymentAllocations)
      .where(inArray(invoicePaymentAllocations.invoiceId, [a.id, b.id]));
    expect(rows.map((r) => r.paymentId)).toEqual([paid.json().data.id, paid.json().data.id]);
    expect(await invoice(a.id)).toMatchObject({ status: 'paid', balance_cents: 0 });
  });

  it('confirms nothing but an intent of one of the account’s payments; refuses a return path off the portal', async () => {
    expect((await confirm('pi_unknown0000')).statusCode).toBe(404);
    expect((await confirm('not-an-intent')).statusCode).toBe(422);
    const a = (await deliveredShipment(t)).invoice!;
    const res = await post(
      {
        method: 'card',
        allocations: [{ invoice_id: a.id, amount_cents: a.balanceCents }],
        payment_method: await card(SECURE),
        return_path: '//evil.test/x',
      },
      randomUUID(),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['return_path']);
  });
});
