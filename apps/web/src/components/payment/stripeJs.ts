import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type BankValues, bankAccountParams, ProcessorRefused } from './processor';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, fetched from js.stripe.com once (the pure entry loads nothing until asked). */
export function stripeOf(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe.js's answer to createPaymentMethod as a pm_ id, or its refusal as ProcessorRefused. */
export function methodIdOf(result: { paymentMethod?: { id: string }; error?: { code?: string; param?: string } }): string {
  if (result.paymentMethod) return result.paymentMethod.id;
  throw new ProcessorRefused(result.error?.code ?? 'processor_error', result.error?.param ?? null);
}

/** A company's bank account made a PaymentMethod by Stripe.js (its numbers go to Stripe, not the portal). */
export async function createBankWithStripeJs(publishableKey: string, bank: BankValues): Promise<string> {
  const stripe = await stripeOf(publishableKey);
  if (!stripe) throw new ProcessorRefused('processor_unavailable', null);
  return methodIdOf(
    await stripe.createPaymentMethod({
      type: 'us_bank_account',
      us_bank_account: bankAccountParams(bank),
      billing_details: { name: bank.account_holder },
    }),
  );
}

/**
 * Stripe.js shows the card issuer's 3-D Secure challenge of an intent (handleNextAction). Its
 * outcome is not taken from here: the portal's server asks Stripe afterwards.
 */
export async function handleNextActionWithStripeJs(publishableKey: string, clientSecret: string): Promise<void> {
  const stripe = await stripeOf(publishableKey);
  if (!stripe) throw new ProcessorRefused('processor_unavailable', null);
  await stripe.handleNextAction({ clientSecret });
}
