/**
 * A payment with a method the processor holds (its pm_ id): one the payer's browser handed to the
 * processor itself, or one saved to the account's customer. No card or account number is here.
 */
export interface MethodPaymentRequest {
  amount_cents: number;
  currency: string;
  /** The processor's payment method (pm_...). */
  method_ref: string;
  /** The account's processor customer, when the method is one saved to it (a payer present). */
  customer_ref?: string;
  /** The provider answers a repeat of the same key with the first outcome. */
  idempotency_key: string;
  /**
   * Where the issuer's 3-D Secure page sends the payer back (a page of the portal). Without it the
   * challenge is Stripe.js's to show in the page (`use_stripe_sdk`).
   */
  return_url?: string;
}
export type AuthorizeRequest = MethodPaymentRequest;
export type BankDebitRequest = MethodPaymentRequest;

/**
 * The method itself cannot pay this: unknown to the processor, of the other kind (a bank account
 * for a card payment), or saved to someone else's customer. Nothing was asked of the bank.
 */
export interface MethodUnusable {
  status: 'unusable';
  reason: string;
}

/**
 * The card's issuer asks the payer to authenticate (3-D Secure) before it answers: the intent
 * (`ref`) waits. The browser needs its `client_secret` (Stripe.js's handleNextAction) or the
 * challenge page (`next_action_url`, when a return_url was given); never a card number.
 */
export interface AuthenticationNeeded {
  status: 'requires_action';
  ref: string;
  client_secret: string;
  next_action_url: string | null;
}

export type AuthorizeResult =
  | { status: 'authorized'; ref: string; brand: string; last4: string }
  | { status: 'declined'; reason: string }
  | AuthenticationNeeded
  | MethodUnusable;

/** Where a card intent stands once the payer came back from a challenge (asked of the processor). */
export type CardIntentState =
  | { status: 'authorized'; ref: string; brand: string; last4: string }
  | { status: 'declined'; reason: string }
  | AuthenticationNeeded;

/** An ACH debit is accepted as pending; its outcome comes days later (`debitOutcome`). */
export type BankDebitResult = { status: 'pending'; ref: string; last4: string } | { status: 'declined'; reason: string } | MethodUnusable;
export type DebitOutcome = 'pending' | 'settled' | 'returned';

export interface RefundRequest {
  /** The payment's reference (a charge, or a captured authorization). */
  ref: string;
  /** Part of it; the whole of what is left unless given. */
  amount_cents?: number;
  idempotency_key: string;
}
/** A card refund is done at once; a bank refund is pending until the credit reaches the account. */
export type RefundResult = { status: 'succeeded' | 'pending'; ref: string };

/** An authorization `void` found captured already: only a refund gives the money back. */
export interface VoidCaptured {
  captured_cents: number;
}

/**
 * What the processor tells later, by its own means (Stripe's webhooks): a bank debit settled or
 * was returned, an authorization was released on its side, a payment was refunded. Modules
 * subscribe to the kinds they keep; each handler is idempotent (an event may come twice).
 */
export type PaymentEventKind =
  | 'debit_settled'
  | 'debit_returned'
  | 'authorization_released'
  | 'refunded'
  /** A card intent ended (paid, failed, canceled): a payment waiting on its 3-D Secure challenge settles. */
  | 'challenge_ended'
  /** A set-up (SetupIntent) succeeded or failed: a bank account's micro-deposit verification among them. */
  | 'setup_succeeded'
  | 'setup_failed'
  /** A set-up was canceled (a card's left waiting on 3-D Secure, by the clean-up or at the processor). */
  | 'setup_canceled';
export type PaymentEventHandler = (ref: string) => Promise<void>;
export class PaymentEvents {
  private readonly handlers = new Map<PaymentEventKind, PaymentEventHandler[]>();
  on(kind: PaymentEventKind, handler: PaymentEventHandler) {
    this.handlers.set(kind, [...(this.handlers.get(kind) ?? []), handler]);
  }
  async emit(kind: PaymentEventKind, ref: string) {
    for (const handler of this.handlers.get(kind) ?? []) await handler(ref);
  }
}

/**
 * A card payment processor. `authorize` answers authorized or declined; it throws when the
 * processor cannot be reached or fails (the caller records a failed payment and charges nothing).
 * `void` releases an authorization (a canceled booking); voiding one twice is harmless; it throws
 * when the processor cannot be reached (the job that calls it tries again). An authorization that
 * was captured meanwhile cannot be released: `void` answers what was captured, for a refund.
 */
