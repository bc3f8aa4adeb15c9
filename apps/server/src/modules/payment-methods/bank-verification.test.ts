import { randomUUID } from 'node:crypto';
import type { PaymentMethodView } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedPaymentMethods } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { deliveredShipment } from '../invoices/test-helpers';
import { browserBank, browserCard, TEST_STRIPE_KEYS } from '../payments/stripe-test-helpers';
import { NEW_PASSWORD, teamSteps } from '../team/team.test-support';

/**
 * A typed-in bank account is verified by Stripe's micro-deposit before it may be debited: saved
 * as awaiting verification, refused as the default, for an invoice payment and for autopay; the
 * code of the deposit (SM11AA in test mode) verifies it, wrong codes count down to failed; the
 * processor's webhooks settle it too, in either order with the endpoint. Through the real adapter
 * and the Stripe simulator over HTTP.
 */
let t: TestApp;
let admin: TestClient;
let billing: TestClient;
let other: TestClient;
let billingEmail: string;
const steps = teamSteps(() => t);

/** Friday 6 March 2026, 9 AM in Chicago: the deposit is expected on Monday. */
const FRIDAY = new Date('2026-03-06T15:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = FRIDAY;
  admin = await t.client().login('shipper@demo.test', undefined, true);
  const colleague = await steps.colleague(admin, 'billing');
  billingEmail = colleague.email;
  billing = await t.client().login(colleague.email, NEW_PASSWORD, true);
  other = await t.client().login('other@demo.test', undefined, true);
});
afterAll(() => t.close());

const methods = async (c: TestClient = billing) =>
  ((await c.get('/api/payment-methods')).json().data as { methods: PaymentMethodView[] }).methods;
const saveBank = async (c: TestClient = billing) => {
  const res = await c.post('/api/payment-methods', { payment_method: await browserBank(t.stripeUrl) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as PaymentMethodView;
};
const verify = (id: string, code: string, c: TestClient = billing) => c.post(`/api/payment-methods/${id}/verify`, { code });
const setupIntentOf = async (id: string) =>
  (await t.database.db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, id)))[0]!.setupIntentRef!;
