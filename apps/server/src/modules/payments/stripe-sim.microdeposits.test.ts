import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeSimulator } from './stripe.simulator';
import { arrivalDate, MICRODEPOSIT_ATTEMPTS, TEST_DESCRIPTOR_CODE } from './stripe-sim.microdeposits';

/**
 * Saving a typed-in US bank account through the simulator, as the official client sees it: the
 * SetupIntent waits for micro-deposit verification, the test code (or amounts) sets it up, wrong
 * ones are refused with Stripe's error codes and counted, the tenth wrong one fails it for good;
 * each step is a signed webhook event.
 */
let clock = new Date('2026-03-06T15:00:00Z'); // a Friday
const events: Stripe.Event[] = [];
let sim: Awaited<ReturnType<typeof startStripeSimulator>>;
let stripe: Stripe;
const SECRET = 'whsec_microdeposits_test';

beforeAll(async () => {
  sim = await startStripeSimulator({
    now: () => clock,
    secretKey: 'sk_test_sim',
    publishableKey: 'pk_test_sim',
    achSettleDays: 3,
    webhook: { url: 'http://receiver.test/stripe', secret: SECRET },
    post: async (_url, body, headers) => {
      events.push(stripe.webhooks.constructEvent(body, headers['stripe-signature']!, SECRET, 300, undefined, clock.getTime()));
      return 200;
    },
  });
  const url = new URL(sim.url);
  stripe = new Stripe('sk_test_sim', { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(() => sim.close());

/** A customer and a bank account saved to it (not yet verified): the SetupIntent as answered. */
async function savingBank(account = '000123456789') {
  const customer = await stripe.customers.create({ name: 'Acme' });
  const pm = await stripe.paymentMethods.create({
    type: 'us_bank_account',
    us_bank_account: { routing_number: '110000000', account_number: account, account_holder_type: 'company' },
    billing_details: { name: 'Acme Freight' },
  });
  const si = await stripe.setupIntents.create({
    customer: customer.id,
    payment_method: pm.id,
    allowed_payment_method_types: ['us_bank_account'],
    usage: 'off_session',
    confirm: true,
    mandate_data: { customer_acceptance: { type: 'offline' } },
  });
  return { customer, pm, si };
}

const eventsOf = async (id: string) => {
  await sim.sim.tick();
  return events.filter((e) => (e.data.object as { id?: string }).id === id).map((e) => e.type);
};

describe('micro-deposit verification of a bank account being saved', () => {
  it('expects the deposit on the next business day', () => {
    expect(arrivalDate(new Date('2026-03-06T15:00:00Z')).toISOString()).toBe('2026-03-09T15:00:00.000Z'); // Friday → Monday
    expect(arrivalDate(new Date('2026-03-03T15:00:00Z')).toISOString()).toBe('2026-03-04T15:00:00.000Z');
    expect(arrivalDate(new Date('2026-12-24T15:00:00Z')).toISOString()).toBe('2026-12-28T15:00:00.000Z'); // over Christmas
    // Banks open the day after Thanksgiving, when carriers close.
    expect(arrivalDate(new Date('2026-11-25T15:00:00Z')).toISOString()).toBe('2026-11-27T15:00:00.000Z');
  });

  it('answers requires_action with verify_with_microdeposits, not attached until verified by the test code', async () => {
    const { customer, pm, si } = await savingBank();
    expect(si.status).toBe('requires_action');
    expect(si.next_action).toMatchObject({
      type: 'verify_with_microdeposits',
      verify_with_microdeposits: {
        arrival_date: Date.parse('2026-03-09T15:00:00Z') / 1000,
        microdeposit_type: 'descriptor_code',
        hosted_verification_url: `${sim.url}/sim/microdeposits/${si.id}`,
      },
    });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
    expect(await eventsOf(si.id)).toEqual(['setup_intent.created', 'setup_intent.requires_action']);

    const done = await stripe.setupIntents.verifyMicrodeposits(si.id, { descriptor_code: TEST_DESCRIPTOR_CODE.toLowerCase() });
    expect(done).toMatchObject({ status: 'succeeded', next_action: null, payment_method: pm.id });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((m) => m.id)).toEqual([pm.id]);
    expect(await eventsOf(si.id)).toEqual(['setup_intent.created', 'setup_intent.requires_action', 'setup_intent.succeeded']);
    // Nothing left to verify.
    await expect(stripe.setupIntents.verifyMicrodeposits(si.id, { descriptor_code: TEST_DESCRIPTOR_CODE })).rejects.toMatchObject({
      statusCode: 400,
      code: 'setup_intent_unexpected_state',
    });
  });

  it('takes the test amounts too, and refuses malformed ones without counting them', async () => {
    const { si } = await savingBank();
    await expect(stripe.setupIntents.verifyMicrodeposits(si.id, { amounts: [32] })).rejects.toMatchObject({
      code: 'payment_method_microdeposit_verification_amounts_invalid',
      param: 'amounts',
    });
    await expect(stripe.setupIntents.verifyMicrodeposits(si.id, { amounts: [45, 32] })).rejects.toMatchObject({
      code: 'payment_method_microdeposit_verification_amounts_mismatch',
    });
    await expect(stripe.setupIntents.verifyMicrodeposits(si.id, {})).rejects.toMatchObject({ code: 'parameter_missing' });
    expect(await stripe.setupIntents.verifyMicrodeposits(si.id, { amounts: [32, 45] })).toMatchObject({ status: 'succeeded' });
  });

  it('refuses wrong codes with Stripe’s error and fails the set-up for good at the tenth', async () => {
    const { customer, si } = await savingBank();
    for (let i = 1; i < MICRODEPOSIT_ATTEMPTS; i++) {
      const refused = await stripe.setupIntents.verifyMicrodeposits(si.id, { descriptor_code: 'SM00XX' }).catch((e) => e);
      expect(refused).toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        code: 'payment_method_microdeposit_verification_descriptor_code_mismatch',
        param: 'descriptor_code',
      });
    }
    expect((await stripe.setupIntents.retrieve(si.id)).status).toBe('requires_action');
    await expect(stripe.setupIntents.verifyMicrodeposits(si.id, { descriptor_code: 'SM00XX' })).rejects.toMatchObject({
      code: 'payment_method_microdeposit_verification_attempts_exceeded',
    });
    const failed = await stripe.setupIntents.retrieve(si.id);
    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      next_action: null,
      payment_method: null,
      last_setup_error: { code: 'payment_method_microdeposit_verification_attempts_exceeded' },
    });
    // Failed for good: the right code no longer helps, and the account was never attached.
    await expect(stripe.setupIntents.verifyMicrodeposits(si.id, { descriptor_code: TEST_DESCRIPTOR_CODE })).rejects.toMatchObject({
      code: 'setup_intent_unexpected_state',
    });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
    expect((await eventsOf(si.id)).at(-1)).toBe('setup_intent.setup_failed');
  });

  it('keeps the test bank numbers’ outcomes once verified: 000111111113 is returned when debited', async () => {
    const { customer, pm, si } = await savingBank('000111111113');
    await stripe.setupIntents.verifyMicrodeposits(si.id, { descriptor_code: TEST_DESCRIPTOR_CODE });
    const pi = await stripe.paymentIntents.create({
      amount: 5_000,
      currency: 'usd',
      customer: customer.id,
      payment_method: pm.id,
      allowed_payment_method_types: ['us_bank_account'],
      off_session: true,
      confirm: true,
      mandate_data: { customer_acceptance: { type: 'offline' } },
    });
    expect(pi.status).toBe('processing');
    clock = new Date(clock.getTime() + 4 * 86_400_000);
    await sim.sim.tick();
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
  });
});
