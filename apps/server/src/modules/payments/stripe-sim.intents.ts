import { randomBytes } from 'node:crypto';
import { authenticationAction, type Obj, type StripeEngine, StripeSimError } from './stripe-sim.engine';
import { AUTHENTICATION_FAILED_MESSAGE } from './stripe-sim.setup';

type Form = Record<string, unknown>;
const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'];

/**
 * PaymentIntents and Refunds of the Stripe simulator: create, confirm (a card is authorized or
 * captured at once, or asks for 3-D Secure; a bank debit is 'processing' until its settle day),
 * capture, cancel, refund, and the due ACH outcomes when the clock reaches them.
 */
export function stripeIntents(e: StripeEngine) {
  const { str, obj, invalid } = e;
  const day = 86_400_000;
  /** Intents confirmed with off_session: the customer is not there to authenticate. */
  const offSessionIntents = e.offSession;

  function charge(pi: Obj, pm: Obj, status: 'succeeded' | 'pending' | 'failed', failure?: { code: string; message: string }): Obj {
    const captured = status === 'succeeded' && pi.capture_method !== 'manual';
    const c: Obj = {
      id: e.newId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: captured ? pi.amount : 0,
      amount_refunded: 0,
      captured,
      created: e.seconds(),
      currency: pi.currency,
      customer: pi.customer,
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      livemode: false,
      paid: status === 'succeeded',
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details:
        pm.type === 'card' ? { type: 'card', card: pm.card } : { type: 'us_bank_account', us_bank_account: pm.us_bank_account },
      refunded: false,
      status,
    };
    e.objects.set(c.id, c);
    pi.latest_charge = c.id;
    return c;
  }

  /** The card was declined: the intent asks for another method, and the error carries it (402). */
  function decline(pi: Obj, pm: Obj, outcome: { code: string; decline_code?: string; message: string; attaches?: true }) {
    const { attaches: _, ...failure } = outcome;
    const c = charge(pi, pm, 'failed', failure);
    const error = { type: 'card_error', charge: c.id, ...failure, payment_method: pm };
    Object.assign(pi, { status: 'requires_payment_method', last_payment_error: error, payment_method: null });
    e.emit('charge.failed', c);
    e.emit('payment_intent.payment_failed', pi);
    return new StripeSimError(402, { ...error, payment_intent: structuredClone(pi) });
  }

  /** The card is authorized (manual capture) or paid. */
  function authorize(pi: Obj, pm: Obj) {
    const c = charge(pi, pm, 'succeeded');
    pi.next_action = null;
    pi.last_payment_error = null;
    if (pi.capture_method === 'manual') {
      Object.assign(pi, { status: 'requires_capture', amount_capturable: pi.amount });
      e.emit('charge.succeeded', c);
      e.emit('payment_intent.amount_capturable_updated', pi);
    } else {
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
      e.emit('charge.succeeded', c);
      e.emit('payment_intent.succeeded', pi);
    }
  }

  function create(form: Form): Obj {
    const amount = e.int(form.amount, 'amount');
    if (amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    const currency = (str(form.currency) ?? '').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    const captureMethod = str(form.capture_method) ?? 'automatic';
    if (!['automatic', 'automatic_async', 'manual'].includes(captureMethod)) throw invalid('Invalid capture_method', 'capture_method');
    const customer = str(form.customer);
    if (customer) e.get('customer', 'cus', customer);
    const id = e.newId('pi');
    const pi: Obj = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: captureMethod,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: e.seconds(),
      currency,
      customer: customer ?? null,
      description: str(form.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: obj(form.metadata),
      next_action: null,
      payment_method: null,
      ...e.methodTypes(form),
      status: 'requires_payment_method',
    };
    const offSession = form.off_session === 'true' || form.off_session === 'one_off' || form.off_session === 'recurring';
    if (offSession && form.confirm !== 'true')
      throw invalid('off_session may only be used when confirm=true.', 'off_session', 'parameter_invalid_empty');
    const chosen = str(form.payment_method);
    if (chosen) {
      const pm = e.usableMethod(chosen);
      // A saved method is charged only for its own customer, as Stripe requires.
      if (pm.customer && pm.customer !== (customer ?? null))
        throw invalid(
          customer
            ? `The provided PaymentMethod belongs to another Customer than the one given (${customer}).`
            : 'The provided PaymentMethod is attached to a Customer. To use it, provide the customer parameter.',
          'payment_method',
        );
      pi.payment_method = pm.id;
      pi.status = 'requires_confirmation';
    }
    e.objects.set(id, pi);
    if (offSession) offSessionIntents.add(id);
    e.emit('payment_intent.created', pi);
    return form.confirm === 'true' ? confirm(id, { ...form, payment_method: undefined }) : pi;
  }

  function confirm(id: string, form: Form): Obj {
    const pi = e.get('payment_intent', 'pi', id);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(String(pi.status)))
      throw invalid(
        `This PaymentIntent's status is ${String(pi.status)}, but it must be one of requires_payment_method, requires_confirmation, or requires_action to be confirmed.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    const chosen = str(form.payment_method);
    if (chosen) pi.payment_method = e.paymentMethod(chosen).id;
    if (!pi.payment_method)
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    const pm = e.paymentMethod(String(pi.payment_method));
    if (!(pi.payment_method_types as unknown[]).includes(pm.type))
      throw invalid(
        `The PaymentMethod provided (${String(pm.type)}) is not allowed for this PaymentIntent.`,
        'payment_method',
        'payment_intent_invalid_parameter',
      );
    if (pm.type === 'us_bank_account') {
      const acceptance = obj(obj(form.mandate_data).customer_acceptance);
      if (!str(acceptance.type))
        throw invalid('Missing required param: mandate_data[customer_acceptance][type].', 'mandate_data', 'parameter_missing');
      if (pi.currency !== 'usd') throw invalid('ACH Direct Debit payments must be in usd.', 'currency', 'payment_intent_invalid_parameter');
      const c = charge(pi, pm, 'pending');
      Object.assign(pi, { status: 'processing', next_action: null, last_payment_error: null });
      e.achDue.set(id, new Date(e.opts.now().getTime() + e.opts.achSettleDays * day));
      e.emit('charge.pending', c);
      e.emit('payment_intent.processing', pi);
      return pi;
    }
    const outcome = e.cardOutcome(pm.id);
    if (outcome.kind === 'decline') throw decline(pi, pm, outcome);
    if (outcome.kind === 'authenticate' && offSessionIntents.has(id)) {
      // A card set up for later use may go through without the payer; otherwise nobody is there
      // to authenticate, and Stripe declines with authentication_required.
      if (outcome.offSession === 'once_set_up' && e.setUp.has(pm.id) && pi.customer === pm.customer) {
        authorize(pi, pm);
        return pi;
      }
      throw decline(pi, pm, {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      });
    }
    if (outcome.kind === 'authenticate') {
      // Confirming again while the challenge is open asks again: only the challenge page authenticates.
      Object.assign(pi, { status: 'requires_action', next_action: authenticationAction(e.opts.authenticateUrl(id), str(form.return_url)) });
      e.emit('payment_intent.requires_action', pi);
      return pi;
    }
    authorize(pi, pm);
    return pi;
  }

  /**
   * The payer passed (or failed) the 3-D Secure challenge on the simulator's page: authorized or
   * paid; or back to asking for a method, with Stripe's authentication failure and no charge.
   */
  function authenticate(id: string, passed: boolean) {
    const pi = e.get('payment_intent', 'pi', id);
    if (pi.status !== 'requires_action') return pi;
    const pm = e.paymentMethod(String(pi.payment_method));
    if (passed) {
      authorize(pi, pm);
      return pi;
    }
    Object.assign(pi, {
      status: 'requires_payment_method',
      next_action: null,
      payment_method: null,
      last_payment_error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: AUTHENTICATION_FAILED_MESSAGE,
        payment_method: pm,
      },
    });
    e.emit('payment_intent.payment_failed', pi);
    return pi;
  }

  function capture(id: string, form: Form): Obj {
    const pi = e.get('payment_intent', 'pi', id);
    if (pi.status !== 'requires_capture')
      throw invalid(
        `This PaymentIntent could not be captured because it has a status of ${String(pi.status)}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    const amount = form.amount_to_capture === undefined ? Number(pi.amount) : e.int(form.amount_to_capture, 'amount_to_capture');
    if (amount > Number(pi.amount_capturable))
      throw invalid('The amount to capture must not exceed the amount capturable.', 'amount_to_capture', 'amount_too_large');
    Object.assign(pi, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
    const c = e.objects.get(String(pi.latest_charge));
    if (c) Object.assign(c, { captured: true, amount_captured: amount, amount_refunded: Number(pi.amount) - amount });
    if (c) e.emit('charge.captured', c);
    e.emit('payment_intent.succeeded', pi);
    return pi;
  }

  function cancel(id: string, form: Form): Obj {
    const pi = e.get('payment_intent', 'pi', id);
    if (!CANCELABLE.includes(String(pi.status)))
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    Object.assign(pi, {
      status: 'canceled',
      canceled_at: e.seconds(),
      cancellation_reason: str(form.cancellation_reason) ?? null,
      amount_capturable: 0,
      next_action: null,
    });
    e.emit('payment_intent.canceled', pi);
    return pi;
  }

  function refund(form: Form): Obj {
    const piId = str(form.payment_intent) ?? String(e.get('charge', 'ch', str(form.charge) ?? '').payment_intent);
    const pi = e.get('payment_intent', 'pi', piId);
    const c = e.objects.get(String(pi.latest_charge));
    if (pi.status !== 'succeeded' || !c)
      throw invalid(`This PaymentIntent does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    // Stripe counts the part a partial capture released as refunded: what is left is the charge's
    // amount less all of that, which is the captured part less its refunds.
    const left = Number(c.amount) - Number(c.amount_refunded);
    if (left <= 0) throw invalid(`Charge ${c.id} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = form.amount === undefined ? left : e.int(form.amount, 'amount');
    if (amount > left)
      throw invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount',
        'amount_too_large',
      );
    const pm = e.objects.get(String(c.payment_method));
    const r: Obj = {
      id: e.newId('re'),
      object: 'refund',
      amount,
      charge: c.id,
      created: e.seconds(),
      currency: pi.currency,
      metadata: obj(form.metadata),
      payment_intent: pi.id,
      reason: str(form.reason) ?? null,
      // A bank refund is an ACH credit: pending until the next tick reaches it.
      status: pm?.type === 'us_bank_account' ? 'pending' : 'succeeded',
    };
    e.objects.set(r.id, r);
    c.amount_refunded = Number(c.amount_refunded) + amount;
    c.refunded = c.amount_refunded === c.amount;
    e.emit('refund.created', r);
    e.emit('charge.refunded', c);
    return r;
  }

  /** Applies every ACH outcome the clock has reached: succeeded, or failed by the test account. */
  function settleDue() {
    const now = e.opts.now().getTime();
    for (const [id, at] of e.achDue) {
      if (at.getTime() > now) continue;
      e.achDue.delete(id);
      const pi = e.get('payment_intent', 'pi', id);
      if (pi.status !== 'processing') continue;
      const c = e.objects.get(String(pi.latest_charge));
      if (!c) continue;
      const failure = e.bankOutcome(String(pi.payment_method));
      if (failure) {
        Object.assign(c, { status: 'failed', failure_code: failure.code, failure_message: failure.message });
        Object.assign(pi, {
          status: 'requires_payment_method',
          last_payment_error: { type: 'invalid_request_error', code: failure.code, message: failure.message, charge: c.id },
        });
        e.emit('charge.failed', c);
        e.emit('payment_intent.payment_failed', pi);
      } else {
        Object.assign(c, { status: 'succeeded', paid: true, captured: true, amount_captured: pi.amount });
        Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
        e.emit('charge.succeeded', c);
        e.emit('payment_intent.succeeded', pi);
      }
    }
    for (const r of e.objects.values()) {
      if (r.object === 'refund' && r.status === 'pending') {
        r.status = 'succeeded';
        e.emit('refund.updated', r);
      }
    }
  }

  return { create, confirm, authenticate, capture, cancel, refund, settleDue };
}
