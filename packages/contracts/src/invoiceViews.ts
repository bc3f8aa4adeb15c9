import {
  AGING_BUCKETS,
  type AgingBucket,
  CORRECTION_KINDS,
  DISPUTE_STATUSES,
  type HoldReason,
  INVOICE_PAYMENT_STATUSES,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  PAYMENT_METHODS,
} from '@freight/domain';
import { z } from 'zod';
import { REFERENCE_TYPES } from './references';
import { teamPerson } from './team';

/**
 * What the invoice routes answer, as strict schemas: the API tests hold every answer to them and
 * the OpenAPI document describes the answers from them. Money is integer cents in the invoice's
 * currency; dates are `YYYY-MM-DD`, times ISO 8601 in UTC.
 */

const cents = (description: string) => z.number().int().meta({ description });
const time = z.iso.datetime({ offset: true });
const numbered = z.strictObject({ id: z.uuid(), number: z.string() });

/** A charge line as quoted and as invoiced. */
export const invoiceChargeView = z.strictObject({
  key: z
    .string()
    .meta({ description: "Names the line in a dispute (`charge_code`): the code, and its detail when it has one ('freight:70')" }),
  code: z.string(),
  label: z.string().meta({ description: "The line's name in the reader's language" }),
  detail: z.string().nullable(),
  quoted_cents: cents('As quoted'),
  invoiced_cents: cents('As invoiced'),
  variance_cents: cents('Invoiced less quoted'),
});
export type InvoiceChargeView = z.output<typeof invoiceChargeView>;

/** An invoice as the lists show it. */
export const invoiceListItem = z.strictObject({
  id: z.uuid(),
  number: z.string(),
  type: z.enum(INVOICE_TYPES),
  status: z.enum(INVOICE_STATUSES),
  shipment_id: z.uuid().nullable(),
  bol_number: z.string().nullable(),
  pro_number: z.string().nullable(),
  references: z
    .array(z.strictObject({ type: z.enum(REFERENCE_TYPES), value: z.string() }))
    .meta({ description: "The invoiced shipment's references in the shipper's order; none for an invoice of no shipment" }),
  delivery_location: z.string(),
  invoice_date: z.iso.date(),
  due_date: z.iso.date(),
  days_past_due: z.number().int(),
  aging_bucket: z.enum(AGING_BUCKETS),
  currency: z.string().meta({ description: 'ISO 4217 code of every amount of the invoice' }),
  total_cents: cents('The invoice total'),
  balance_cents: cents('What is left to pay'),
  pending_cents: cents('Covered by bank payments that have not settled'),
  disputed_cents: cents('Under open disputes'),
  paid_at: time.nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  payment_last4: z.string().nullable().meta({ description: 'The last four digits of the card or account that paid it last' }),
});
export type InvoiceListItem = z.output<typeof invoiceListItem>;

/** A payment's part of an invoice. */
export const invoicePaymentView = z.strictObject({
  id: z.uuid(),
  paid_by: teamPerson.nullable().meta({ description: 'Who of the account paid' }),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(INVOICE_PAYMENT_STATUSES),
  amount_cents: cents("This invoice's part of the payment"),
  payment_total_cents: cents('The whole payment'),
  card_brand: z.string().nullable(),
  last4: z.string().nullable(),
  created_at: time,
  settled_at: time.nullable(),
  returned_at: time.nullable(),
  receipt_url: z.string(),
});
export type InvoicePaymentView = z.output<typeof invoicePaymentView>;

export const disputeMessageView = z.strictObject({
  id: z.uuid(),
  author: z.enum(['customer', 'staff']),
  author_name: z.string(),
  body: z.string(),
  created_at: time,
});
export type DisputeMessageView = z.output<typeof disputeMessageView>;

