import { randomUUID } from 'node:crypto';
import type { InvoiceView } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePaymentAllocations, invoicePayments, jobs } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { answerChallenge, browserCard, TEST_CARDS, type TestStripe } from '../payments/stripe-test-helpers';
import { ABANDONED_CHALLENGES_JOB } from './abandoned-challenges';
import { deliveredShipment } from './test-helpers';

/**
 * Card payments of invoices waiting on 3-D Secure whose payer does not come back: the processor's
 * webhook settles them as the confirm endpoint would (in either order with the payer's confirm,
 * nothing applied twice), and the hourly clean-up cancels at the processor those still waiting
 * after a day. Through the real adapter against the Stripe simulator.
 */
let t: TestApp;
let stripe: TestStripe;
let shipper: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  stripe = t.stripe!;
  // Remembered: the clean-up moves the clock on by a day.
  shipper = await t.client().login('shipper@demo.test', undefined, true);
});
afterAll(() => t.close());

const db = () => t.database.db;
const invoice = async (id: string) => (await shipper.get(`/api/invoices/${id}`)).json().data as InvoiceView;
const paymentOf = async (intent: string) => (await db().select().from(invoicePayments).where(eq(invoicePayments.providerRef, intent)))[0]!;
const confirm = (paymentIntent: string) =>
  shipper.request({ method: 'POST', url: '/api/invoice-payments/confirm', payload: { payment_intent: paymentIntent } });
const refundsOf = (intent: string) =>
  [...stripe.engine.objects.values()].filter((o) => o.object === 'refund' && o.payment_intent === intent);
const paidMails = async (number: string) =>
  (await mailsTo(t, 'shipper@demo.test')).filter((m) => m.text.includes(number) && m.text.includes('3184'));

