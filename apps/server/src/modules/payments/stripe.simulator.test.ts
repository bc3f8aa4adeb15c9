import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStripeForm, startStripeSimulator } from './stripe.simulator';

/** The simulator as the official client sees it: the same paths, objects, errors and signatures as Stripe's. */
const WEBHOOK_SECRET = 'whsec_simulator_test_secret';
let clock = new Date('2026-03-02T15:00:00Z');
const received: { body: string; signature: string }[] = [];
let sim: Awaited<ReturnType<typeof startStripeSimulator>>;
let stripe: Stripe;

beforeAll(async () => {
  sim = await startStripeSimulator({
    now: () => clock,
    secretKey: 'sk_test_sim',
    publishableKey: 'pk_test_sim',
    achSettleDays: 3,
    webhook: { url: 'http://receiver.test/stripe', secret: WEBHOOK_SECRET },
    post: async (_url, body, headers) => {
      received.push({ body, signature: headers['stripe-signature']! });
      return 200;
    },
  });
  const url = new URL(sim.url);
  stripe = new Stripe('sk_test_sim', { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(() => sim.close());

const card = (number: string) =>
  stripe.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } });
const hold = async (number: string, key?: string) =>
  stripe.paymentIntents.create(
    { amount: 12_345, currency: 'usd', capture_method: 'manual', payment_method: (await card(number)).id, confirm: true },
    key ? { idempotencyKey: key } : {},
  );

describe('the Stripe simulator', () => {
  it('parses Stripe form encoding', () => {
    expect(parseStripeForm('card[number]=4242&expand[]=a&expand[]=b&metadata[k]=v&amount=5')).toEqual({
      card: { number: '4242' },
      expand: { 0: 'a', 1: 'b' },
      metadata: { k: 'v' },
      amount: '5',
    });
  });

  it('refuses a wrong key, and the publishable key outside payment methods', async () => {
    const other = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: Number(new URL(sim.url).port), protocol: 'http' });
    await expect(other.customers.create({})).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    const browser = await fetch(`${sim.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_sim', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2030&card[cvc]=123',
    });
    expect(browser.status).toBe(200);
    expect(await browser.json()).toMatchObject({ object: 'payment_method', card: { brand: 'visa', last4: '4242' } });
    const pk = await fetch(`${sim.url}/v1/customers`, { method: 'POST', headers: { authorization: 'Bearer pk_test_sim' } });
    expect(pk.status).toBe(401);
  });

  it('holds, captures part, and releases the rest; a canceled hold cannot be captured', async () => {
    const pi = await hold('4242424242424242');
    expect(pi).toMatchObject({ status: 'requires_capture', amount_capturable: 12_345, capture_method: 'manual' });
    const captured = await stripe.paymentIntents.capture(pi.id, { amount_to_capture: 10_000 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 10_000, amount_capturable: 0 });
    // The released rest counts as refunded, so the captured part is what may still be refunded.
    expect(await stripe.refunds.create({ payment_intent: pi.id })).toMatchObject({ status: 'succeeded', amount: 10_000 });
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 1 })).rejects.toMatchObject({ code: 'charge_already_refunded' });
    const other = await hold('4242424242424242');
    expect(await stripe.paymentIntents.cancel(other.id)).toMatchObject({ status: 'canceled' });
    await expect(stripe.paymentIntents.capture(other.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
      statusCode: 400,
    });
  });

  it('declines the documented cards with their codes, and asks 3-D Secure of its cards', async () => {
    await expect(hold('4000000000000002')).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    await expect(hold('4000000000009995')).rejects.toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
    await expect(card('4242424242424241')).rejects.toMatchObject({ code: 'incorrect_number' });
    for (const number of ['4000002500003155', '4000000000003220']) {
      const pi = await hold(number);
      expect(pi.status).toBe('requires_action');
      expect(pi.next_action?.type).toBe('use_stripe_sdk');
    }
  });

  it('answers a repeated Idempotency-Key with the first answer, and refuses it with other parameters', async () => {
    const pm = await card('4242424242424242');
    const params = { amount: 5000, currency: 'usd', payment_method: pm.id, confirm: true };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'same-key' });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'same-key' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(stripe.paymentIntents.create({ ...params, amount: 6000 }, { idempotencyKey: 'same-key' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('refunds a paid intent, at most what was paid', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      payment_method: (await card('4242424242424242')).id,
      confirm: true,
    });
    expect(pi.status).toBe('succeeded');
    expect(await stripe.refunds.create({ payment_intent: pi.id, amount: 2000 })).toMatchObject({ status: 'succeeded', amount: 2000 });
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 3001 })).rejects.toMatchObject({ code: 'amount_too_large' });
  });

  it('settles an ACH debit after the settle days, fails a closed account, and signs each event as Stripe does', async () => {
    const debit = async (account: string) => {
      const pm = await stripe.paymentMethods.create({
        type: 'us_bank_account',
        us_bank_account: { routing_number: '110000000', account_number: account, account_holder_type: 'company' },
        billing_details: { name: 'Demo Shipper Co' },
      });
      return stripe.paymentIntents.create({
        amount: 9900,
        currency: 'usd',
        allowed_payment_method_types: ['us_bank_account'],
        payment_method: pm.id,
        confirm: true,
        mandate_data: { customer_acceptance: { type: 'offline' } },
      });
    };
    const good = await debit('000123456789');
    const bad = await debit('000111111113');
    expect([good.status, bad.status]).toEqual(['processing', 'processing']);
    clock = new Date(clock.getTime() + 2 * 86_400_000);
    await sim.sim.tick();
    expect((await stripe.paymentIntents.retrieve(good.id)).status).toBe('processing');
    received.length = 0;
    clock = new Date(clock.getTime() + 86_400_000);
    await sim.sim.tick();
    expect((await stripe.paymentIntents.retrieve(good.id)).status).toBe('succeeded');
    expect(await stripe.paymentIntents.retrieve(bad.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'account_closed' },
    });
    const events = received.map((r) =>
      stripe.webhooks.constructEvent(r.body, r.signature, WEBHOOK_SECRET, 300, undefined, clock.getTime()),
    );
    expect(events.map((e) => [e.type, (e.data.object as { id: string }).id])).toEqual(
      expect.arrayContaining([
        ['payment_intent.succeeded', good.id],
        ['payment_intent.payment_failed', bad.id],
      ]),
    );
    const first = received[0]!;
    expect(() => stripe.webhooks.constructEvent(first.body, first.signature, 'whsec_other', 300, undefined, clock.getTime())).toThrow(
      /No signatures found/,
    );
    // Verified five minutes and a second after it was signed: too old, a replay.
    const later = clock.getTime() + 301_000;
    expect(() => stripe.webhooks.constructEvent(first.body, first.signature, WEBHOOK_SECRET, 300, undefined, later)).toThrow(/tolerance/);
  });

  it('saves a card a browser made for a customer with a SetupIntent, lists, defaults and detaches it', async () => {
    const browser = await fetch(`${sim.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'key=pk_test_sim&type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2030&card[cvc]=123',
    });
    const pm = (await browser.json()) as { id: string };
    const customer = await stripe.customers.create({ name: 'Acme', metadata: { account_id: '7' } });
    const si = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: pm.id,
      usage: 'off_session',
      confirm: true,
      allowed_payment_method_types: ['card'],
    });
    expect(si).toMatchObject({ object: 'setup_intent', status: 'succeeded', usage: 'off_session', payment_method: pm.id });
    const listed = await stripe.customers.listPaymentMethods(customer.id);
    expect(listed).toMatchObject({ object: 'list', has_more: false });
    expect(listed.data.map((m) => [m.id, m.card?.last4])).toEqual([[pm.id, '4242']]);
    const updated = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    expect(updated.invoice_settings.default_payment_method).toBe(pm.id);
    const detached = await stripe.paymentMethods.detach(pm.id);
    expect(detached.customer).toBeNull();
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      invoice_settings: { default_payment_method: null },
    });
    await expect(stripe.paymentMethods.attach(pm.id, { customer: customer.id })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses to save a declining card, but saves the one that declines only when charged', async () => {
    const customer = await stripe.customers.create({});
    await expect(
      stripe.setupIntents.create({ customer: customer.id, payment_method: (await card('4000000000000002')).id, confirm: true }),
    ).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined', statusCode: 402 });
    const later = await card('4000000000000341');
    const si = await stripe.setupIntents.create({ customer: customer.id, payment_method: later.id, confirm: true });
    expect(si.status).toBe('succeeded');
    await expect(
      stripe.paymentIntents.create({
        amount: 5_000,
        currency: 'usd',
        customer: customer.id,
        payment_method: later.id,
        off_session: true,
        confirm: true,
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline' });
  });

  it('charges a saved card off-session for its customer only; a 3-D Secure card is declined as authentication_required', async () => {
    const customer = await stripe.customers.create({});
    const other = await stripe.customers.create({});
    const saved = await card('4242424242424242');
    await stripe.paymentMethods.attach(saved.id, { customer: customer.id });
    const paid = await stripe.paymentIntents.create({
      amount: 12_345,
      currency: 'usd',
      customer: customer.id,
      payment_method: saved.id,
      off_session: true,
      confirm: true,
    });
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 12_345, customer: customer.id });
    await expect(
      stripe.paymentIntents.create({ amount: 500, currency: 'usd', customer: other.id, payment_method: saved.id, confirm: true }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'payment_method' });
    const secure = await card('4000002760003184');
    await stripe.paymentMethods.attach(secure.id, { customer: customer.id });
    await expect(
      stripe.paymentIntents.create({
        amount: 500,
        currency: 'usd',
        customer: customer.id,
        payment_method: secure.id,
        off_session: true,
        confirm: true,
      }),
    ).rejects.toMatchObject({ code: 'authentication_required', decline_code: 'authentication_required' });
  });

  describe('3-D Secure', () => {
    const RETURN = 'https://portal.test/shipments/1?step=pay';
    const challenge = async (url: string, result: 'complete' | 'fail') =>
      fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `result=${result}`,
      });
    const onSession = async (number: string) =>
      stripe.paymentIntents.create({
        amount: 12_345,
        currency: 'usd',
        capture_method: 'manual',
        payment_method: (await card(number)).id,
        confirm: true,
        return_url: RETURN,
      });
    const eventTypes = () => received.map((r) => (JSON.parse(r.body) as { type: string }).type);

    it('sends the payer to the challenge page and back; completed, the hold is taken', async () => {
      const pi = await onSession('4000002760003184');
      expect(pi).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
      const url = pi.next_action!.redirect_to_url!.url!;
      expect(pi.next_action!.redirect_to_url!.return_url).toBe(RETURN);
      const page = await fetch(url);
      const html = await page.text();
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('Complete authentication');
      expect(html).toContain('Fail authentication');
      expect(html).not.toContain('<script');
      // Confirming again before the challenge is done asks again: nobody but the page authenticates.
      expect((await stripe.paymentIntents.confirm(pi.id, { return_url: RETURN })).status).toBe('requires_action');
      received.length = 0;
      const back = await challenge(url, 'complete');
      expect(back.status).toBe(303);
      const location = new URL(back.headers.get('location')!);
      expect(location.origin + location.pathname).toBe('https://portal.test/shipments/1');
      expect(Object.fromEntries(location.searchParams)).toEqual({
        step: 'pay',
        payment_intent: pi.id,
        payment_intent_client_secret: pi.client_secret,
        redirect_status: 'succeeded',
      });
      expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({ status: 'requires_capture', amount_capturable: 12_345 });
      await sim.sim.tick();
      expect(eventTypes()).toContain('payment_intent.amount_capturable_updated');
    });

    it("a failed challenge leaves the intent asking for another method, with Stripe's authentication failure", async () => {
      const pi = await onSession('4000002760003184');
      const back = await challenge(pi.next_action!.redirect_to_url!.url!, 'fail');
      expect(new URL(back.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
      const after = await stripe.paymentIntents.retrieve(pi.id);
      expect(after).toMatchObject({ status: 'requires_payment_method', payment_method: null });
      expect(after.last_payment_error).toMatchObject({ code: 'payment_intent_authentication_failure' });
      // The page of a finished challenge changes nothing.
      const late = await challenge(pi.next_action!.redirect_to_url!.url!, 'complete');
      expect(await late.json()).toEqual({ id: pi.id, status: 'requires_payment_method' });
      expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
    });

    it('a charge captured at once succeeds after the challenge', async () => {
      const pi = await stripe.paymentIntents.create({
        amount: 5000,
        currency: 'usd',
        payment_method: (await card('4000002500003155')).id,
        confirm: true,
        return_url: RETURN,
      });
      await challenge(pi.next_action!.redirect_to_url!.url!, 'complete');
      expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({ status: 'succeeded', amount_received: 5000 });
    });

    it('sets 3155 up through a challenge; off-session it then pays without asking, while 3184 is still declined', async () => {
      const customer = await stripe.customers.create({});
      const setUp = async (number: string, result: 'complete' | 'fail') => {
        const pm = await card(number);
        const si = await stripe.setupIntents.create({
          customer: customer.id,
          payment_method: pm.id,
          usage: 'off_session',
          confirm: true,
          return_url: RETURN,
        });
        expect(si).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
        const back = await challenge(si.next_action!.redirect_to_url!.url!, result);
        expect(new URL(back.headers.get('location')!).searchParams.get('setup_intent')).toBe(si.id);
        return { pm, si: await stripe.setupIntents.retrieve(si.id) };
      };
      const failed = await setUp('4000002500003155', 'fail');
      expect(failed.si).toMatchObject({ status: 'requires_payment_method' });
      expect(failed.si.last_setup_error).toMatchObject({ code: 'setup_intent_authentication_failure' });
      expect((await stripe.paymentMethods.retrieve(failed.pm.id)).customer).toBeNull();

      const offSession = (pm: string) =>
        stripe.paymentIntents.create({
          amount: 700,
          currency: 'usd',
          customer: customer.id,
          payment_method: pm,
          off_session: true,
          confirm: true,
        });
      const once = await setUp('4000002500003155', 'complete');
      expect(once.si.status).toBe('succeeded');
      expect((await stripe.paymentMethods.retrieve(once.pm.id)).customer).toBe(customer.id);
      expect(await offSession(once.pm.id)).toMatchObject({ status: 'succeeded', amount_received: 700 });
      // On-session, the payer present, the same card still asks.
      const present = await stripe.paymentIntents.create({
        amount: 700,
        currency: 'usd',
        customer: customer.id,
        payment_method: once.pm.id,
        confirm: true,
        return_url: RETURN,
      });
      expect(present.status).toBe('requires_action');

      const always = await setUp('4000002760003184', 'complete');
      expect(always.si.status).toBe('succeeded');
      await expect(offSession(always.pm.id)).rejects.toMatchObject({ code: 'authentication_required' });
    });

    it('cancels a set-up not ended yet, as Stripe does: its challenge is then over; a succeeded or canceled one is refused', async () => {
      const customer = await stripe.customers.create({});
      const waiting = async () =>
        stripe.setupIntents.create({
          customer: customer.id,
          payment_method: (await card('4000002760003184')).id,
          usage: 'off_session',
          confirm: true,
          return_url: RETURN,
        });
      const si = await waiting();
      await expect(stripe.setupIntents.cancel(si.id, { cancellation_reason: 'expired' as 'abandoned' })).rejects.toMatchObject({
        statusCode: 400,
        param: 'cancellation_reason',
      });
      await sim.sim.tick();
      received.length = 0;
      expect(await stripe.setupIntents.cancel(si.id, { cancellation_reason: 'abandoned' })).toMatchObject({
        status: 'canceled',
        cancellation_reason: 'abandoned',
        next_action: null,
      });
      await sim.sim.tick();
      expect(eventTypes()).toEqual(['setup_intent.canceled']);
      await expect(stripe.setupIntents.cancel(si.id)).rejects.toMatchObject({ code: 'setup_intent_unexpected_state', statusCode: 400 });
      // The bank's page has nothing left to confirm: the card is not attached.
      const late = await challenge(si.next_action!.redirect_to_url!.url!, 'complete');
      expect(await late.json()).toEqual({ id: si.id, status: 'canceled' });
      expect(await stripe.setupIntents.retrieve(si.id)).toMatchObject({ status: 'canceled' });
      expect((await stripe.paymentMethods.retrieve(String(si.payment_method))).customer).toBeNull();

      const done = await waiting();
      await challenge(done.next_action!.redirect_to_url!.url!, 'complete');
      await expect(stripe.setupIntents.cancel(done.id)).rejects.toMatchObject({ code: 'setup_intent_unexpected_state' });
      expect(await stripe.setupIntents.retrieve(done.id)).toMatchObject({ status: 'succeeded' });
    });
  });
});