/** Sends the simulator's pending webhook events to the app (as Stripe would, a moment later). */
const deliverWebhooks = () => fetch(`${t.stripeUrl}/sim/tick`, { method: 'POST' });
/** The payer verifies on Stripe's own hosted page instead of the portal: straight to the processor. */
const verifyAtProcessor = (setupIntent: string, code: string) =>
  fetch(`${t.stripeUrl}/v1/setup_intents/${setupIntent}/verify_microdeposits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_STRIPE_KEYS.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ descriptor_code: code }).toString(),
  });
const payByBank = async (pm: string, c: TestClient = billing) => {
  const { invoice } = await deliveredShipment(t);
  return c.request({
    method: 'POST',
    url: '/api/invoice-payments',
    payload: { method: 'ach', allocations: [{ invoice_id: invoice!.id, amount_cents: 5_000 }], payment_method: pm },
    headers: { 'idempotency-key': randomUUID() },
  });
};
const activity = async () =>
  ((await admin.get('/api/team/activity')).json().data as { action: string; target: string }[]).map((a) => a.action);

describe('verifying a saved bank account by its micro-deposit', () => {
  let awaiting: PaymentMethodView;

  it('saves it as awaiting verification, with the deposit expected on the next business day; never the default', async () => {
    awaiting = await saveBank();
    expect(awaiting).toMatchObject({
      type: 'us_bank_account',
      last4: '6789',
      verification: 'awaiting',
      microdeposits_arrive_at: '2026-03-09T15:00:00.000Z',
      verify_attempts_left: 10,
      is_default: false,
    });
    expect(await methods()).toEqual([awaiting]);
    expect(await activity()).toContain('payment_method.add');
    // The account's payers are told the deposit is on its way, by when, and where its code goes.
    await t.app.background.drain();
    const mails = (await mailsTo(t, billingEmail)).filter((m) => m.subject.includes('small deposit'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A small deposit is on its way to your bank account ending in 6789');
    expect(mails[0]!.text).toContain('It should arrive by March 9, 2026.');
    expect(mails[0]!.text).toContain('/settings/payment-methods');
  });

  it('is refused as the default, for an invoice payment and for autopay until verified (422 at payment_method)', async () => {
    const made = await billing.put(`/api/payment-methods/${awaiting.id}/default`, {});
    expect(made.statusCode).toBe(422);
    expect(made.json()).toMatchObject({ code: 'validation', errors: { payment_method: [expect.stringMatching(/not verified yet/)] } });
    const paid = await payByBank(awaiting.ref);
    expect(paid.statusCode, paid.body).toBe(422);
    expect(paid.json().errors.payment_method[0]).toMatch(/Settings > Payment methods/);
    // Autopay charges the default method, and there is none.
    expect((await billing.put('/api/payment-methods/autopay', { enabled: true })).statusCode).toBe(409);
  });

  it('refuses a malformed code without counting it, a wrong one with the tries left (in Spanish too)', async () => {
    const malformed = await verify(awaiting.id, '12345');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.code[0]).toMatch(/SM followed by 4/);
    const wrong = await verify(awaiting.id, 'sm00xx');
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json()).toMatchObject({ attempts_left: 9, errors: { code: ['This code does not match the deposit. Attempts left: 9.'] } });
    const spanish = await billing.request({
      method: 'POST',
      url: `/api/payment-methods/${awaiting.id}/verify`,
      payload: { code: 'SM00XY' },
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.statusCode).toBe(422);
    expect((await methods()).find((m) => m.id === awaiting.id)?.verify_attempts_left).toBe(8);
  });

  it('keeps another account out (404) and a card has nothing to verify (409)', async () => {
    expect((await verify(awaiting.id, 'SM11AA', other)).statusCode).toBe(404);
    expect((await verify(randomUUID(), 'SM11AA')).statusCode).toBe(404);
    expect((await verify('not-an-id', 'SM11AA')).statusCode).toBe(404);
    const card = await billing.post('/api/payment-methods', { payment_method: await browserCard(t.stripeUrl) });
    expect(card.statusCode).toBe(201);
    expect((await verify(card.json().data.id, 'SM11AA')).statusCode).toBe(409);
    expect((await billing.request({ method: 'DELETE', url: `/api/payment-methods/${card.json().data.id}` })).statusCode).toBe(204);
  });

  it('verifies it with the code (the default when there is none), once; then it pays an invoice', async () => {
    const done = await verify(awaiting.id, ' sm11aa ');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      verification: 'verified',
      is_default: true,
      verify_attempts_left: null,
      microdeposits_arrive_at: null,
    });
    // The processor's webhook comes after the endpoint settled it: nothing changes, no second entry.
    await deliverWebhooks();
    const again = await verify(awaiting.id, 'SM11AA');
    expect(again.statusCode).toBe(200);
    expect((await activity()).filter((a) => a === 'payment_method.verify')).toHaveLength(1);
    const paid = await payByBank(awaiting.ref);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ method: 'ach', status: 'pending', last4: '6789' });
    expect((await billing.put('/api/payment-methods/autopay', { enabled: true })).statusCode).toBe(200);
    expect((await billing.put('/api/payment-methods/autopay', { enabled: false })).statusCode).toBe(200);
  });

  it('marks it failed at the tenth wrong code, says so, and keeps refusing it', async () => {
    const bank = await saveBank(admin);
    for (let left = 9; left > 0; left--) {
      const wrong = await verify(bank.id, 'SM99ZZ', admin);
      expect(wrong.json().attempts_left).toBe(left);
    }
    const last = await verify(bank.id, 'SM99ZZ', admin);
    expect(last.statusCode).toBe(422);
    expect(last.json()).toMatchObject({ verification: 'failed', attempts_left: 0 });
    expect(last.json().errors.code[0]).toMatch(/could not be verified/);
    expect((await methods(admin)).find((m) => m.id === bank.id)).toMatchObject({ verification: 'failed', is_default: false });
    expect((await verify(bank.id, 'SM11AA', admin)).statusCode).toBe(422);
    expect((await payByBank(bank.ref, admin)).json().errors.payment_method[0]).toMatch(/could not be verified/);
    expect((await admin.put(`/api/payment-methods/${bank.id}/default`, {})).statusCode).toBe(422);
    expect(await activity()).toContain('payment_method.verification_failed');
    expect((await admin.request({ method: 'DELETE', url: `/api/payment-methods/${bank.id}` })).statusCode).toBe(204);
  });
});

describe('the processor’s webhooks', () => {
  it('verify an account the payer verified on the processor’s own page; the endpoint then answers it verified', async () => {
    const bank = await saveBank();
    expect((await verifyAtProcessor(await setupIntentOf(bank.id), 'SM11AA')).status).toBe(200);
    expect((await methods()).find((m) => m.id === bank.id)?.verification).toBe('awaiting');
    await deliverWebhooks();
    expect((await methods()).find((m) => m.id === bank.id)).toMatchObject({ verification: 'verified' });
    const endpoint = await verify(bank.id, 'SM11AA');
    expect(endpoint.statusCode).toBe(200);
    expect(endpoint.json().data.verification).toBe('verified');
  });

  it('fail an account whose tries ran out at the processor', async () => {
    const bank = await saveBank();
    const seti = await setupIntentOf(bank.id);
    for (let i = 0; i < 10; i++) await verifyAtProcessor(seti, 'SM00AA');
    await deliverWebhooks();
    expect((await methods()).find((m) => m.id === bank.id)).toMatchObject({ verification: 'failed' });
    expect((await verify(bank.id, 'SM11AA')).json()).toMatchObject({ verification: 'failed' });
  });

  it('leave alone what they do not concern: a card’s set-up, another account', async () => {
    const before = await methods(other);
    const card = await other.post('/api/payment-methods', { payment_method: await browserCard(t.stripeUrl) });
    expect(card.statusCode).toBe(201);
    await deliverWebhooks();
    expect(await methods(other)).toEqual([...before, expect.objectContaining({ verification: 'verified', is_default: true })]);
  });
});
