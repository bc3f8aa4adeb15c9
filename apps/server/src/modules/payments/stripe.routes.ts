import { createHmac } from 'node:crypto';
import { ACH_SETTLE_DAYS } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { AppContext } from '../../context';
import { type PaymentEventKind, PaymentEvents, type PaymentProvider, PaymentsOff } from './payment-provider';
import { paymentsRepository } from './payments.repository';
import { StripePaymentProvider, stripeClient } from './stripe.provider';
import { stripeSimulator } from './stripe.simulator';

/** Where the embedded default mounts the Stripe simulator. */
export const STRIPE_SIMULATOR_PREFIX = '/stripe-sim';
export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';
/** Stripe's own default: a signature older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The simulator's keys where none are configured, derived from APP_KEY (each install has its own). */
export function simulatorKeys(appKey: string) {
  const part = (name: string) => createHmac('sha256', appKey).update(`stripe-simulator:${name}`).digest('hex').slice(0, 24);
  return { secretKey: `sk_test_sim${part('sk')}`, publishableKey: `pk_test_sim${part('pk')}`, webhookSecret: `whsec_sim${part('wh')}` };
}

/** Which Stripe event means what to the product (the handlers act only on a payment in the matching state). */
const EVENT_KINDS: Record<string, PaymentEventKind> = {
  'payment_intent.succeeded': 'debit_settled',
  'payment_intent.payment_failed': 'debit_returned',
  'payment_intent.canceled': 'authorization_released',
  'charge.refunded': 'refunded',
  // A set-up ended: a bank account's micro-deposit verification, or a card's 3-D Secure challenge.
  'setup_intent.succeeded': 'setup_succeeded',
  'setup_intent.setup_failed': 'setup_failed',
  'setup_intent.canceled': 'setup_canceled',
};

/**
 * The events that end a card intent, whatever else they mean: an invoice payment waiting on the
 * payer's 3-D Secure challenge is settled from them (its payer may never come back to confirm).
 */
const CHALLENGE_ENDINGS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);

export interface PaymentSetup {
  provider: PaymentProvider;
  /** What the processor tells later (webhooks): the payments and invoices modules subscribe. */
  events: PaymentEvents;
  /** What a browser needs to hand a card to the processor itself; none while payments are off. */
  browser: { publishableKey: string; apiUrl: string } | null;
}

/**
 * The payment provider the configuration names: none (production without Stripe's keys), the
 * Stripe adapter with Stripe's keys, or the same adapter against the simulator (mounted here at
 * /stripe-sim unless STRIPE_API_URL names one elsewhere, with keys derived from APP_KEY unless
 * given; its objects kept in `simulatorStateFile` when one is named). With Stripe the webhook
 * endpoint is registered too.
 */
export async function paymentSetup(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { simulatorStateFile?: string } = {},
): Promise<PaymentSetup> {
  const c = ctx.config;
  const events = new PaymentEvents();
  if (c.paymentProvider === 'off') return { provider: new PaymentsOff(), events, browser: null };
  const derived = simulatorKeys(ctx.appKey);
  const keys = {
    secretKey: c.STRIPE_SECRET_KEY ?? derived.secretKey,
    publishableKey: c.STRIPE_PUBLISHABLE_KEY ?? derived.publishableKey,
    webhookSecret: c.STRIPE_WEBHOOK_SECRET ?? derived.webhookSecret,
  };
  let apiUrl = c.STRIPE_API_URL?.replace(/\/$/, '');
  if (c.paymentProvider === 'simulator' && !apiUrl) {
    apiUrl = `${c.appUrl}${STRIPE_SIMULATOR_PREFIX}`;
    const root = apiUrl;
    await app.register(
      (scope) =>
        stripeSimulator(scope, {
          now: ctx.now,
          secretKey: keys.secretKey,
          publishableKey: keys.publishableKey,
          webhook: { url: `${c.appUrl}${STRIPE_WEBHOOK_PATH}`, secret: keys.webhookSecret },
          publicUrl: () => root,
          achSettleDays: ACH_SETTLE_DAYS,
          autoDeliverMs: 2000,
          // Its customers and saved methods must outlive a restart as the database's rows naming them do.
          ...(opts.simulatorStateFile ? { store: { file: opts.simulatorStateFile, warn: (m: string) => app.log.warn(m) } } : {}),
        }).then(() => undefined),
      { prefix: STRIPE_SIMULATOR_PREFIX },
    );
  }
  await stripeWebhookRoutes(app, ctx, keys.webhookSecret, events);
  return {
    provider: new StripePaymentProvider(stripeClient({ secretKey: keys.secretKey, apiUrl })),
    events,
    browser: { publishableKey: keys.publishableKey, apiUrl: apiUrl ?? 'https://api.stripe.com' },
  };
}

/**
 * POST /api/webhooks/stripe: Stripe's events, no session (CSRF-exempt: the signature is the
 * credential). The Stripe-Signature header is checked over the raw bytes with the package's
 * constructEvent against the app's clock; a bad or missing signature and one older than five
 * minutes (a replay) get 400. An event id already handled is acknowledged and skipped; a new one
 * goes to the subscribers, then is remembered (a handler that fails answers 500, and Stripe retries).
 */
async function stripeWebhookRoutes(app: FastifyInstance, ctx: AppContext, secret: string, events: PaymentEvents) {
  const repo = paymentsRepository(ctx.db);
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, { config: { csrf: false } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof header !== 'string') throw new Error('no signature');
        event = Stripe.webhooks.constructEvent(raw, header, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, ctx.now().getTime());
      } catch {
        return reply
          .code(400)
          .send({ code: 'bad_signature', message: 'The Stripe-Signature header does not hold for this payload at this time.' });
      }
      if (await repo.webhookEventSeen(event.id)) return { received: true, duplicate: true };
      const kind = EVENT_KINDS[event.type];
      const object = event.data.object as { id?: string; object?: string; payment_intent?: string | null };
      const ref = object.object === 'charge' ? object.payment_intent : object.id;
      if (kind && ref) await events.emit(kind, ref);
      if (ref && CHALLENGE_ENDINGS.has(event.type)) await events.emit('challenge_ended', ref);
      await repo.rememberWebhookEvent(event.id, event.type, ctx.now());
      return { received: true };
    });
  });
}
