import Stripe from 'stripe';
import type {
  CustomerRequest,
  MicrodepositResult,
  SavedChargeRequest,
  SavedChargeResult,
  SavedMethodDetails,
  SaveMethodRequest,
  SaveMethodResult,
} from './payment-provider';

/** A decline the payer can fix (another card), as opposed to the processor failing. */
const PROCESSOR_FAULTS = new Set(['processing_error', 'rate_limit', 'lock_timeout']);

/** What the portal keeps of a saved method: the list's words, never the number. */
function detailsOf(pm: Stripe.PaymentMethod): SavedMethodDetails {
  const bank = pm.type === 'us_bank_account' ? pm.us_bank_account : null;
  return {
    ref: pm.id,
    type: pm.type === 'us_bank_account' ? 'us_bank_account' : 'card',
    brand: pm.card?.brand ?? null,
    last4: pm.card?.last4 ?? bank?.last4 ?? '',
    exp_month: pm.card?.exp_month ?? null,
    exp_year: pm.card?.exp_year ?? null,
    bank_name: bank?.bank_name ?? null,
  };
}

/** The browser's part of a challenge: the client secret, and the issuer's page when Stripe named one. */
export function authenticationNeeded(intent: Stripe.PaymentIntent | Stripe.SetupIntent) {
  return {
    status: 'requires_action' as const,
    ref: intent.id,
    client_secret: intent.client_secret ?? '',
    next_action_url: intent.next_action?.redirect_to_url?.url ?? null,
  };
}

/** A typed-in bank account waiting for the payer to enter its micro-deposit's code, if the set-up is one. */
function microdepositsPending(intent: Stripe.SetupIntent, method: SavedMethodDetails): SaveMethodResult | null {
  const action = intent.status === 'requires_action' ? intent.next_action?.verify_with_microdeposits : undefined;
  if (!action) return null;
  const arrives_at = action.arrival_date ? new Date(action.arrival_date * 1000) : null;
  return { status: 'verification_pending', ref: intent.id, method, arrives_at };
}

/** Stripe's codes of a wrong micro-deposit (a try counted), and of the tries run out (failed for good). */
const MICRODEPOSIT_MISMATCH = new Set([
  'payment_method_microdeposit_verification_descriptor_code_mismatch',
  'payment_method_microdeposit_verification_amounts_mismatch',
]);
const MICRODEPOSIT_FAILED = new Set([
  'payment_method_microdeposit_verification_attempts_exceeded',
  'payment_method_microdeposit_verification_timeout',
  'payment_method_microdeposit_failed',
]);

const isCardDecline = (err: unknown): err is Stripe.errors.StripeCardError =>
  err instanceof Stripe.errors.StripeCardError && !PROCESSOR_FAULTS.has(err.code ?? '');

/**
 * Saved methods through Stripe: one Customer per account, a method the browser created (Stripe.js
 * or the simulator, with the publishable key) saved to it by a SetupIntent for off-session use,
 * detached on removal, and charged off-session by a PaymentIntent with `customer`,
 * `payment_method`, `off_session` and `confirm`. A bank method's mandate is the portal's own words
 * (offline acceptance), as for a one-time debit.
 */
