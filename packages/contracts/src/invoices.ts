import { type AgingBucket, INVOICE_FILTERS, NET_TERMS_DAYS, PAYMENT_METHODS } from '@freight/domain';
import { z } from 'zod';
import { isoDate, requiredText } from './fields';
import { disputeView, invoiceSummary } from './invoiceViews';
import { INVOICE_SORTS } from './listSorts';
import { paymentIntentId, paymentMethodId, returnPath } from './paymentMethods';

/**
 * Invoices, invoice payments, disputes and credit hold. Money is integer cents in the
 * invoice's currency.
 */

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const perPage = z.coerce.number().int().min(1).max(100).optional();
const search = z.string().trim().max(64, { error: 'validation.too_long' }).optional();

/** GET /api/invoices: Open Invoices (its status filters), search by invoice, BOL or PRO number or a shipment's reference. */
export const invoiceListQuery = z.object({
  filter: z.enum(INVOICE_FILTERS, { error: 'validation.choice' }).default('all'),
  q: search,
  sort: z.enum(INVOICE_SORTS, { error: 'validation.choice' }).default('due_date'),
  dir: z.enum(['asc', 'desc'], { error: 'validation.choice' }).default('asc'),
  page,
  per_page: perPage,
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

/** GET /api/invoices/history: paid invoices by paid date; without dates, the past 7 days. */
export const invoiceHistoryQuery = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    q: search,
    page,
    per_page: perPage,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], error: 'validation.date_range' });
export type InvoiceHistoryQuery = z.output<typeof invoiceHistoryQuery>;

const cents = (key = 'validation.positive') =>
  z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.integer' })
    .min(1, { error: key })
    .max(1_000_000_000, { error: 'validation.too_large' });

/**
 * POST /api/invoice-payments (header Idempotency-Key): one payment of one or many invoices, an
 * amount per invoice (a part of one balance is allowed), by card or by bank account (ACH). The
 * card or account is the processor's payment method (pm_...): one the browser handed to the
 * processor itself, or one of the account's saved methods; no number ever reaches the portal.
 * `payment_method` is optional in the type only for autopay, which charges the saved default.
 * `return_path`: the portal page the card issuer's 3-D Secure page sends the payer back to.
 */
export const invoicePaymentRequest = z
  .object({
    method: z.enum(PAYMENT_METHODS, { error: 'validation.choice' }),
    allocations: z
      .array(z.object({ invoice_id: z.string().max(64), amount_cents: cents() }), { error: 'validation.invoices_required' })
      .min(1, { error: 'validation.invoices_required' })
      .max(500, { error: 'validation.too_many' }),
    payment_method: paymentMethodId.optional(),
    return_path: returnPath.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.payment_method) ctx.addIssue({ code: 'custom', path: ['payment_method'], message: 'validation.payment_method_id' });
  });
export type InvoicePaymentRequest = z.output<typeof invoicePaymentRequest>;

/** POST /api/invoice-payments/confirm: the payer is back from the challenge of this intent; the server asks the processor. */
export const invoicePaymentConfirmRequest = z.object({ payment_intent: paymentIntentId });
export type InvoicePaymentConfirmRequest = z.output<typeof invoicePaymentConfirmRequest>;

/** POST /api/invoices/:id/disputes: the whole invoice (no charge_code) or one charge line (its `key`), with a reason and an amount. */
export const disputeRequest = z.object({
  charge_code: z.string().trim().max(40).nullish(),
  reason: requiredText('validation.required', 2000),
  amount_cents: cents(),
});
export type DisputeRequest = z.output<typeof disputeRequest>;

/** POST /api/invoices/:id/disputes/:disputeId/messages and its staff twin. */
export const disputeMessageRequest = z.object({ body: requiredText('validation.required', 4000) });

/** POST /api/admin/disputes/:id/resolve: accepted (a credit memo of `amount_cents`) or rejected. */
export const disputeResolutionRequest = z
  .object({
    outcome: z.enum(['accepted', 'rejected'], { error: 'validation.choice' }),
    amount_cents: cents().optional(),
    note: requiredText('validation.required', 2000),
  })
  .refine((v) => v.outcome !== 'accepted' || v.amount_cents !== undefined, { path: ['amount_cents'], error: 'validation.required' });
export type DisputeResolutionRequest = z.output<typeof disputeResolutionRequest>;

/** PUT /api/admin/accounts/:id/credit: an account's terms. */
export const creditTermsRequest = z.object({
  payment_terms: z.enum(['credit', 'prepaid'], { error: 'validation.choice' }),
  net_days: z.union(
    NET_TERMS_DAYS.map((d) => z.literal(d)),
    { error: 'validation.choice' },
  ),
  credit_limit_cents: z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.positive' })
    .max(1_000_000_000, { error: 'validation.too_large' }),
  grace_days: z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.positive' })
    .max(120, { error: 'validation.too_large' }),
  /** Why the terms change: kept on the account's credit record and in the audit log. */
  reason: requiredText('validation.required', 500),
});
export type CreditTermsRequest = z.output<typeof creditTermsRequest>;

/** POST /api/admin/accounts/:id/hold: staff place or lift a hold; a manual hold stays until staff lift it. */
export const holdRequest = z.object({
  action: z.enum(['place', 'lift'], { error: 'validation.choice' }),
  reason: requiredText('validation.required', 1000),
});
export type HoldRequest = z.output<typeof holdRequest>;

/** ---- Wire shapes (answers) ---- */

export type AgingAmounts = Record<AgingBucket, number>;

/** An entry of an account's credit record: holds placed and lifted, terms changed, credit applications declined. */
export const creditEventView = z.strictObject({
  id: z.uuid(),
  kind: z.enum(['hold_placed', 'hold_lifted', 'terms_changed', 'application_declined']),
  source: z.enum(['auto', 'staff']),
  reason: z.string(),
  by: z.string().nullable().meta({ description: "The staff user's name; null for the system's own or once that user is deleted" }),
  created_at: z.iso.datetime(),
});
export type CreditEventView = z.output<typeof creditEventView>;

/** An account's credit for accounting: its status, what it owes and its credit, its credit record and its open disputes. */
export const adminCreditView = z.strictObject({
  account_id: z.uuid(),
  account_name: z.string(),
  status: z.enum(['active', 'credit_hold']),
  summary: invoiceSummary,
  events: z.array(creditEventView),
  open_disputes: z.array(disputeView),
});
export type AdminCreditView = z.output<typeof adminCreditView>;
