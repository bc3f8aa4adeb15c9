import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSetups, jobs, savedPaymentMethods } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { answerChallenge, browserCard, TEST_CARDS, type TestStripe } from '../payments/stripe-test-helpers';
import { ABANDONED_CARD_SETUPS_JOB } from './card-setups';

/**
 * Cards being saved that wait on 3-D Secure whose payer does not come back to Settings > Payment
 * methods: the processor's webhook settles them as the confirm endpoint would (in either order
 * with the payer's confirm, the card listed once), and the hourly clean-up cancels at the
 * processor those still waiting after a day. Through the real adapter against the Stripe simulator.
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
const setupOf = async (ref: string) => (await db().select().from(cardSetups).where(eq(cardSetups.setupIntentRef, ref)))[0]!;
const listed = (pm: string) => db().select().from(savedPaymentMethods).where(eq(savedPaymentMethods.providerRef, pm));
const atProcessor = (id: string) => stripe.engine.objects.get(id);
const confirm = (setupIntent: string) => shipper.post('/api/payment-methods/confirm', { setup_intent: setupIntent });

/** A card that asks for 3-D Secure being saved: the 402, the set-up it names and its page. */
async function waiting(number: string = TEST_CARDS.alwaysAuthenticate) {
  const pm = await browserCard(stripe.url, number);
  const res = await shipper.post('/api/payment-methods', { payment_method: pm });
  expect(res.statusCode, res.body).toBe(402);
  const challenge = res.json() as { setup_intent: string; next_action_url: string };
  expect(await setupOf(challenge.setup_intent)).toMatchObject({ status: 'requires_action', settledAt: null });
  return { pm, setup: challenge.setup_intent, page: challenge.next_action_url };
}

/** The clean-up's round now (the clock where the test put it). */
async function cleanUp() {
  await t.app.jobs.schedule(ABANDONED_CARD_SETUPS_JOB, 'hourly', t.clock.now);
  await t.app.jobs.runDue(200);
  await t.app.background.drain();
}

describe("the processor's word on a card set-up waiting for 3-D Secure", () => {
  it('a challenge completed by a payer who never comes back is saved by the webhook, once; the confirm afterwards answers the same card', async () => {
    const { pm, setup, page } = await waiting();
    await answerChallenge(page, 'complete');
    await stripe.tick();
    expect(await setupOf(setup)).toMatchObject({ status: 'saved', settledAt: t.clock.now });
    const [row] = await listed(pm);
    expect(row).toMatchObject({ last4: '3184', type: 'card' });
    const activity = (await shipper.get('/api/team/activity')).json().data as { action: string; target: string }[];
    expect(activity.filter((a) => a.action === 'payment_method.add' && a.target === 'visa …3184')).toHaveLength(1);

    const late = await confirm(setup);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data).toMatchObject({ id: row!.id, last4: '3184' });
    // The same event again (Stripe may send one twice) changes nothing either.
    await stripe.tick();
    expect(await listed(pm)).toHaveLength(1);
  });

  it('a failed challenge is recorded failed by the webhook, nothing saved; the confirm then says authentication failed', async () => {
    const { pm, setup, page } = await waiting();
    await answerChallenge(page, 'fail');
    await stripe.tick();
    expect(await setupOf(setup)).toMatchObject({ status: 'failed' });
    expect(await listed(pm)).toEqual([]);
    shipper.acceptLanguage = 'en';
    const res = await confirm(setup);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.payment_method.join(' ')).toContain('authentication failed');
  });

  it('the payer’s confirm first, then the webhook: saved once', async () => {
    const { pm, setup, page } = await waiting();
    stripe.holdWebhooks(true);
    try {
      await answerChallenge(page, 'complete');
      const res = await confirm(setup);
      expect(res.statusCode, res.body).toBe(201);
      expect(await setupOf(setup)).toMatchObject({ status: 'saved' });
    } finally {
      stripe.holdWebhooks(false);
    }
    expect(await stripe.tick()).toBeGreaterThan(0);
    expect(await listed(pm)).toHaveLength(1);
    expect(await setupOf(setup)).toMatchObject({ status: 'saved' });
  });

  it('a card the processor saved after its set-up was recorded canceled is detached there, not listed', async () => {
    const { pm, setup, page } = await waiting();
    stripe.holdWebhooks(true);
    try {
      await answerChallenge(page, 'complete');
      // As if the clean-up had recorded it canceled while the processor let the challenge finish.
      await db().update(cardSetups).set({ status: 'canceled', settledAt: t.clock.now }).where(eq(cardSetups.setupIntentRef, setup));
      expect(atProcessor(pm)).toMatchObject({ customer: expect.stringMatching(/^cus_/) });
    } finally {
      stripe.holdWebhooks(false);
    }
    await stripe.tick();
    expect(atProcessor(pm)).toMatchObject({ customer: null });
    expect(await listed(pm)).toEqual([]);
    expect(await setupOf(setup)).toMatchObject({ status: 'canceled' });
    expect((await confirm(setup)).statusCode).toBe(409);
  });
});

