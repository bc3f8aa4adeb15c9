import { randomBytes } from 'node:crypto';
import { authenticationAction, type Obj, type StripeEngine, StripeSimError } from './stripe-sim.engine';
import { checkMicrodeposits, microdepositAction } from './stripe-sim.microdeposits';

type Form = Record<string, unknown>;
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
/** Stripe cancels a set-up only before it ended: succeeded and canceled ones are refused. */
const CANCELABLE = CONFIRMABLE;
const CANCELLATION_REASONS = ['abandoned', 'requested_by_customer', 'duplicate'];

/** Stripe's words when the payer failed (or abandoned) the issuer's challenge. */
export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/**
 * SetupIntents of the Stripe simulator: a method saved for later (off-session) use is checked with
 * the issuer, which may decline it or ask the payer for 3-D Secure first (the challenge page,
 * stripe-sim.challenge.ts, then completes or fails it). A typed-in bank account waits for the
 * payer to verify the micro-deposit (`verifyMicrodeposits`, stripe-sim.microdeposits.ts).
 * `verificationUrl`: the hosted verification page an intent's next_action names.
 */
export function stripeSetupIntents(e: StripeEngine, verificationUrl: (id: string) => string = (id) => `/sim/microdeposits/${id}`) {
  const { str, obj, invalid } = e;

  function create(form: Form): Obj {
    const customer = str(form.customer);
    if (customer) e.get('customer', 'cus', customer);
    const id = e.newId('seti');
    const si: Obj = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      created: e.seconds(),
      cancellation_reason: null,
      customer: customer ?? null,
      last_setup_error: null,
      livemode: false,
      metadata: obj(form.metadata),
      next_action: null,
      payment_method: null,
      ...e.methodTypes(form),
      status: 'requires_payment_method',
      usage: str(form.usage) ?? 'off_session',
    };
    e.objects.set(id, si);
    const chosen = str(form.payment_method);
    if (chosen) si.payment_method = e.usableMethod(chosen).id;
    if (si.payment_method) si.status = 'requires_confirmation';
    e.emit('setup_intent.created', si);
    return form.confirm === 'true' ? confirm(id, { return_url: form.return_url }) : si;
  }

  function confirm(id: string, form: Form) {
    const si = e.get('setup_intent', 'seti', id);
    if (!CONFIRMABLE.includes(String(si.status)))
      throw invalid(
        `This SetupIntent's status is ${String(si.status)}, but it must be one of ${CONFIRMABLE.join(', ')} to be confirmed.`,
        undefined,
        'setup_intent_unexpected_state',
      );
    const chosen = str(form.payment_method);
    if (chosen) si.payment_method = e.usableMethod(chosen).id;
    if (!si.payment_method)
      throw invalid(
        "You cannot confirm this SetupIntent because it's missing a payment method.",
        'payment_method',
        'setup_intent_unexpected_state',
      );
    if (e.paymentMethod(String(si.payment_method)).type === 'us_bank_account') {
      // Typed in, not linked to the bank: Stripe falls back to a micro-deposit the payer must read back.
      Object.assign(si, { status: 'requires_action', next_action: microdepositAction(e, verificationUrl(id)) });
      e.emit('setup_intent.requires_action', si);
      return si;
    }
    const outcome = e.cardOutcome(String(si.payment_method));
    if (outcome.kind === 'decline' && !outcome.attaches) {
      // Setting a card up checks it with the issuer: a card that declines cannot be saved.
      const { attaches: _, kind: __, ...failure } = outcome;
      const pm = e.paymentMethod(String(si.payment_method));
      const error = { type: 'card_error', ...failure, payment_method: pm };
      Object.assign(si, { status: 'requires_payment_method', last_setup_error: error, payment_method: null });
      e.emit('setup_intent.setup_failed', si);
      throw new StripeSimError(402, { ...error, setup_intent: structuredClone(si) });
    }
    if (outcome.kind === 'authenticate') {
      Object.assign(si, { status: 'requires_action', next_action: authenticationAction(e.opts.authenticateUrl(id), str(form.return_url)) });
      e.emit('setup_intent.requires_action', si);
      return si;
    }
    return complete(si);
  }

  /** The card is set up: attached to the intent's customer, and authenticated for off-session use. */
  function complete(si: Obj) {
    Object.assign(si, { status: 'succeeded', next_action: null, last_setup_error: null });
    if (si.customer) e.attach(String(si.payment_method), String(si.customer));
    e.setUp.add(String(si.payment_method));
    e.emit('setup_intent.succeeded', si);
    return si;
  }

  /** The payer passed (or failed) the challenge: set up, or back to asking for a method. */
  function authenticate(id: string, passed: boolean) {
    const si = e.get('setup_intent', 'seti', id);
    if (si.status !== 'requires_action') return si;
    if (passed) return complete(si);
    const pm = e.paymentMethod(String(si.payment_method));
    Object.assign(si, {
      status: 'requires_payment_method',
      next_action: null,
      payment_method: null,
      last_setup_error: {
        type: 'invalid_request_error',
        code: 'setup_intent_authentication_failure',
        message: AUTHENTICATION_FAILED_MESSAGE,
        payment_method: pm,
      },
    });
    e.emit('setup_intent.setup_failed', si);
    return si;
  }

  /**
   * POST /v1/setup_intents/:id/verify_microdeposits: the right code (or amounts) sets the account
   * up; a wrong one is refused with Stripe's error and counted; the last allowed wrong one fails the
   * intent for good (back to requires_payment_method, `setup_intent.setup_failed`).
   */
  function verifyMicrodeposits(id: string, form: Form) {
    const si = e.get('setup_intent', 'seti', id);
    const action = obj(si.next_action);
    if (si.status !== 'requires_action' || action.type !== 'verify_with_microdeposits')
      throw invalid(
        `This SetupIntent's status is ${String(si.status)}; micro-deposits can only be verified while it is requires_action with a verify_with_microdeposits next action.`,
        undefined,
        'setup_intent_unexpected_state',
      );
    checkMicrodeposits(e, si, form, (failure) => {
      const pm = e.paymentMethod(String(si.payment_method));
      Object.assign(si, {
        status: 'requires_payment_method',
        next_action: null,
        payment_method: null,
        last_setup_error: { ...failure, payment_method: pm },
      });
      e.emit('setup_intent.setup_failed', si);
    });
    return complete(si);
  }

  /**
   * POST /v1/setup_intents/:id/cancel: a set-up not ended yet (waiting for a method, a
   * confirmation or the payer's challenge) is abandoned for good, `setup_intent.canceled`; its
   * challenge page then has nothing left to confirm. A succeeded or canceled one is refused with
   * Stripe's setup_intent_unexpected_state.
   */
  function cancel(id: string, form: Form) {
    const si = e.get('setup_intent', 'seti', id);
    if (!CANCELABLE.includes(String(si.status)))
      throw invalid(
        `You cannot cancel this SetupIntent because it has a status of ${String(si.status)}. Only a SetupIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
        undefined,
        'setup_intent_unexpected_state',
      );
    const reason = str(form.cancellation_reason);
    if (reason !== undefined && !CANCELLATION_REASONS.includes(reason))
      throw invalid(`Invalid cancellation_reason: must be one of ${CANCELLATION_REASONS.join(', ')}`, 'cancellation_reason');
    Object.assign(si, { status: 'canceled', cancellation_reason: reason ?? null, next_action: null });
    e.emit('setup_intent.canceled', si);
    return si;
  }

  return { create, confirm, authenticate, verifyMicrodeposits, cancel };
}