/** An open invoice paid in full with the card that always asks: the payment waits, the challenge named. */
async function waiting() {
  const inv = (await deliveredShipment(t)).invoice!;
  const body = {
    method: 'card',
    allocations: [{ invoice_id: inv.id, amount_cents: inv.balanceCents }],
    payment_method: await browserCard(stripe.url, TEST_CARDS.alwaysAuthenticate),
    return_path: '/my-invoices',
  };
  const res = await shipper.request({
    method: 'POST',
    url: '/api/invoice-payments',
    payload: body,
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(402);
  const challenge = res.json() as { payment_intent: string; next_action_url: string };
  return { inv, body, intent: challenge.payment_intent, page: challenge.next_action_url };
}

/** The clean-up's round now (the clock where the test put it). */
async function cleanUp() {
  await t.app.jobs.schedule(ABANDONED_CHALLENGES_JOB, 'hourly', t.clock.now);
  await t.app.jobs.runDue(200);
  await t.app.background.drain();
}

describe("the processor's word on a payment waiting for 3-D Secure", () => {
  it('a challenge completed by a payer who never comes back is paid by the webhook; the confirm afterwards answers the same payment', async () => {
    const { inv, intent, page } = await waiting();
    await answerChallenge(page, 'complete');
    await stripe.tick();
    expect(await paymentOf(intent)).toMatchObject({ status: 'settled', last4: '3184' });
    expect(await invoice(inv.id)).toMatchObject({ status: 'paid', balance_cents: 0 });
    await t.app.background.drain();
    expect(await paidMails(inv.number)).toHaveLength(1);

    const late = await confirm(intent);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data).toMatchObject({ id: (await paymentOf(intent)).id, status: 'settled' });
    // The same event again (Stripe may send one twice) changes nothing either.
    await stripe.tick();
    await t.app.background.drain();
    expect(await paidMails(inv.number)).toHaveLength(1);
    expect(await db().select().from(invoicePaymentAllocations).where(eq(invoicePaymentAllocations.invoiceId, inv.id))).toHaveLength(1);
  });

  it('a failed challenge is declined by the webhook, nothing allocated; the confirm then says authentication failed', async () => {
    const { inv, intent, page } = await waiting();
    await answerChallenge(page, 'fail');
    await stripe.tick();
    expect(await paymentOf(intent)).toMatchObject({ status: 'declined', error: 'authentication_failed' });
    expect(await invoice(inv.id)).toMatchObject({ status: 'open', balance_cents: inv.balanceCents });
    shipper.acceptLanguage = 'en';
    const res = await confirm(intent);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toContain('authentication failed');
  });

  it('the payer’s confirm first, then the webhook: paid once, mailed once', async () => {
    const { inv, intent, page } = await waiting();
    stripe.holdWebhooks(true);
    try {
      await answerChallenge(page, 'complete');
      const res = await confirm(intent);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      stripe.holdWebhooks(false);
    }
    expect(await stripe.tick()).toBeGreaterThan(0);
    await t.app.background.drain();
    expect(await paymentOf(intent)).toMatchObject({ status: 'settled' });
    expect(await invoice(inv.id)).toMatchObject({ status: 'paid', balance_cents: 0 });
    expect(await paidMails(inv.number)).toHaveLength(1);
  });

  it('invoices paid meanwhile: the webhook refunds the late charge once, and the confirm after it answers the refund', async () => {
    const { inv, body, intent, page } = await waiting();
    const other = await shipper.request({
      method: 'POST',
      url: '/api/invoice-payments',
      payload: { ...body, payment_method: await browserCard(stripe.url, TEST_CARDS.approved) },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(other.statusCode, other.body).toBe(201);
    await answerChallenge(page, 'complete');
    await stripe.tick();
    expect(await paymentOf(intent)).toMatchObject({ status: 'refunded', error: 'paid_meanwhile' });
    expect((await confirm(intent)).statusCode).toBe(409);
    await stripe.tick();
    expect(refundsOf(intent)).toHaveLength(1);
    expect(await invoice(inv.id)).toMatchObject({ status: 'paid', balance_cents: 0 });
  });
});

describe('the clean-up of payments left waiting', () => {
  it('cancels at the processor what still waits after 24 hours (not before), safely twice; the payer is then told', async () => {
    const { inv, intent, page } = await waiting();
    t.clock.advanceMinutes(23 * 60);
    await cleanUp();
    expect(await paymentOf(intent)).toMatchObject({ status: 'requires_action' });

    t.clock.advanceMinutes(61);
    await cleanUp();
    expect(await paymentOf(intent)).toMatchObject({ status: 'canceled' });
    expect(stripe.engine.objects.get(intent)).toMatchObject({ status: 'canceled' });
    expect(
      await db()
        .select()
        .from(invoicePaymentAllocations)
        .where(eq(invoicePaymentAllocations.paymentId, (await paymentOf(intent)).id)),
    ).toEqual([]);
    expect(await invoice(inv.id)).toMatchObject({ status: 'open', balance_cents: inv.balanceCents, payments: [] });

    // Run again, and the processor's canceled event: nothing more.
    await cleanUp();
    await stripe.tick();
    expect(await paymentOf(intent)).toMatchObject({ status: 'canceled' });
    // The bank's page has nothing left to confirm; the payer's return says the payment was canceled.
    await answerChallenge(page, 'complete');
    expect(stripe.engine.objects.get(intent)).toMatchObject({ status: 'canceled' });
    shipper.acceptLanguage = 'en';
    const res = await confirm(intent);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('canceled; nothing was charged');
  });

  it('a payer who finished the bank page while the webhook was lost: the clean-up finds the money taken and records the payment', async () => {
    const { inv, intent, page } = await waiting();
    stripe.holdWebhooks(true);
    try {
      await answerChallenge(page, 'complete');
      t.clock.advanceMinutes(25 * 60);
      await cleanUp();
    } finally {
      stripe.holdWebhooks(false);
    }
    expect(await paymentOf(intent)).toMatchObject({ status: 'settled' });
    expect(await invoice(inv.id)).toMatchObject({ status: 'paid', balance_cents: 0 });
    await stripe.tick();
    expect(refundsOf(intent)).toEqual([]);
    expect(await paidMails(inv.number)).toHaveLength(1);
  });

  it('one payment whose cancel fails leaves the others canceled; the round is tried again', async () => {
    const a = await waiting();
    const b = await waiting();
    const c = await waiting();
    // The processor no longer knows b's intent: canceling it fails.
    const lost = stripe.engine.objects.get(b.intent)!;
    stripe.engine.objects.delete(b.intent);
    try {
      t.clock.advanceMinutes(25 * 60);
      await cleanUp();
      expect(await paymentOf(a.intent)).toMatchObject({ status: 'canceled' });
      expect(await paymentOf(b.intent)).toMatchObject({ status: 'requires_action' });
      expect(await paymentOf(c.intent)).toMatchObject({ status: 'canceled' });
      const [job] = await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, ABANDONED_CHALLENGES_JOB), eq(jobs.key, 'hourly')));
      expect(job?.lastError).toContain('could not be canceled');
    } finally {
      stripe.engine.objects.set(b.intent, lost);
    }
    // Back at the processor: the next round cancels it too, and the others stay as they were.
    await cleanUp();
    for (const w of [a, b, c]) expect(await paymentOf(w.intent)).toMatchObject({ status: 'canceled' });
    for (const w of [a, b, c]) expect((await invoice(w.inv.id)).balance_cents).toBe(w.inv.balanceCents);
  });
});
