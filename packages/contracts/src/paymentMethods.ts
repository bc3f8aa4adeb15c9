import { z } from 'zod';

/**
 * An account's saved payment methods (Settings > Payment methods) and its autopay. A card's or
 * bank account's numbers go from the browser straight to the processor; the portal's API only
 * ever sees the method's id the processor answered (pm_...).
 */

/** The processor's id of a payment method (pm_...): one the browser created, or one saved to the account. */
export const paymentMethodId = z
  .string({ error: 'validation.payment_method_id' })
  .regex(/^pm_[A-Za-z0-9_]{1,200}$/, { error: 'validation.payment_method_id' });

/**
 * The portal page the card's issuer sends the payer back to after a 3-D Secure challenge: a path of
 * the portal's own (the server puts its address in front), never another site.
 */
export const returnPath = z
  .string({ error: 'validation.return_path' })
  .max(500, { error: 'validation.return_path' })
  .regex(/^\/(?![/\\])[^\s]*$/, { error: 'validation.return_path' });

/** The intent a payer's challenge was for (pi_...): the server asks the processor how it ended. */
export const paymentIntentId = z.string({ error: 'validation.invalid' }).regex(/^pi_[A-Za-z0-9_]{1,200}$/, { error: 'validation.invalid' });

/** The set-up a payer's challenge was for (seti_...), when a card being saved asked for 3-D Secure. */
export const setupIntentId = z.string({ error: 'validation.invalid' }).regex(/^seti_[A-Za-z0-9_]{1,200}$/, { error: 'validation.invalid' });

/**
 * Adding a method: the processor's id of the method the browser created; `return_path`, the
 * portal page the card issuer's 3-D Secure page sends the payer back to.
 */
export const addPaymentMethodRequest = z.object({ payment_method: paymentMethodId, return_path: returnPath.optional() });
export type AddPaymentMethodRequest = z.infer<typeof addPaymentMethodRequest>;

/** POST /api/payment-methods/confirm: the payer is back from the challenge of this set-up; the server asks the processor. */
export const confirmPaymentMethodRequest = z.object({ setup_intent: setupIntentId });
export type ConfirmPaymentMethodRequest = z.infer<typeof confirmPaymentMethodRequest>;

/**
 * The code on the statement line of the micro-deposit sent to a bank account being saved: six
 * characters, SM and four letters or digits (SM11AA in test mode). Spaces around it and its case
 * do not matter.
 */
export const microdepositCode = z
  .string({ error: 'validation.microdeposit_code' })
  .trim()
  .toUpperCase()
  .regex(/^SM[A-Z0-9]{4}$/, { error: 'validation.microdeposit_code' });

/** POST /api/payment-methods/:id/verify: a bank account awaiting verification, with its micro-deposit's code. */
export const verifyBankAccountRequest = z.object({ code: microdepositCode });
export type VerifyBankAccountRequest = z.infer<typeof verifyBankAccountRequest>;

export const autopayRequest = z.object({
  enabled: z.boolean({ error: 'validation.choice' }),
});
export type AutopayRequest = z.infer<typeof autopayRequest>;

/** A saved card or bank account as Settings > Payment methods lists it. */
export const paymentMethodView = z.strictObject({
  id: z.uuid(),
  ref: z.string().meta({ description: "The processor's id (pm_...): what a payment with this saved method names as its `payment_method`" }),
  type: z.enum(['card', 'us_bank_account']),
  brand: z.string().nullable().meta({ description: "A card's brand (visa, mastercard...); null for a bank account" }),
  last4: z.string(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  bank_name: z.string().nullable().meta({ description: "A bank account's bank" }),
  is_default: z.boolean(),
  verification: z.enum(['verified', 'awaiting', 'failed']).meta({
    description:
      "A typed-in bank account is debited only once verified by the micro-deposit's code: 'awaiting' until then (it cannot pay or be the default), 'failed' after too many wrong codes. Cards: 'verified'",
  }),
  microdeposits_arrive_at: z
    .string()
    .nullable()
    .meta({ description: "While awaiting: when the micro-deposit is expected on the account's statement" }),
  verify_attempts_left: z.number().int().nullable().meta({ description: 'While awaiting: how many more codes may be tried' }),
  created_at: z.string(),
});
export type PaymentMethodView = z.output<typeof paymentMethodView>;

/** GET /api/payment-methods: the account's saved methods and its autopay. */
export const paymentMethodsView = z.strictObject({
  methods: z.array(paymentMethodView),
  autopay: z.boolean().meta({ description: 'Autopay charges the default method for each open invoice on its due date' }),
});
export type PaymentMethodsView = z.output<typeof paymentMethodsView>;

/** What a browser needs to hand a card to the processor itself (Stripe.js's publishable key and API root). */
export const paymentProcessorView = z.strictObject({
  publishable_key: z.string(),
  api_url: z.string(),
});
export type PaymentProcessorView = z.output<typeof paymentProcessorView>;

/**
 * GET /api/shipments/payment-methods: what Pay Now of a prepaid booking offers whoever may book:
 * the processor for a new card (null when none is set up), and the account's saved cards (the default first).
 */
export const bookingPaymentMethodsView = z.strictObject({
  processor: paymentProcessorView.nullable(),
  cards: z.array(paymentMethodView),
});
export type BookingPaymentMethodsView = z.output<typeof bookingPaymentMethodsView>;
