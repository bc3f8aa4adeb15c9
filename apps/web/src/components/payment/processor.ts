import type { PaymentProcessorView } from '@freight/contracts';
import type { CardValues } from './CardFields';

/** A company's US bank account as typed, for an ACH debit. */
export interface BankValues {
  account_holder: string;
  routing_number: string;
  account_number: string;
  account_type: 'checking' | 'savings';
}

export const EMPTY_BANK: BankValues = { account_holder: '', routing_number: '', account_number: '', account_type: 'checking' };

/** The processor refused the method; `param` is the processor's name of the field at fault (card[number]), if any. */
export class ProcessorRefused extends Error {
  constructor(
    readonly code: string,
    readonly param: string | null,
  ) {
    super(code);
  }
}

/**
 * Whether the browser must go through Stripe.js: Stripe's own API takes a card's numbers only from
 * its Elements (typed into Stripe's frames), while the simulator, anywhere else, takes them from
 * the portal's own fields as Stripe's API would.
 */
export function usesStripeJs(processor: PaymentProcessorView): boolean {
  try {
    const url = new URL(processor.api_url);
    return url.protocol === 'https:' && url.hostname === 'api.stripe.com';
  } catch {
    return false;
  }
}

/**
 * Creates a payment method at the processor, from the browser, as Stripe.js does: a form-encoded
 * POST of /v1/payment_methods with the publishable key. The numbers go there and nowhere else; the
 * answer's pm_ id is all our API ever gets. Throws ProcessorRefused with the processor's code when
 * it says no.
 */
async function createAtProcessor(processor: PaymentProcessorView, fields: Record<string, string>): Promise<string> {
  const body = new URLSearchParams({ key: processor.publishable_key, ...fields });
  const res = await fetch(`${processor.api_url}/v1/payment_methods`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  const json = (await res.json().catch(() => ({}))) as { id?: string; error?: { code?: string; param?: string } };
  if (res.ok && json.id) return json.id;
  throw new ProcessorRefused(json.error?.code ?? 'processor_error', json.error?.param ?? null);
}

export const createCardAtProcessor = (processor: PaymentProcessorView, card: CardValues) =>
  createAtProcessor(processor, {
    type: 'card',
    'card[number]': card.card_number.replace(/\D/g, ''),
    'card[exp_month]': card.exp_month,
    'card[exp_year]': card.exp_year,
    'card[cvc]': card.cvc,
    'billing_details[name]': card.cardholder,
  });

/** The bank account's fields as Stripe names them (the simulator's POST, and Stripe.js's createPaymentMethod). */
export const bankAccountParams = (bank: BankValues) => ({
  routing_number: bank.routing_number.replace(/\D/g, ''),
  account_number: bank.account_number.replace(/\D/g, ''),
  account_type: bank.account_type,
  account_holder_type: 'company',
});

/** A company's US bank account for ACH debits (the portal's words above the button are the debit authorization). */
export const createBankAccountAtProcessor = (processor: PaymentProcessorView, bank: BankValues) =>
  createAtProcessor(processor, {
    type: 'us_bank_account',
    ...Object.fromEntries(Object.entries(bankAccountParams(bank)).map(([k, v]) => [`us_bank_account[${k}]`, v])),
    'billing_details[name]': bank.account_holder,
  });

/** Which card field a processor's refusal names (null: the card as a whole). */
export function refusedCardField(e: ProcessorRefused): keyof CardValues | null {
  if (e.param === 'card[number]' || e.code === 'incorrect_number' || e.code === 'invalid_number') return 'card_number';
  if (e.param === 'card[exp_month]' || e.code === 'invalid_expiry_month') return 'exp_month';
  if (e.param === 'card[exp_year]' || /expir/.test(e.code)) return 'exp_year';
  if (e.param === 'card[cvc]' || e.code === 'incorrect_cvc' || e.code === 'invalid_cvc') return 'cvc';
  return null;
}

/** Which bank field a processor's refusal names (null: the account as a whole). */
export function refusedBankField(e: ProcessorRefused): keyof BankValues | null {
  if (e.param === 'us_bank_account[routing_number]' || e.code === 'routing_number_invalid') return 'routing_number';
  if (e.param === 'us_bank_account[account_number]' || e.code === 'account_number_invalid') return 'account_number';
  return null;
}

/** The ABA routing number's checksum: 3, 7 and 1 weights over its nine digits add up to a multiple of 10. */
export function isRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

const FIELD_WORDS: Record<string, string> = {
  card_number: 'validation.card_number',
  exp_month: 'validation.card_expiry',
  exp_year: 'validation.card_expiry',
  cvc: 'validation.card_cvc',
};

/**
 * Where a processor's refusal of a new card belongs in a pay form (a field, or null: the card as a
 * whole) and its words, an i18n key (the contracts' own field words). Pay forms take no new bank
 * account: one is saved and verified under Payment methods first.
 */
export function payFormRefusal(e: ProcessorRefused): { field: string | null; key: string } {
  if (e.code === 'processor_off') return { field: null, key: 'payment.processor_off' };
  const field = refusedCardField(e);
  const words = field && FIELD_WORDS[field];
  return words ? { field, key: words } : { field: null, key: 'payment.refused_card' };
}