export interface PaymentProvider {
  readonly name: string;
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  void(ref: string): Promise<void | VoidCaptured>;
  /** Authorizes and captures at once (an invoice paid by card). */
  charge(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /**
   * A card intent as the processor has it now (retrieved, never taken from the browser): after a
   * challenge, authorized (or paid), declined ('authentication_failed' when the payer failed it),
   * or still waiting for the payer. Throws when the processor cannot be reached.
   */
  cardIntentState(ref: string): Promise<CardIntentState>;
  /** Starts an ACH debit; throws when the processor cannot be reached. */
  debit(request: BankDebitRequest): Promise<BankDebitResult>;
  /** Where an ACH debit stands now; throws when the processor cannot be reached (the job tries again). */
  debitOutcome(ref: string): Promise<DebitOutcome>;
  /** Takes `amount_cents` of an authorization (all of it unless given) and releases the rest. */
  capture(ref: string, amount_cents?: number): Promise<void>;
  /** Gives back a captured or charged payment, or part of it; throws when refused or unreachable. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Makes the processor's customer of an account (once: the key is the account's); throws when unreachable. */
  createCustomer(request: CustomerRequest): Promise<string>;
  /**
   * Saves a method a browser handed to the processor (its pm_ id) to the customer for charges
   * without the payer (a SetupIntent for off-session use); declined when the processor refuses it.
   */
  saveMethod(request: SaveMethodRequest): Promise<SaveMethodResult>;
  /**
   * A set-up (SetupIntent `ref`) of the customer `customerRef` once the payer came back from its
   * challenge: saved, declined ('authentication_failed'; 'canceled' once abandoned), or still waiting; retrieved from the
   * processor. Null when there is no such set-up of that customer (another account's among them).
   */
  setupState(ref: string, customerRef: string): Promise<SaveMethodResult | null>;
  /**
   * Verifies the bank account of the set-up `ref` (customer `customerRef`) with the code of the
   * micro-deposit on its statement: verified (saved), a wrong code, or failed for good after too
   * many wrong ones; null when there is no such set-up of that customer. Throws when unreachable.
   */
  verifyMicrodeposits(ref: string, customerRef: string, code: string): Promise<MicrodepositResult | null>;
  /**
   * Abandons a set-up (SetupIntent `ref`) nobody finished, so its challenge page can no longer save
   * the card. One that ended already (saved, failed for good, or canceled) is no error: `setupState`
   * then says how it ended. Throws when unreachable or when the processor does not know it.
   */
  cancelSetup(ref: string): Promise<void>;
  /** Detaches a saved method from its customer; one detached already is no error. */
  removeMethod(methodRef: string): Promise<void>;
  /** Charges a saved method with nobody present (autopay): a card is paid at once, a bank debit pending. */
  chargeSaved(request: SavedChargeRequest): Promise<SavedChargeResult>;
}

export interface CustomerRequest {
  account_id: string;
  name: string;
}

/** A saved method as the processor describes it: never its number. */
export interface SavedMethodDetails {
  ref: string;
  type: 'card' | 'us_bank_account';
  brand: string | null;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  bank_name: string | null;
}

export interface SaveMethodRequest {
  customer_ref: string;
  method_ref: string;
  idempotency_key: string;
  /** Where the issuer's 3-D Secure page sends the payer back, as for a payment. */
  return_url?: string;
}
/**
 * A typed-in bank account the processor checks with a micro-deposit first: the set-up (`ref`, a
 * SetupIntent) waits for the payer to enter the deposit's code, expected on the statement by
 * `arrives_at`; the method cannot be charged until then.
 */
export interface VerificationPending {
  status: 'verification_pending';
  ref: string;
  method: SavedMethodDetails;
  arrives_at: Date | null;
}
export type SaveMethodResult =
  | { status: 'saved'; method: SavedMethodDetails }
  | { status: 'declined'; reason: string }
  | AuthenticationNeeded
  | VerificationPending;

/** How entering a micro-deposit's code ended: the account verified, a wrong code, or no tries left. */
export type MicrodepositResult = { status: 'verified'; method: SavedMethodDetails } | { status: 'mismatch' } | { status: 'failed' };

export interface SavedChargeRequest {
  customer_ref: string;
  method_ref: string;
  method_type: 'card' | 'us_bank_account';
  amount_cents: number;
  currency: string;
  idempotency_key: string;
}
export type SavedChargeResult = { status: 'paid' | 'pending'; ref: string } | { status: 'declined'; reason: string };

/**
 * Payments refused: production without Stripe's keys. Every attempt is a processor failure (502,
 * nothing charged, the same key may try again once payments are configured), never a fake success.
 */
export class PaymentsOff implements PaymentProvider {
  readonly name = 'off';
  private fail(): never {
    throw new Error('payments are not configured (STRIPE_SECRET_KEY)');
  }
  authorize = async (): Promise<AuthorizeResult> => this.fail();
  void = async (): Promise<void> => this.fail();
  charge = async (): Promise<AuthorizeResult> => this.fail();
  cardIntentState = async (): Promise<CardIntentState> => this.fail();
  setupState = async (): Promise<SaveMethodResult | null> => this.fail();
  debit = async (): Promise<BankDebitResult> => this.fail();
  debitOutcome = async (): Promise<DebitOutcome> => this.fail();
  capture = async (): Promise<void> => this.fail();
  refund = async (): Promise<RefundResult> => this.fail();
  createCustomer = async (): Promise<string> => this.fail();
  saveMethod = async (): Promise<SaveMethodResult> => this.fail();
  verifyMicrodeposits = async (): Promise<MicrodepositResult | null> => this.fail();
  cancelSetup = async (): Promise<void> => this.fail();
  removeMethod = async (): Promise<void> => this.fail();
  chargeSaved = async (): Promise<SavedChargeResult> => this.fail();
}
