import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type {
  AuthorizeRequest,
  AuthorizeResult,
  BankDebitRequest,
  BankDebitResult,
  CardIntentState,
  DebitOutcome,
  MethodPaymentRequest,
  PaymentProvider,
  RefundRequest,
  RefundResult,
  VoidCaptured,
} from './payment-provider';
import { authenticationNeeded, stripeSavedMethods } from './stripe-saved-methods';

/** Where the client sends its calls: Stripe, or a simulator (its root may carry a path, /stripe-sim). */
export interface StripeEndpoint {
  secretKey: string;
  /** Stripe's API root; https://api.stripe.com unless given. */
  apiUrl?: string;
}

/**
 * The official client, pointed at `apiUrl` through its host, port and protocol options. The client
 * has no option for a path before /v1/, so a simulator mounted under a path (the embedded
 * default's /stripe-sim) gets it from a node HTTP client that puts it in front of every path.
 */
export function stripeClient(endpoint: StripeEndpoint) {
  const url = new URL(endpoint.apiUrl ?? 'https://api.stripe.com');
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const prefix = url.pathname.replace(/\/$/, '');
  const config: Stripe.StripeConfig = {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Freight Portal' },
  };
  if (prefix) {
    const base = Stripe.createNodeHttpClient();
    const prefixed = Object.create(base) as Stripe.HttpClient;
    prefixed.makeRequest = (host, port, path, ...rest) => base.makeRequest(host, port, `${prefix}${path}`, ...rest);
    config.httpClient = prefixed;
  }
  return new Stripe(endpoint.secretKey, config);
}

/** A card error the payer can fix (another card), as opposed to the processor failing. */
const PROCESSOR_FAULTS = new Set(['processing_error', 'rate_limit', 'lock_timeout']);

/** The request's own fingerprint, so one Idempotency-Key never stands for two different payments. */
const keyOf = (key: string, ...parts: unknown[]) =>
  `${key}:${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16)}`;

/**
 * What a card intent's status means to the portal: taken (held or paid), waiting for the payer's
 * 3-D Secure (what the browser needs to show it), or declined; a failed challenge is
 * 'authentication_failed', a canceled intent 'canceled'.
 */
export function cardIntentStateOf(intent: Stripe.PaymentIntent, method: Stripe.PaymentMethod | null): CardIntentState {
  if (intent.status === 'requires_capture' || intent.status === 'succeeded') {
    return { status: 'authorized', ref: intent.id, brand: method?.card?.brand ?? 'card', last4: method?.card?.last4 ?? '' };
  }
  if (intent.status === 'requires_action') return authenticationNeeded(intent);
  // Canceled (by the clean-up of waiting payments, or the void job): whatever failed before, it ended there.
  if (intent.status === 'canceled') return { status: 'declined', reason: 'canceled' };
  const code = intent.last_payment_error?.code;
  if (code === 'payment_intent_authentication_failure') return { status: 'declined', reason: 'authentication_failed' };
  return { status: 'declined', reason: code ?? intent.status };
}

