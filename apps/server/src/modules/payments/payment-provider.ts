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

/**
 * The built-in test processor: 4000000000000002 is declined, 4000000000000119 fails as an
 * outage would (throws), and every other Luhn-valid number is authorized. The same idempotency
 * key gets the same reference. For demos and tests; production plugs in a real processor.
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
}