/** A dispute of an invoice (or of one of its charge lines), with its thread. */
export const disputeView = z.strictObject({
  id: z.uuid(),
  account_id: z.uuid(),
  account_name: z.string(),
  opened_by: teamPerson.nullable().meta({ description: 'Who of the account opened it' }),
  invoice_id: z.uuid(),
  invoice_number: z.string(),
  currency: z.string().meta({ description: "The invoice's currency, which the amounts are in" }),
  charge_code: z.string().nullable().meta({ description: "The disputed charge line's `key`; null for the whole invoice" }),
  charge_label: z.string().nullable().meta({ description: "The disputed charge line's name in the reader's language" }),
  reason: z.string(),
  amount_cents: cents('The amount disputed'),
  status: z.enum(DISPUTE_STATUSES),
  created_at: time,
  resolved_at: time.nullable(),
  resolution_note: z.string().nullable(),
  accepted_cents: z.number().int().nullable(),
  credit_memo: numbered.nullable(),
  messages: z.array(disputeMessageView),
});
export type DisputeView = z.output<typeof disputeView>;

const placeSummary = z.strictObject({
  company: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

/** One invoice with its charges, payments, disputes and credit memos. */
export const invoiceView = invoiceListItem.extend({
  account_name: z.string(),
  bill_to: z.strictObject({
    company: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    street1: z.string(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
  shipper: placeSummary.nullable(),
  consignee: placeSummary.nullable(),
  carrier_name: z.string().nullable(),
  scac: z.string().nullable(),
  mode: z.string().nullable(),
  pickup_date: z.iso.date().nullable(),
  delivered_at: time.nullable(),
  charges: z.array(invoiceChargeView),
  quoted_total_cents: cents('The shipment as quoted'),
  correction: z
    .strictObject({
      kind: z.enum(CORRECTION_KINDS),
      quoted_weight_lb: z.number(),
      invoiced_weight_lb: z.number(),
      quoted_class: z.number().nullable(),
      invoiced_class: z.number().nullable(),
    })
    .nullable()
    .meta({ description: "The carrier's reweigh or reclass that changed the invoice from the quote, if any" }),
  insured_value_cents: z.number().int(),
  deductible_cents: z.number().int(),
  related_invoice: numbered.nullable(),
  credit_memos: z
    .array(z.strictObject({ id: z.uuid(), number: z.string(), total_cents: z.number().int() }))
    .meta({ description: 'The credit memos that credit this invoice (an accepted dispute, a canceled prepaid booking), oldest first' }),
  payments: z.array(invoicePaymentView),
  disputes: z.array(disputeView),
  pdf_url: z.string(),
});
export type InvoiceView = z.output<typeof invoiceView>;

/** What is owed in one currency, by how late it is (an aging bucket each). */
const agingAmounts = {
  current: cents('Not yet due'),
  days_1_30: cents('1 to 30 days past due'),
  days_31_60: cents('31 to 60 days past due'),
  days_61_90: cents('61 to 90 days past due'),
  days_90_plus: cents('Over 90 days past due'),
} satisfies Record<AgingBucket, z.ZodType>;

const HOLD_REASONS = ['past_due', 'over_limit'] as const satisfies readonly HoldReason[];

/** GET /api/invoices/summary: what the account owes and how old it is, per currency (the user's first), and its credit. */
export const invoiceSummary = z.strictObject({
  currencies: z.array(z.strictObject({ currency: z.string(), ...agingAmounts, total_cents: cents('The open balance') })),
  credit: z.strictObject({
    payment_terms: z.enum(['credit', 'prepaid']),
    net_days: z.number().int(),
    grace_days: z.number().int(),
    credit_limit_cents: z.number().int(),
    used_cents: cents('Open balance less disputes, plus booked shipments not yet invoiced (USD)'),
    on_hold: z.boolean(),
    hold_reasons: z.array(z.enum(HOLD_REASONS)),
    manual_hold: z.boolean().meta({ description: 'A hold staff placed by hand: only staff lift it' }),
  }),
});
export type InvoiceSummary = z.output<typeof invoiceSummary>;

/** What a payment did (POST /api/invoice-payments and its confirm), with the invoices it paid as they are now. */
export const invoicePaymentResult = z.strictObject({
  id: z.uuid(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(INVOICE_PAYMENT_STATUSES),
  total_cents: cents('The whole payment'),
  currency: z.string(),
  last4: z.string().nullable(),
  receipt_url: z.string(),
  invoices: z.array(invoiceListItem),
});
export type InvoicePaymentResult = z.output<typeof invoicePaymentResult>;
