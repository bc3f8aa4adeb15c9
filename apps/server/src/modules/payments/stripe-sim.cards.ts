/**
 * The Stripe simulator's test cards and bank accounts: Stripe's documented numbers and what each
 * does (docs.stripe.com/testing), how a card number is checked, and its brand.
 */

export type CardOutcome =
  | { kind: 'ok' }
  | { kind: 'decline'; code: string; decline_code?: string; message: string; attaches?: true }
  /**
   * 3-D Secure: on-session it asks the payer (a challenge). Off-session, 'declines' is declined as
   * authentication_required; 'once_set_up' goes through when a SetupIntent authenticated the card.
   */
  | { kind: 'authenticate'; offSession: 'declines' | 'once_set_up' };

/** Stripe's test cards (docs.stripe.com/testing); every other number that passes Luhn succeeds. */
export const CARD_OUTCOMES: Record<string, CardOutcome> = {
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
export const BANK_OUTCOMES: Record<string, { code: string; message: string }> = {
  '000111111113': { code: 'account_closed', message: 'The customer’s bank account has been closed.' },
  '000111111116': { code: 'no_account', message: 'The customer’s bank account could not be located.' },
  '000222222227': { code: 'insufficient_funds', message: 'The customer’s account has insufficient funds to cover this payment.' },
};

/** Test payment methods by name (pm_card_visa...), as Stripe's docs offer them for server-side tests. */
export const NAMED_CARDS: Record<string, string> = {
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

export function brandOf(number: string) {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65)/.test(number)) return 'discover';
  return 'unknown';
}
