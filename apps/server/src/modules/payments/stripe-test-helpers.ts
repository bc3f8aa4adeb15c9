import { ACH_SETTLE_DAYS } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import { STRIPE_WEBHOOK_PATH } from './stripe.routes';
import { startStripeSimulator } from './stripe.simulator';

/** Stripe's test card numbers with a fixed outcome (the simulator's, and Stripe's in test mode). */
export const TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  processorFailure: '4000000000000119',
  /** 3-D Secure every time: on-session it asks the payer; off-session it is declined (authentication_required). */
  alwaysAuthenticate: '4000002760003184',
  /** 3-D Secure on-session and when saved; once saved, off-session charges go through without asking. */
  authenticateUnlessSetUp: '4000002500003155',
} as const;

/** Stripe's test bank accounts (routing 110000000): one settles, one is returned (account closed). */
export const TEST_BANK = {
  routing: '110000000',
  settles: '000123456789',
  returned: '000111111113',
} as const;

/** The keys a test app and its Stripe simulator share. */
export const TEST_STRIPE_KEYS = {
  secretKey: 'sk_test_harness0000000000',
  publishableKey: 'pk_test_harness0000000000',
  webhookSecret: 'whsec_harness0000000000',
};

/**
 * A Stripe simulator on a loopback port of its own, on the test's clock, for an app built with
 * `env`: the adapter reaches it over HTTP; its webhooks go into the app connected to it (the test
 * app does not listen) when `tick()` sends them.
 */
/** A Stripe simulator a test app talks to over HTTP, with its webhooks delivered into the app. */
export type TestStripe = Awaited<ReturnType<typeof startTestStripe>>;

export async function startTestStripe(now: () => Date) {
  let target: FastifyInstance | undefined;
  /** Events wait at the simulator (as if the endpoint were down) until released. */
  let held = false;
  const sim = await startStripeSimulator({
    now,
    secretKey: TEST_STRIPE_KEYS.secretKey,
    publishableKey: TEST_STRIPE_KEYS.publishableKey,
    achSettleDays: ACH_SETTLE_DAYS,
    webhook: { url: `http://app.test${STRIPE_WEBHOOK_PATH}`, secret: TEST_STRIPE_KEYS.webhookSecret },
    post: async (url, body, headers) => {
      if (!target || held) return 503;
      const res = await target.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers });
      return res.statusCode;
    },
  });
  return {
    url: sim.url,
    env: {
      PAYMENT_PROVIDER: 'simulator',
      STRIPE_API_URL: sim.url,
      STRIPE_SECRET_KEY: TEST_STRIPE_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: TEST_STRIPE_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_KEYS.webhookSecret,
    },
    connect(app: FastifyInstance) {
      target = app;
    },
    /** Keeps the events at the simulator (`true`) until released, to order them against the payer's return. */
    holdWebhooks(on: boolean) {
      held = on;
    },
    /** Applies the ACH outcomes the clock reached and sends every pending event (answers how many). */
    tick: () => sim.sim.tick(),
    engine: sim.sim.engine,
    close: () => sim.close(),
  };
}

/**
 * A payment method as a browser makes it: straight to the simulator with the publishable key
 * (what the web's forms do); answers its pm_ id. `apiUrl`: the test app's simulator (`t.stripeUrl`).
 */
export async function browserMethod(apiUrl: string | undefined, fields: Record<string, string>): Promise<string> {
  if (!apiUrl) throw new Error('this test app has no Stripe simulator');
  const res = await fetch(`${apiUrl}/v1/payment_methods`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key: TEST_STRIPE_KEYS.publishableKey, ...fields }).toString(),
  });
  const json = (await res.json()) as { id?: string; error?: { code?: string } };
  if (!res.ok || !json.id) throw new Error(`the simulator refused the method: ${json.error?.code ?? res.status}`);
  return json.id;
}

/** A card's pm_ id (good until 12/2099 unless told). */
export const browserCard = (apiUrl: string | undefined, number: string = TEST_CARDS.approved, expYear = '2099') =>
  browserMethod(apiUrl, {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': expYear,
    'card[cvc]': '123',
    'billing_details[name]': 'Card Holder',
  });

/** A company checking account's pm_ id (settles unless told). */
export const browserBank = (apiUrl: string | undefined, account: string = TEST_BANK.settles) =>
  browserMethod(apiUrl, {
    type: 'us_bank_account',
    'us_bank_account[routing_number]': TEST_BANK.routing,
    'us_bank_account[account_number]': account,
    'us_bank_account[account_type]': 'checking',
    'us_bank_account[account_holder_type]': 'company',
    'billing_details[name]': 'Demo Shipper Co',
  });

/**
 * The payer's answer on the card issuer's 3-D Secure page (the simulator's, `next_action_url`): its
 * form, as the browser posts it. The answer redirects to the return_url the payment named.
 */
export const answerChallenge = (url: string, result: 'complete' | 'fail') =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `result=${result}`,
  });
