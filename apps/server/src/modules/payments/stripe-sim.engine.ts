import { randomBytes } from 'node:crypto';
import { BANK_OUTCOMES, brandOf, CARD_OUTCOMES, type CardOutcome, luhn, NAMED_CARDS } from './stripe-sim.cards';
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