/**
 * The PaymentProvider through Stripe's PaymentIntents, each of a PaymentMethod the payer's browser
 * made with Stripe (or one saved to the account's customer): a prepaid booking's hold is a
 * manual-capture intent (released by cancel, taken by capture), an invoice's card payment an
 * intent captured at once, an ACH debit a us_bank_account intent that is 'processing' until the bank answers (by
 * webhook, or asked by the settle job). A decline answers `declined` with Stripe's decline code;
 * an intent that asks for 3-D Secure answers `requires_action` and waits for the payer's
 * challenge (`cardIntentState` says how it ended). Network faults, 5xx and processing errors
 * throw, as the interface says.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  constructor(readonly stripe: Stripe) {}

  authorize(request: AuthorizeRequest) {
    return this.cardIntent(request, 'manual');
  }

  charge(request: AuthorizeRequest) {
    return this.cardIntent(request, 'automatic');
  }

  /**
   * The method the request names, when it may pay this: known to the processor, of `type`, and
   * either nobody's (made by the payer's browser just now) or saved to the request's own customer.
   * Anything else (someone else's saved method among them) is `unusable`, and nothing is charged.
   */
  private async methodFor(request: MethodPaymentRequest, type: 'card' | 'us_bank_account'): Promise<Stripe.PaymentMethod | null> {
    let pm: Stripe.PaymentMethod;
    try {
      pm = await this.stripe.paymentMethods.retrieve(request.method_ref);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && (err.statusCode === 404 || err.code === 'resource_missing'))
        return null;
      throw err;
    }
    const owner = typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
    if (pm.type !== type || (owner !== null && owner !== request.customer_ref)) return null;
    return pm;
  }

  private async cardIntent(request: AuthorizeRequest, capture: 'manual' | 'automatic'): Promise<AuthorizeResult> {
    const key = keyOf(request.idempotency_key, request.method_ref, request.amount_cents, request.currency);
    try {
      const method = await this.methodFor(request, 'card');
      if (!method) return { status: 'unusable', reason: 'payment_method_unusable' };
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount_cents,
          currency: request.currency.toLowerCase(),
          capture_method: capture,
          allowed_payment_method_types: ['card'],
          payment_method: method.id,
          ...(request.customer_ref ? { customer: request.customer_ref } : {}),
          ...(request.return_url ? { return_url: request.return_url } : {}),
          confirm: true,
        },
        { idempotencyKey: `${key}:pi` },
      );
      return cardIntentStateOf(intent, method);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError && !PROCESSOR_FAULTS.has(err.code ?? '')) {
        return { status: 'declined', reason: err.decline_code ?? err.code ?? 'card_declined' };
      }
      throw err;
    }
  }

  async cardIntentState(ref: string): Promise<CardIntentState> {
    const intent = await this.stripe.paymentIntents.retrieve(ref);
    const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
    const taken = intent.status === 'requires_capture' || intent.status === 'succeeded';
    return cardIntentStateOf(intent, taken && methodId ? await this.stripe.paymentMethods.retrieve(methodId) : null);
  }

  /**
   * Releases the hold; one already released (or never taken) is not an error. One captured
   * already (Stripe refuses to cancel a succeeded intent) answers the amount received.
   */
  async void(ref: string): Promise<void | VoidCaptured> {
    try {
      await this.stripe.paymentIntents.cancel(ref, { cancellation_reason: 'requested_by_customer' });
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') {
        const intent = await this.stripe.paymentIntents.retrieve(ref);
        if (intent.status === 'canceled') return;
        if (intent.status === 'succeeded') return { captured_cents: intent.amount_received };
      }
      throw err;
    }
  }

  async capture(ref: string, amount_cents?: number): Promise<void> {
    await this.stripe.paymentIntents.capture(ref, amount_cents === undefined ? {} : { amount_to_capture: amount_cents });
  }

  async debit(request: BankDebitRequest): Promise<BankDebitResult> {
    const key = keyOf(request.idempotency_key, request.method_ref, request.amount_cents, request.currency);
    const method = await this.methodFor(request, 'us_bank_account');
    if (!method) return { status: 'unusable', reason: 'payment_method_unusable' };
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: request.amount_cents,
        currency: request.currency.toLowerCase(),
        allowed_payment_method_types: ['us_bank_account'],
        payment_method: method.id,
        ...(request.customer_ref ? { customer: request.customer_ref } : {}),
        confirm: true,
        // The payer agreed in the portal's form (its words are the mandate), not on a Stripe page.
        mandate_data: { customer_acceptance: { type: 'offline' } },
      },
      { idempotencyKey: `${key}:pi` },
    );
    if (intent.status === 'processing' || intent.status === 'succeeded') {
      return { status: 'pending', ref: intent.id, last4: method.us_bank_account?.last4 ?? '' };
    }
    return { status: 'declined', reason: intent.last_payment_error?.code ?? intent.status };
  }

  async debitOutcome(ref: string): Promise<DebitOutcome> {
    const intent = await this.stripe.paymentIntents.retrieve(ref);
    if (intent.status === 'succeeded') return 'settled';
    if (intent.status === 'processing') return 'pending';
    return 'returned';
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: request.ref, ...(request.amount_cents === undefined ? {} : { amount: request.amount_cents }) },
      { idempotencyKey: keyOf(request.idempotency_key, request.ref, request.amount_cents) },
    );
    return { status: refund.status === 'succeeded' ? 'succeeded' : 'pending', ref: refund.id };
  }

  /** An account's saved methods and the charges of them without the payer (stripe-saved-methods.ts). */
  private get saved() {
    return stripeSavedMethods(this.stripe);
  }
  createCustomer: PaymentProvider['createCustomer'] = (request) => this.saved.createCustomer(request);
  saveMethod: PaymentProvider['saveMethod'] = (request) => this.saved.saveMethod(request);
  setupState: PaymentProvider['setupState'] = (ref, customerRef) => this.saved.setupState(ref, customerRef);
  verifyMicrodeposits: PaymentProvider['verifyMicrodeposits'] = (ref, customerRef, code) =>
    this.saved.verifyMicrodeposits(ref, customerRef, code);
  cancelSetup: PaymentProvider['cancelSetup'] = (ref) => this.saved.cancelSetup(ref);
  removeMethod: PaymentProvider['removeMethod'] = (ref) => this.saved.removeMethod(ref);
  chargeSaved: PaymentProvider['chargeSaved'] = (request) => this.saved.chargeSaved(request);
}
