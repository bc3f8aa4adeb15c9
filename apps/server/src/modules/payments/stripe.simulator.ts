import { createHash, createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { challengeRoutes } from './stripe-sim.challenge';
import { type Obj, StripeSimError, stripeEngine } from './stripe-sim.engine';
import { stripeIntents } from './stripe-sim.intents';
import { stripeSetupIntents } from './stripe-sim.setup';
import type { SimStore } from './stripe-sim.store';

/**
 * A stand-in for Stripe's API, speaking the paths, form-encoded bodies, objects and errors the
 * product's adapter (and a browser, as Stripe.js does) uses: /v1/payment_methods (attach, detach),
 * customers (create, update, their payment methods), setup_intents (confirm, cancel), payment_intents (confirm,
 * capture, cancel; off_session with a customer's saved method) and refunds, Idempotency-Key replay,
 * the documented test cards and bank accounts, a 3-D Secure challenge page (stripe-sim.challenge.ts),
 * micro-deposit verification of a bank account being saved (stripe-sim.microdeposits.ts), and
 * webhooks signed as Stripe signs them. Its clock is the app's: an ACH debit settles or fails
 * `achSettleDays` after it was confirmed. The embedded
 * default mounts it at /stripe-sim; tests start it on a port of their own; production never has it
 * (config.ts refuses it there). Its objects live in memory, as long as the process, unless a
 * `store` names a file that keeps them across restarts (the embedded default's, beside its database).
 */
export interface StripeSimulatorOptions {
  now: () => Date;
  secretKey: string;
  publishableKey: string;
  /** Where events are posted, signed with `secret` (a Stripe webhook endpoint's whsec_ secret). */
  webhook?: { url: string; secret: string };
  /** How an event goes out; fetch unless told (tests hand it to the app in the same process). */
  post?: (url: string, body: string, headers: Record<string, string>) => Promise<number>;
  /** The simulator's own root as a browser reaches it (the 3-D Secure page's address). */
  publicUrl: () => string;
  achSettleDays: number;
  /** Send events after each request and look for due ACH outcomes every this many ms; 0: only on tick(). */
  autoDeliverMs?: number;
  /** Keeps its objects in a file across restarts (stripe-sim.store.ts); memory only without one. */
  store?: SimStore;
}

/** Stripe's form encoding (`card[number]=...`, `expand[0]=...`) into nested objects. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let at = root;
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(at).length) : segment;
      if (i === path.length - 1) at[name] = value;
      else {
        if (!at[name] || typeof at[name] !== 'object') at[name] = {};
        at = at[name] as Record<string, unknown>;
      }
    });
  }
  return root;
}

/** The Stripe-Signature header of `payload` at `timestamp` (seconds), as Stripe computes it. */
export function stripeSignature(payload: string, secret: string, timestamp: number) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const defaultPost = async (url: string, body: string, headers: Record<string, string>) => {
  const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
  return res.status;
};

export async function stripeSimulator(app: FastifyInstance, opts: StripeSimulatorOptions) {
  const engine = stripeEngine({
    now: opts.now,
    achSettleDays: opts.achSettleDays,
    authenticateUrl: (id) => `${opts.publicUrl()}/sim/3ds/${id}`,
    store: opts.store,
  });
  const intents = stripeIntents(engine);
  const setups = stripeSetupIntents(engine, (id) => `${opts.publicUrl()}/sim/microdeposits/${id}`);
  const machine = { config: { csrf: false } };
  /** Idempotency-Key -> the first answer, with a fingerprint of what was asked (kept with the objects). */
  const replays = engine.replays;
  let sent = 0;
  let delivering: Promise<void> = Promise.resolve();

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, parseStripeForm(String(body))),
  );

  const stripeError = (reply: FastifyReply, status: number, error: Record<string, unknown>) =>
    reply.code(status).send({ error: { ...error, request_log_url: null } });

  /** Who calls: the secret key everywhere; the publishable key only where a browser may (`browser`). */
  function authorized(request: FastifyRequest, browser: boolean) {
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const basic = bearer.startsWith('Basic ') ? Buffer.from(bearer.slice(6), 'base64').toString().replace(/:$/, '') : '';
    const key = bearer || basic || String((request.body as Record<string, unknown> | undefined)?.key ?? '');
    return key === opts.secretKey || (browser && key === opts.publishableKey);
  }

  /** One API operation: key check, Idempotency-Key replay, Stripe's error shape, then the events go out. */
  function operation(handler: (request: FastifyRequest) => unknown, browser = false) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('request-id', `req_${engine.newId('r').slice(2)}`);
      if (!authorized(request, browser)) {
        return stripeError(reply, 401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided. You did not provide a valid API key for this request.',
        });
      }
      const key = request.method === 'POST' ? String(request.headers['idempotency-key'] ?? '') : '';
      const fingerprint = createHash('sha256')
        .update(`${request.method} ${request.url} ${JSON.stringify(request.body ?? {})}`)
        .digest('hex');
      const earlier = key ? replays.get(key) : undefined;
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          return stripeError(reply, 400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          });
        }
        return reply.code(earlier.status).header('idempotent-replayed', 'true').send(earlier.body);
      }
      let status = 200;
      let body: unknown;
      try {
        intents.settleDue();
        body = handler(request);
      } catch (err) {
        if (!(err instanceof StripeSimError)) throw err;
        status = err.status;
        body = { error: { ...err.body, request_log_url: null } };
      }
      if (key) replays.set(key, { fingerprint, status, body });
      // A write may have changed anything (a method made, an intent moved, a replay kept); a read
      // only what settleDue applied, which emitted its events.
      if (request.method === 'POST') engine.touch();
      engine.persist();
      if (opts.autoDeliverMs) void deliver();
      return reply.code(status).send(body);
    };
  }

  const form = (request: FastifyRequest) =>
    (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const id = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.post(
    '/v1/payment_methods',
    machine,
    operation((r) => engine.createPaymentMethod(form(r)), true),
  );
  app.get(
    '/v1/payment_methods/:id',
    operation((r) => engine.paymentMethod(id(r))),
  );
  app.post(
    '/v1/payment_methods/:id/attach',
    machine,
    operation((r) => engine.attach(id(r), String(form(r).customer ?? ''))),
  );
  app.post(
    '/v1/payment_methods/:id/detach',
    machine,
    operation((r) => engine.detach(id(r))),
  );
  app.get(
    '/v1/customers/:id/payment_methods',
    operation((r) => engine.customerMethods(id(r), (r.query ?? {}) as Record<string, unknown>)),
  );
  app.post(
    '/v1/customers/:id',
    machine,
    operation((r) => engine.updateCustomer(id(r), form(r))),
  );
  app.post(
    '/v1/customers',
    machine,
    operation((r) => engine.createCustomer(form(r))),
  );
  app.get(
    '/v1/customers/:id',
    operation((r) => engine.get('customer', 'cus', id(r))),
  );
  app.post(
    '/v1/setup_intents',
    machine,
    operation((r) => setups.create(form(r))),
  );
  app.get(
    '/v1/setup_intents/:id',
    operation((r) => engine.get('setup_intent', 'seti', id(r))),
  );
  app.post(
    '/v1/setup_intents/:id/confirm',
    machine,
    operation((r) => setups.confirm(id(r), form(r))),
  );
  app.post(
    '/v1/setup_intents/:id/cancel',
    machine,
    operation((r) => setups.cancel(id(r), form(r))),
  );
  app.post(
    '/v1/setup_intents/:id/verify_microdeposits',
    machine,
    operation((r) => setups.verifyMicrodeposits(id(r), form(r))),
  );
  app.post(
    '/v1/payment_intents',
    machine,
    operation((r) => intents.create(form(r))),
  );
  app.get(
    '/v1/payment_intents/:id',
    operation((r) => engine.get('payment_intent', 'pi', id(r))),
  );
  app.post(
    '/v1/payment_intents/:id/confirm',
    machine,
    operation((r) => intents.confirm(id(r), form(r))),
  );
  app.post(
    '/v1/payment_intents/:id/capture',
    machine,
    operation((r) => intents.capture(id(r), form(r))),
  );
  app.post(
    '/v1/payment_intents/:id/cancel',
    machine,
    operation((r) => intents.cancel(id(r), form(r))),
  );
  app.post(
    '/v1/refunds',
    machine,
    operation((r) => intents.refund(form(r))),
  );
  app.get(
    '/v1/refunds/:id',
    operation((r) => engine.get('refund', 're', id(r))),
  );
  app.get(
    '/v1/events/:id',
    operation((r) => engine.get('event', 'evt', id(r))),
  );

  challengeRoutes(app, engine, { paymentIntent: intents.authenticate, setupIntent: setups.authenticate }, () => {
    engine.persist();
    void deliver();
  });

  /** Test control: apply due ACH outcomes and send every pending event now (answers once they were sent). */
  app.post('/sim/tick', machine, async () => ({ delivered: await tick() }));

  /** Sends pending events in order; one that is not acknowledged (2xx) waits for the next round, as Stripe retries. */
  function deliver(): Promise<void> {
    delivering = delivering.then(async () => {
      const target = opts.webhook;
      if (!target) {
        if (engine.events.length) engine.touch();
        engine.events.length = 0;
        engine.persist();
        return;
      }
      // What was sent is saved once the round ends: a crash mid-round sends some again, as Stripe may.
      try {
        await sendAll(target);
      } finally {
        engine.persist();
      }
    });
    return delivering;
  }

  async function sendAll(target: { url: string; secret: string }) {
    while (engine.events.length) {
      const event = engine.events[0] as Obj;
      const payload = JSON.stringify(event, null, 2);
      const headers = {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': stripeSignature(payload, target.secret, engine.seconds()),
      };
      const status = await (opts.post ?? defaultPost)(target.url, payload, headers).catch(() => 0);
      if (status < 200 || status >= 300) return;
      engine.events.shift();
      engine.touch();
      sent += 1;
    }
  }

  async function tick() {
    const before = sent;
    intents.settleDue();
    engine.persist();
    await deliver();
    return sent - before;
  }

  if (opts.autoDeliverMs) {
    const timer = setInterval(() => void tick(), opts.autoDeliverMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  return { engine, tick, pendingEvents: () => engine.events.length };
}

export type StripeSimulator = Awaited<ReturnType<typeof stripeSimulator>>;

/** The simulator on a port of its own (tests and benches): `url` is its root. */
export async function startStripeSimulator(opts: Omit<StripeSimulatorOptions, 'publicUrl'>) {
  const app = Fastify({ logger: false });
  let url = '';
  const sim = await stripeSimulator(app, { ...opts, publicUrl: () => url });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, app, sim, close: () => app.close() };
}
