import { randomBytes } from 'node:crypto';
import { type Replay, restore, type SimState, type SimStore, save } from './stripe-sim.store';

/**
 * The Stripe simulator's objects and their life: PaymentMethods, Customers, SetupIntents,
 * PaymentIntents (automatic or manual capture, cards and ACH debits), Charges and Refunds, with
 * Stripe's documented test cards and test bank accounts deciding the outcomes, and an Event for
 * each change, as Stripe's API reference shapes them. No HTTP here (stripe.simulator.ts).
 */
export type Obj = Record<string, unknown> & { id: string };
type Form = Record<string, unknown>;

/** An API error as Stripe answers it: the HTTP status and the `error` object. */
export class StripeSimError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeSimError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
export const missing = (kind: string, id: string) =>
  new StripeSimError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' });

type CardOutcome =
  | { kind: 'ok' }
  | { kind: 'decline'; code: string; decline_code?: string; message: string; attaches?: true }
  /**
   * 3-D Secure: on-session it asks the payer (a challenge). Off-session, 'declines' is declined as
   * authentication_required; 'once_set_up' goes through when a SetupIntent authenticated the card.
   */
  | { kind: 'authenticate'; offSession: 'declines' | 'once_set_up' };

/** Stripe's test cards (docs.stripe.com/testing); every other number that passes Luhn succeeds. */
const CARD_OUTCOMES: Record<string, CardOutcome> = {
  '4000000000000002': { kind: 'decline', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  // Saving it (attach, a SetupIntent) succeeds; every charge of it is declined: a saved card gone bad.
  '4000000000000341': {
    kind: 'decline',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
    attaches: true,
  },
  '4000000000009995': {
    kind: 'decline',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { kind: 'decline', code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { kind: 'decline', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    kind: 'decline',
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  // Asks on-session and when set up; a card set up for later goes through off-session without asking.
  '4000002500003155': { kind: 'authenticate', offSession: 'once_set_up' },
  '4000000000003220': { kind: 'authenticate', offSession: 'declines' },
  // Asks on every payment, however it was set up: off-session it is always declined.
  '4000002760003184': { kind: 'authenticate', offSession: 'declines' },
};

/** Stripe's test bank accounts (routing 110000000): how an ACH debit ends. */
const BANK_OUTCOMES: Record<string, { code: string; message: string }> = {
  '000111111113': { code: 'account_closed', message: 'The customer’s bank account has been closed.' },
  '000111111116': { code: 'no_account', message: 'The customer’s bank account could not be located.' },
  '000222222227': { code: 'insufficient_funds', message: 'The customer’s account has insufficient funds to cover this payment.' },
};

/** Test payment methods by name (pm_card_visa...), as Stripe's docs offer them for server-side tests. */
const NAMED_CARDS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequired: '4000002760003184',
};

export function luhn(number: string) {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(number: string) {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65)/.test(number)) return 'discover';
  return 'unknown';
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const int = (v: unknown, param: string) => {
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v) || !Number.isSafeInteger(n)) throw invalid(`Invalid integer: ${String(v)}`, param);
  return n;
};
const obj = (v: unknown): Form => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Form) : {});
const list = (v: unknown) => (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : v === undefined ? [] : [v]);

/**
 * The methods an intent takes: `allowed_payment_method_types` (the current API's name),
 * `payment_method_types` (the older one), else every method this account has on.
 */
function methodTypes(form: Form) {
  const allowed = list(form.allowed_payment_method_types);
  const given = allowed.length ? allowed : list(form.payment_method_types);
  return {
    allowed_payment_method_types: given.length ? given : null,
    payment_method_types: given.length ? given : ['card', 'us_bank_account'],
  };
}

/**
 * What a confirm answers when the payer must authenticate: with a `return_url` the payer is sent to
 * the issuer's page and back (`redirect_to_url`); without one Stripe.js shows it (`use_stripe_sdk`).
 */
export function authenticationAction(url: string, returnUrl: string | undefined) {
  return returnUrl
    ? { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } }
    : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url } };
}

export interface EngineOptions {
  now: () => Date;
  /** Business days an ACH debit takes to settle or fail (the domain's figure). */
  achSettleDays: number;
  /** Where the simulator's 3-D Secure page lives (an intent's next_action names it). */
  authenticateUrl: (intentId: string) => string;
  /** Where its objects outlive the process (a file); in memory only without one. */
  store?: SimStore;
}