export function stripeSavedMethods(stripe: Stripe) {
  /** The set-up `ref` if it is the customer's: another customer's is none of this account's business, whatever it became. */
  async function ownSetup(ref: string, customerRef: string) {
    let intent: Stripe.SetupIntent;
    try {
      intent = await stripe.setupIntents.retrieve(ref);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && (err.statusCode === 404 || err.code === 'resource_missing'))
        return null;
      throw err;
    }
    const owner = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
    return owner === customerRef ? intent : null;
  }

  async function setupState(ref: string, customerRef: string): Promise<SaveMethodResult | null> {
    const intent = await ownSetup(ref, customerRef);
    if (!intent) return null;
    const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
    if (intent.status === 'succeeded' && methodId) {
      return { status: 'saved', method: detailsOf(await stripe.paymentMethods.retrieve(methodId)) };
    }
    if (intent.status === 'requires_action' && methodId && intent.next_action?.type === 'verify_with_microdeposits') {
      return microdepositsPending(intent, detailsOf(await stripe.paymentMethods.retrieve(methodId)));
    }
    if (intent.status === 'requires_action') return authenticationNeeded(intent);
    // Abandoned (the clean-up of set-ups nobody finished): whatever failed before, it ended there.
    if (intent.status === 'canceled') return { status: 'declined', reason: 'canceled' };
    const code = intent.last_setup_error?.code;
    return {
      status: 'declined',
      reason: code === 'setup_intent_authentication_failure' ? 'authentication_failed' : (code ?? intent.status),
    };
  }

  return {
    async createCustomer(request: CustomerRequest): Promise<string> {
      const customer = await stripe.customers.create(
        { name: request.name, metadata: { account_id: request.account_id } },
        { idempotencyKey: `customer:${request.account_id}` },
      );
      return customer.id;
    },

    async saveMethod(request: SaveMethodRequest): Promise<SaveMethodResult> {
      try {
        const pm = await stripe.paymentMethods.retrieve(request.method_ref);
        if (pm.customer && pm.customer !== request.customer_ref) return { status: 'declined', reason: 'attached_elsewhere' };
        const bank = pm.type === 'us_bank_account';
        const intent = await stripe.setupIntents.create(
          {
            customer: request.customer_ref,
            payment_method: pm.id,
            allowed_payment_method_types: [bank ? 'us_bank_account' : 'card'],
            usage: 'off_session',
            confirm: true,
            ...(request.return_url ? { return_url: request.return_url } : {}),
            ...(bank ? { mandate_data: { customer_acceptance: { type: 'offline' as const } } } : {}),
          },
          { idempotencyKey: `${request.idempotency_key}:seti` },
        );
        // A typed-in bank account waits for its micro-deposit's code (`verifyMicrodeposits` then).
        const pending = microdepositsPending(intent, detailsOf(pm));
        if (pending) return pending;
        // A card that asks for 3-D Secure waits for the payer's challenge (`setupState` then).
        if (intent.status === 'requires_action') return authenticationNeeded(intent);
        if (intent.status !== 'succeeded') return { status: 'declined', reason: intent.status };
        return { status: 'saved', method: detailsOf(pm) };
      } catch (err) {
        if (isCardDecline(err)) return { status: 'declined', reason: err.decline_code ?? err.code ?? 'card_declined' };
        if (err instanceof Stripe.errors.StripeInvalidRequestError && (err.statusCode === 404 || err.code === 'resource_missing')) {
          return { status: 'declined', reason: 'no_such_payment_method' };
        }
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.param === 'payment_method') {
          return { status: 'declined', reason: 'payment_method_unusable' };
        }
        throw err;
      }
    },

    setupState,

    async verifyMicrodeposits(ref: string, customerRef: string, code: string): Promise<MicrodepositResult | null> {
      const before = await ownSetup(ref, customerRef);
      if (!before) return null;
      try {
        await stripe.setupIntents.verifyMicrodeposits(ref, { descriptor_code: code });
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        if (MICRODEPOSIT_MISMATCH.has(err.code ?? '')) return { status: 'mismatch' };
        if (MICRODEPOSIT_FAILED.has(err.code ?? '')) return { status: 'failed' };
        // Not waiting any more (verified or failed meanwhile, a repeat after a lost answer): its state says how it ended.
        if (err.code !== 'setup_intent_unexpected_state') throw err;
      }
      const state = await setupState(ref, customerRef);
      if (state?.status === 'saved') return { status: 'verified', method: state.method };
      if (state?.status === 'declined' && MICRODEPOSIT_FAILED.has(state.reason)) return { status: 'failed' };
      // Still waiting (no verification happened), or another failure: the code did not verify it.
      if (state?.status === 'verification_pending') return { status: 'mismatch' };
      return state ? { status: 'failed' } : null;
    },

    async cancelSetup(ref: string): Promise<void> {
      try {
        await stripe.setupIntents.cancel(ref, { cancellation_reason: 'abandoned' });
      } catch (err) {
        // Ended before the cancel (the payer finished the bank's page just then, or a repeat of this
        // cancel): Stripe refuses it, and the set-up's state says how it ended.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'setup_intent_unexpected_state') return;
        throw err;
      }
    },

    async removeMethod(methodRef: string): Promise<void> {
      try {
        await stripe.paymentMethods.detach(methodRef);
      } catch (err) {
        // Detached already (a repeat after a lost answer), or never attached: nothing is left to remove.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 400) {
          const pm = await stripe.paymentMethods.retrieve(methodRef);
          if (!pm.customer) return;
        }
        throw err;
      }
    },

    async chargeSaved(request: SavedChargeRequest): Promise<SavedChargeResult> {
      const bank = request.method_type === 'us_bank_account';
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount_cents,
            currency: request.currency.toLowerCase(),
            customer: request.customer_ref,
            payment_method: request.method_ref,
            allowed_payment_method_types: [request.method_type],
            off_session: true,
            confirm: true,
            ...(bank ? { mandate_data: { customer_acceptance: { type: 'offline' as const } } } : {}),
          },
          { idempotencyKey: `${request.idempotency_key}:pi` },
        );
        if (intent.status === 'succeeded') return { status: 'paid', ref: intent.id };
        if (intent.status === 'processing') return { status: 'pending', ref: intent.id };
        if (intent.status === 'requires_action') {
          await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
          return { status: 'declined', reason: 'authentication_required' };
        }
        return { status: 'declined', reason: intent.last_payment_error?.code ?? intent.status };
      } catch (err) {
        if (isCardDecline(err)) return { status: 'declined', reason: err.decline_code ?? err.code ?? 'card_declined' };
        throw err;
      }
    },
  };
}
