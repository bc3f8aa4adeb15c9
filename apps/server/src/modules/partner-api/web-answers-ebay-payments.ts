import {
  disputeView,
  ebayChallengeAnswer,
  ebayConsentView,
  ebayModeRates,
  ebayOrderView,
  ebayQuoteInputView,
  ebayStoreView,
  invoicePaymentResult,
  invoiceSummary,
  paymentMethodsView,
  paymentMethodView,
  paymentProcessorView,
  quoteView,
} from '@freight/contracts';
import { type Answer, body, created, empty, list, page, pdf, record, redirect } from './openapi-answers';

/**
 * What the routes of eBay orders and stores, payment methods, invoice payments and disputes answer
 * on success (web-answers.ts explains the checks).
 */
export const EBAY_PAYMENT_ANSWERS: Record<string, Answer> = {
  'GET /api/ebay/callback': redirect("eBay's consent comes back here: on to the eBay orders page, saying whether the store was connected."),
  'POST /api/ebay/notifications': empty(
    "eBay's notice that a buyer's account was deleted, taken: the account's orders of that buyer lose their personal data.",
  ),
  'POST /api/ebay/orders/:id/retry-fulfillment': empty('Telling eBay the order shipped is tried again shortly.', 202),
  'GET /api/ebay/stores': list("The account's connected stores.", ebayStoreView),
  'POST /api/ebay/connect': record("eBay's consent page, where the browser goes next to connect a store.", ebayConsentView),
  'POST /api/ebay/stores/:id/sync': record('The store after syncing its orders.', ebayStoreView),
  'GET /api/ebay/notifications': body(
    "eBay's check of the deletion endpoint: the hash of its challenge code, the verification token and the endpoint.",
    ebayChallengeAnswer,
  ),
  'GET /api/ebay/orders': page("The account's eBay orders, newest first, by the filters asked.", ebayOrderView),
  'GET /api/ebay/orders/:id': record('The order, with the shipment booked for it.', ebayOrderView),
  'GET /api/ebay/orders/:id/quote-input': record(
    'The quote form filled from the order (and the orders shipped with it): its matched items, those to complete by hand, and the modes they fit.',
    ebayQuoteInputView,
  ),
  'GET /api/ebay/orders/:id/mode-rates': record('The cheapest rate of each mode for the order; nothing is stored.', ebayModeRates),
  'POST /api/ebay/orders/:id/quote': record("The quote, now carrying the order's places for the booking form.", quoteView),
  'POST /api/ebay/orders/:id/shipment': record('The order with its shipment.', ebayOrderView),
  'GET /api/payment-methods': record("The account's saved cards and bank accounts, and whether autopay is on.", paymentMethodsView),
  'GET /api/payment-methods/processor': record(
    'What the browser needs to hand a card to the processor itself; null when no processor is set up.',
    paymentProcessorView.nullable(),
  ),
  'POST /api/payment-methods': created(
    'The saved method (200 when it was saved already). A card whose issuer asks for 3-D Secure is not saved yet: 402 with the challenge.',
    paymentMethodView,
  ),
  'POST /api/payment-methods/confirm': created(
    'The card saved after its 3-D Secure challenge (200 when it was saved already).',
    paymentMethodView,
  ),
  'POST /api/payment-methods/:id/verify': record("The bank account after its micro-deposit's code was tried.", paymentMethodView),
  'PUT /api/payment-methods/:id/default': record('The method, now the default.', paymentMethodView),
  'PUT /api/payment-methods/autopay': record("The account's saved methods, with autopay on or off.", paymentMethodsView),
  'GET /api/invoices/summary': record("What the account owes by age, per currency (the user's first), and its credit.", invoiceSummary),
  'POST /api/invoice-payments': created(
    'What the payment did, with the invoices it paid as they are now (200 for a retry with the same Idempotency-Key).',
    invoicePaymentResult,
  ),
  'POST /api/invoice-payments/confirm': record(
    'What the payment did after its 3-D Secure challenge, with the invoices it paid as they are now.',
    invoicePaymentResult,
  ),
  'GET /api/invoice-payments/:id/receipt': pdf,
  'POST /api/invoices/:id/disputes': created('The new dispute.', disputeView),
  'POST /api/invoices/:id/disputes/:disputeId/messages': created('The dispute with the new message at the end of its thread.', disputeView),
};