export function stripeEngine(opts: EngineOptions) {
  const objects = new Map<string, Obj>();
  /** What Stripe keeps and never shows: a card's number, a bank account's number. */
  const secrets = new Map<string, string>();
  const events: Obj[] = [];
  /** ACH debits under way: the PaymentIntent and when the bank answers. */
  const achDue = new Map<string, Date>();
  /** Cards a SetupIntent authenticated for off-session use (3-D Secure's 'set up for later'). */
  const setUp = new Set<string>();
  /** Payment methods once detached: Stripe keeps them, but they can never be used or attached again. */
  const detached = new Set<string>();
  /** Intents confirmed with off_session: the customer is not there to authenticate. */
  const offSession = new Set<string>();
  /** Idempotency-Key -> the first answer (stripe.simulator.ts replays it). */
  const replays = new Map<string, Replay>();
  const state: SimState = { objects, secrets, events, achDue, setUp, detached, offSession, replays };
  if (opts.store) restore(opts.store, state);
  /** Something changed since the state was last saved. */
  let dirty = false;
  const touch = () => {
    dirty = true;
  };
  /** Saves the state when it changed (with a store): after each request that may have changed it. */
  const persist = () => {
    if (!opts.store || !dirty) return;
    dirty = false;
    save(opts.store, state);
  };
  const seconds = () => Math.floor(opts.now().getTime() / 1000);
  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  const snapshot = (o: Obj) => structuredClone(o);

  function emit(type: string, object: Obj, previous?: Record<string, unknown>) {
    const event: Obj = {
      id: newId('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: seconds(),
      data: { object: snapshot(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    objects.set(event.id, event);
    touch();
  }

  function get(kind: string, prefix: string, id: string) {
    const found = objects.get(id);
    if (!found || !id.startsWith(`${prefix}_`)) throw missing(kind, id);
    return found;
  }

  function createPaymentMethod(form: Form): Obj {
    const type = str(form.type);
    const base = { object: 'payment_method', created: seconds(), customer: null, livemode: false, metadata: obj(form.metadata) };
    const billing = obj(form.billing_details);
    const billing_details = { name: str(billing.name) ?? null, email: str(billing.email) ?? null, phone: null, address: null };
    if (type === 'card') {
      const card = obj(form.card);
      const number = (str(card.number) ?? '').replace(/\s/g, '');
      if (!luhn(number))
        throw new StripeSimError(402, {
          type: 'card_error',
          code: 'incorrect_number',
          message: 'Your card number is incorrect.',
          param: 'card[number]',
        });
      const month = int(card.exp_month, 'card[exp_month]');
      const year = int(card.exp_year, 'card[exp_year]');
      const now = opts.now();
      if (month < 1 || month > 12)
        throw new StripeSimError(402, {
          type: 'card_error',
          code: 'invalid_expiry_month',
          message: "Your card's expiration month is invalid.",
          param: 'card[exp_month]',
        });
      if (year * 12 + month - 1 < now.getUTCFullYear() * 12 + now.getUTCMonth())
        throw new StripeSimError(402, {
          type: 'card_error',
          code: 'invalid_expiry_year',
          message: "Your card's expiration year is invalid.",
          param: 'card[exp_year]',
        });
      const pm: Obj = {
        id: newId('pm'),
        ...base,
        type: 'card',
        billing_details,
        card: {
          brand: brandOf(number),
          last4: number.slice(-4),
          exp_month: month,
          exp_year: year,
          funding: 'credit',
          country: 'US',
          checks: { cvc_check: str(card.cvc) ? 'pass' : null },
        },
      };
      objects.set(pm.id, pm);
      secrets.set(pm.id, number);
      return pm;
    }
    if (type === 'us_bank_account') {
      const bank = obj(form.us_bank_account);
      const routing = str(bank.routing_number) ?? '';
      const account = str(bank.account_number) ?? '';
      if (!/^\d{9}$/.test(routing))
        throw invalid('Routing number must have 9 digits', 'us_bank_account[routing_number]', 'routing_number_invalid');
      if (!/^\d{4,17}$/.test(account)) throw invalid('Invalid account number', 'us_bank_account[account_number]', 'account_number_invalid');
      if (!billing_details.name)
        throw invalid('Missing required param: billing_details[name].', 'billing_details[name]', 'parameter_missing');
      const pm: Obj = {
        id: newId('pm'),
        ...base,
        type: 'us_bank_account',
        billing_details,
        us_bank_account: {
          account_holder_type: str(bank.account_holder_type) ?? 'individual',
          account_type: str(bank.account_type) ?? 'checking',
          bank_name: 'STRIPE TEST BANK',
          last4: account.slice(-4),
          routing_number: routing,
        },
      };
      objects.set(pm.id, pm);
      secrets.set(pm.id, account);
      return pm;
    }
    throw invalid('Invalid type: must be one of card or us_bank_account', 'type');
  }

  /** A PaymentMethod by id, or one of Stripe's named test methods made on first use. */
  function paymentMethod(id: string) {
    const named = NAMED_CARDS[id];
    if (named && !objects.has(id)) {
      const pm = createPaymentMethod({
        type: 'card',
        card: { number: named, exp_month: '12', exp_year: String(opts.now().getUTCFullYear() + 3) },
      });
      objects.delete(pm.id);
      pm.id = id;
      objects.set(id, pm);
      secrets.set(id, named);
    }
    return get('payment_method', 'pm', id);
  }

  function createCustomer(form: Form): Obj {
    const customer: Obj = {
      id: newId('cus'),
      object: 'customer',
      created: seconds(),
      email: str(form.email) ?? null,
      name: str(form.name) ?? null,
      description: str(form.description) ?? null,
      invoice_settings: { default_payment_method: null },
      livemode: false,
      metadata: obj(form.metadata),
    };
    objects.set(customer.id, customer);
    return customer;
  }

  /** A PaymentMethod a payment or an attachment may still use (a detached one is spent). */
  function usableMethod(id: string) {
    const pm = paymentMethod(id);
    if (detached.has(pm.id))
      throw invalid(
        `The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.`,
        'payment_method',
      );
    return pm;
  }

  function attach(pmId: string, customerId: string) {
    const pm = usableMethod(pmId);
    get('customer', 'cus', customerId);
    if (pm.customer && pm.customer !== customerId)
      throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method');
    if (pm.customer === customerId) return pm;
    pm.customer = customerId;
    emit('payment_method.attached', pm);
    return pm;
  }

  /** POST /v1/payment_methods/:id/detach: the method leaves its customer for good. */
  function detach(pmId: string) {
    const pm = paymentMethod(pmId);
    if (!pm.customer) throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
    const customer = objects.get(String(pm.customer));
    const settings = obj(customer?.invoice_settings);
    if (settings.default_payment_method === pm.id) settings.default_payment_method = null;
    pm.customer = null;
    detached.add(pm.id);
    emit('payment_method.detached', pm, { customer: null });
    return pm;
  }

  /** GET /v1/customers/:id/payment_methods: a list object, newest first, optionally of one `type`. */
  function customerMethods(customerId: string, query: Form) {
    get('customer', 'cus', customerId);
    const type = str(query.type);
    const limit = Math.min(100, Math.max(1, Number(str(query.limit) ?? 10) || 10));
    const all = [...objects.values()]
      .filter((o) => o.object === 'payment_method' && o.customer === customerId && (!type || o.type === type))
      .reverse();
    return { object: 'list', url: `/v1/customers/${customerId}/payment_methods`, has_more: all.length > limit, data: all.slice(0, limit) };
  }

  /** POST /v1/customers/:id: name, email, metadata and invoice_settings[default_payment_method]. */
  function updateCustomer(customerId: string, form: Form) {
    const customer = get('customer', 'cus', customerId);
    for (const field of ['name', 'email', 'description'] as const) if (str(form[field]) !== undefined) customer[field] = str(form[field]);
    if (form.metadata) customer.metadata = { ...obj(customer.metadata), ...obj(form.metadata) };
    const settings = obj(form.invoice_settings);
    if ('default_payment_method' in settings) {
      const chosen = str(settings.default_payment_method) || null;
      if (chosen && paymentMethod(chosen).customer !== customerId)
        throw invalid(
          `No such PaymentMethod: '${chosen}'; It does not belong to the customer`,
          'invoice_settings[default_payment_method]',
          'resource_missing',
        );
      customer.invoice_settings = { ...obj(customer.invoice_settings), default_payment_method: chosen };
    }
    emit('customer.updated', customer);
    return customer;
  }

  return {
    objects,
    events,
    seconds,
    newId,
    emit,
    get,
    secrets,
    achDue,
    setUp,
    offSession,
    replays,
    touch,
    persist,
    cardOutcome: (pmId: string) => CARD_OUTCOMES[secrets.get(pmId) ?? ''] ?? ({ kind: 'ok' } as CardOutcome),
    bankOutcome: (pmId: string) => BANK_OUTCOMES[secrets.get(pmId) ?? ''],
    invalid,
    str,
    int,
    obj,
    list,
    methodTypes,
    createPaymentMethod,
    paymentMethod,
    createCustomer,
    attach,
    detach,
    usableMethod,
    customerMethods,
    updateCustomer,
    opts,
  };
}

export type StripeEngine = ReturnType<typeof stripeEngine>;
