import { createHash } from 'node:crypto';

/** A card as the payer typed it; it goes to the provider and is never stored. */
export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  cardholder: string;
}

export interface AuthorizeRequest {
  amount_cents: number;
  currency: string;
  card: CardDetails;
  /** The provider answers a repeat of the same key with the first outcome. */
  idempotency_key: string;
}

export type AuthorizeResult = { status: 'authorized'; ref: string; brand: string; last4: string } | { status: 'declined'; reason: string };

/** A bank account as the payer typed it (ACH debit); it goes to the provider and is never stored. */
export interface BankDebitRequest {
  amount_cents: number;
  currency: string;
  account_holder: string;
  routing_number: string;
  account_number: string;
  account_type: 'checking' | 'savings';
  idempotency_key: string;
}

/** An ACH debit is accepted as pending; its outcome comes days later (`debitOutcome`). */
export type BankDebitResult = { status: 'pending'; ref: string; last4: string } | { status: 'declined'; reason: string };
export type DebitOutcome = 'pending' | 'settled' | 'returned';

/**
 * A card payment processor. `authorize` answers authorized or declined; it throws when the
 * processor cannot be reached or fails (the caller records a failed payment and charges nothing).
 * `void` releases an authorization (a canceled booking); voiding one twice is harmless; it throws
 * when the processor cannot be reached (the job that calls it tries again).
 */
export interface PaymentProvider {
  readonly name: string;
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  void(ref: string): Promise<void>;
  /** Authorizes and captures at once (an invoice paid by card). */
  charge(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** Starts an ACH debit; throws when the processor cannot be reached. */
  debit(request: BankDebitRequest): Promise<BankDebitResult>;
  /** Where an ACH debit stands now; throws when the processor cannot be reached (the job tries again). */
  debitOutcome(ref: string): Promise<DebitOutcome>;
}

/** The Luhn (mod-10) check every card number passes. */
export function isLuhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card brand from the number's prefix (IIN ranges). */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  return 'card';
}

/** Test card numbers with a fixed outcome (the usual processor test cards). */
export const TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  processorFailure: '4000000000000119',
} as const;

/** Test bank accounts (routing 110000000, the usual processor test routing number): one settles, one is returned. */
export const TEST_BANK = {
  routing: '110000000',
  settles: '000123456789',
  returned: '000111111113',
} as const;

/**
 * The built-in test processor: 4000000000000002 is declined, 4000000000000119 fails as an
 * outage would (throws), and every other Luhn-valid number is authorized. The same idempotency
 * key gets the same reference. Bank debits are pending until asked: TEST_BANK.returned is
 * returned, every other account settles. For demos and tests; production plugs in a real processor.
 */
export class TestProcessor implements PaymentProvider {
  readonly name = 'test';

  async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    const number = request.card.number;
    if (number === TEST_CARDS.processorFailure) throw new Error('test processor: service unavailable');
    if (!isLuhnValid(number)) return { status: 'declined', reason: 'invalid_number' };
    if (number === TEST_CARDS.declined) return { status: 'declined', reason: 'card_declined' };
    const ref = `test_auth_${createHash('sha256').update(request.idempotency_key).digest('hex').slice(0, 24)}`;
    return { status: 'authorized', ref, brand: cardBrand(number), last4: number.slice(-4) };
  }

  async void(ref: string): Promise<void> {
    if (!ref.startsWith('test_auth_')) throw new Error('test processor: unknown authorization');
  }

  async charge(request: AuthorizeRequest): Promise<AuthorizeResult> {
    const result = await this.authorize(request);
    return result.status === 'authorized' ? { ...result, ref: result.ref.replace('test_auth_', 'test_charge_') } : result;
  }

  /** Every well-formed account is accepted as pending; TEST_BANK.returned comes back as returned. */
  async debit(request: BankDebitRequest): Promise<BankDebitResult> {
    if (!/^\d{4,17}$/.test(request.account_number)) return { status: 'declined', reason: 'invalid_account' };
    const id = createHash('sha256').update(request.idempotency_key).digest('hex').slice(0, 24);
    const outcome = request.account_number === TEST_BANK.returned ? 'r' : 's';
    return { status: 'pending', ref: `test_ach_${outcome}_${id}`, last4: request.account_number.slice(-4) };
  }

  async debitOutcome(ref: string): Promise<DebitOutcome> {
    if (!ref.startsWith('test_ach_')) throw new Error('test processor: unknown debit');
    return ref.startsWith('test_ach_r_') ? 'returned' : 'settled';
  }
}
