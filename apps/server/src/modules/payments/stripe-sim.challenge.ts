import type { FastifyInstance } from 'fastify';
import type { Obj, StripeEngine } from './stripe-sim.engine';

/** What completes or fails an intent's challenge (the PaymentIntents' and SetupIntents' own rules). */
export interface ChallengeTargets {
  paymentIntent: (id: string, passed: boolean) => Obj;
  setupIntent: (id: string, passed: boolean) => Obj;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The page's words: the amount of a payment, the card of a set-up. */
function summaryOf(intent: Obj, engine: StripeEngine) {
  if (intent.object === 'payment_intent') {
    return `Confirm a payment of ${(Number(intent.amount) / 100).toFixed(2)} ${String(intent.currency).toUpperCase()}.`;
  }
  const pm = engine.objects.get(String(intent.payment_method));
  const last4 = (pm?.card as { last4?: string } | undefined)?.last4;
  return last4 ? `Confirm saving the card ending in ${last4} for later payments.` : 'Confirm saving this card for later payments.';
}

/**
 * The page of the issuer's 3-D Secure challenge, as Stripe's test page offers it: "Complete
 * authentication" or "Fail authentication". It is plain HTML with no script and no inline handler
 * (the portal's CSP allows neither, and the page lives under its origin), a form posting to itself;
 * the answer moves the intent on and sends the payer back to the `return_url` the confirm named,
 * with the query Stripe adds (`payment_intent` or `setup_intent`, its client secret and
 * `redirect_status`). Without a return_url (Stripe.js's own flow) it answers the intent's status.
 */
export function challengeRoutes(app: FastifyInstance, engine: StripeEngine, targets: ChallengeTargets, afterwards: () => void) {
  const machine = { config: { csrf: false } };
  const intentOf = (id: string) => {
    const found = engine.objects.get(id);
    return found?.object === 'payment_intent' || found?.object === 'setup_intent' ? found : undefined;
  };

  app.get('/sim/3ds/:id', async (request, reply) => {
    const intent = intentOf((request.params as { id: string }).id);
    if (!intent) return reply.code(404).send({ error: { type: 'invalid_request_error', message: 'No such intent' } });
    const open = intent.status === 'requires_action';
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>3D Secure test page (simulator)</title></head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; background: #fff">
<main><h1>3D Secure test payment</h1><p>${escapeHtml(summaryOf(intent, engine))}</p>
${
  open
    ? `<p>This is a test page. Choose how the authentication ends.</p>
<form method="post"><button type="submit" name="result" value="complete" style="font-size: 1rem; padding: .5rem 1rem; margin: 0 .5rem .5rem 0">Complete authentication</button>
<button type="submit" name="result" value="fail" style="font-size: 1rem; padding: .5rem 1rem">Fail authentication</button></form>`
    : '<p>This authentication is over: there is nothing left to confirm.</p>'
}</main></body></html>`);
  });

  app.post('/sim/3ds/:id', machine, async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const found = intentOf(id);
    if (!found) return reply.code(404).send({ error: { type: 'invalid_request_error', message: 'No such intent' } });
    const back = (found.next_action as { redirect_to_url?: { return_url?: string | null } } | null)?.redirect_to_url?.return_url;
    const passed = (request.body as Record<string, unknown> | undefined)?.result === 'complete';
    const intent = found.object === 'payment_intent' ? targets.paymentIntent(id, passed) : targets.setupIntent(id, passed);
    afterwards();
    if (!back) return { id: intent.id, status: intent.status };
    const kind = String(intent.object);
    const query = new URLSearchParams({
      [kind]: intent.id,
      [`${kind}_client_secret`]: String(intent.client_secret),
      redirect_status: intent.status === 'requires_payment_method' ? 'failed' : 'succeeded',
    });
    return reply.redirect(`${back}${back.includes('?') ? '&' : '?'}${query}`, 303);
  });
}
