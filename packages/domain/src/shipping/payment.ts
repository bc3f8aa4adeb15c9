/** Payment rules of a prepaid (card) account's booking. */

/** The card authorization is the charge plus this additional hold (USD cents). */
export const CARD_AUTH_HOLD_CENTS = 25_000;

/** A prepaid booking left unpaid this long is canceled automatically. */
export const AWAITING_PAYMENT_MINUTES = 60;

/**
 * Where a booking stands with its payment: credit accounts pay by invoice ('not_required');
 * 'released': a paid booking was canceled and its card authorization voided; 'refunded': a paid
 * booking was canceled after its authorization had been captured, and the capture refunded.
 */
export const PAYMENT_STATES = ['not_required', 'awaiting', 'paid', 'expired', 'released', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** How an account pays: on terms (invoiced) or by card at booking. */
export const PAYMENT_TERMS = ['credit', 'prepaid'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