describe('the clean-up of card set-ups left waiting', () => {
  it('cancels at the processor what still waits after 24 hours (not before), safely twice; the payer is then told, in English and Spanish', async () => {
    const { pm, setup, page } = await waiting();
    t.clock.advanceMinutes(23 * 60);
    await cleanUp();
    expect(await setupOf(setup)).toMatchObject({ status: 'requires_action' });

    t.clock.advanceMinutes(61);
    await cleanUp();
    expect(await setupOf(setup)).toMatchObject({ status: 'canceled', settledAt: t.clock.now });
    expect(atProcessor(setup)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });

    // Run again, and the processor's canceled event: nothing more.
    await cleanUp();
    await stripe.tick();
    expect(await setupOf(setup)).toMatchObject({ status: 'canceled' });
    // The bank's page has nothing left to confirm; the payer's return says the set-up was canceled.
    await answerChallenge(page, 'complete');
    expect(atProcessor(setup)).toMatchObject({ status: 'canceled' });
    expect(atProcessor(pm)).toMatchObject({ customer: null });
    expect(await listed(pm)).toEqual([]);
    shipper.acceptLanguage = 'en';
    const res = await confirm(setup);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict' });
    expect(res.json().message).toContain('was canceled; the card was not saved');
    // In the payer's own language.
    expect((await shipper.put('/api/settings', { language: 'es' })).statusCode).toBe(200);
    try {
      const es = await confirm(setup);
      expect(es.statusCode).toBe(409);
      expect(es.json().message).toContain('se canceló; la tarjeta no se guardó');
    } finally {
      await shipper.put('/api/settings', { language: 'en' });
    }
  });

  it('a payer who finished the bank page while the webhook was lost: the clean-up finds the card saved and lists it', async () => {
    const { pm, setup, page } = await waiting(TEST_CARDS.authenticateUnlessSetUp);
    stripe.holdWebhooks(true);
    try {
      await answerChallenge(page, 'complete');
      t.clock.advanceMinutes(25 * 60);
      await cleanUp();
    } finally {
      stripe.holdWebhooks(false);
    }
    expect(await setupOf(setup)).toMatchObject({ status: 'saved' });
    expect(atProcessor(setup)).toMatchObject({ status: 'succeeded' });
    await stripe.tick();
    expect(await listed(pm)).toMatchObject([{ last4: '3155' }]);
  });

  it('one set-up whose cancel fails leaves the others canceled; the round is tried again', async () => {
    const a = await waiting();
    const b = await waiting();
    const c = await waiting();
    // The processor no longer knows b's set-up: canceling it fails.
    const lost = atProcessor(b.setup)!;
    stripe.engine.objects.delete(b.setup);
    try {
      t.clock.advanceMinutes(25 * 60);
      await cleanUp();
      expect(await setupOf(a.setup)).toMatchObject({ status: 'canceled' });
      expect(await setupOf(b.setup)).toMatchObject({ status: 'requires_action' });
      expect(await setupOf(c.setup)).toMatchObject({ status: 'canceled' });
      const [job] = await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, ABANDONED_CARD_SETUPS_JOB), eq(jobs.key, 'hourly')));
      expect(job?.lastError).toContain('could not be canceled');
    } finally {
      stripe.engine.objects.set(b.setup, lost);
    }
    // Back at the processor: the next round cancels it too, and the others stay as they were.
    await cleanUp();
    for (const w of [a, b, c]) {
      expect(await setupOf(w.setup)).toMatchObject({ status: 'canceled' });
      expect(atProcessor(w.setup)).toMatchObject({ status: 'canceled' });
      expect(await listed(w.pm)).toEqual([]);
    }
  });
});
