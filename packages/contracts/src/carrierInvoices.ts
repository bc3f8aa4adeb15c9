import { CARRIER_INVOICE_STATUSES, CARRIER_LINE_CODES, VARIANCE_REASON_CODES } from '@freight/domain';
import { z } from 'zod';
import { isoDate, queryFlag, requiredText } from './fields';
import { CARRIER_INVOICE_SORTS } from './listSorts';

/**
 * Carrier invoices (what carriers bill the broker: EDI 210 freight invoices) and payables. Staff
 * only (accounting and the admins, `canAuditCarrierInvoices`), and the carrier's own side through
 * the partner API. Money is integer cents in the invoice's currency. These are the broker's cost:
 * no customer answer, webhook or PDF carries them.
 */

const cents = z
  .number({ error: 'validation.required' })
  .int({ error: 'validation.integer' })
  .min(-100_000_000, { error: 'validation.too_small' })
  .max(100_000_000, { error: 'validation.too_large' });
const positiveCents = cents.min(1, { error: 'validation.positive' });
const reference = z.string().trim().max(40, { error: 'validation.too_long' });
const version = z.number({ error: 'validation.required' }).int({ error: 'validation.integer' }).min(1, { error: 'validation.positive' });

/** A freight class of the NMFC scale (50 to 500). */
const freightClass = z
  .number({ error: 'validation.freight_class' })
  .min(50, { error: 'validation.freight_class' })
  .max(500, { error: 'validation.freight_class' });
const weight = z
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(1, { error: 'validation.positive' })
  .max(200_000, { error: 'validation.too_large' });

/** One billed line (the 210's L1, with L0/L5 for weight and class at the invoice level). */
export const carrierInvoiceLine = z.object({
  code: z.enum(CARRIER_LINE_CODES, { error: 'validation.carrier_line_code' }),
  description: z.string().trim().max(120, { error: 'validation.too_long' }).default(''),
  amount_cents: cents,
});
export type CarrierInvoiceLineInput = z.input<typeof carrierInvoiceLine>;

/**
 * POST /api/v1/carrier-invoices (scope carrier_invoices:write): a carrier's freight invoice, the
 * EDI 210's segments in plain JSON names.
 * - B3 (invoice header): `invoice_number`, `pro_number` (the shipment id the carrier knows),
 *   `amount_due_cents`, `invoice_date`; `currency` (C3);
 * - N9 (references): `bol_number`;
 * - L0/L5 (weight and description as billed): `weight_lb`, `freight_class`;
 * - L1 (rates and charges): `lines`, each a charge `code` (ours: freight for the linehaul, discount,
 *   minimum, fuel, surcharge, insurance or an accessorial's code), `description`, `amount_cents`;
 * - L3 (totals): the lines must add up to `amount_due_cents`.
 * `scac` names the carrier (its own SCAC or an alias); a carrier partner may leave it out.
 * A PRO or a BOL (or both) is required to match the invoice to a shipment.
 */
export const carrierInvoice210 = z
  .object({
    invoice_number: requiredText('validation.required', 40),
    scac: z.string().trim().max(10, { error: 'validation.scac' }).optional().default(''),
    invoice_date: isoDate,
    pro_number: reference.optional().default(''),
    bol_number: reference.optional().default(''),
    currency: z.enum(['USD', 'CAD', 'MXN'], { error: 'validation.choice' }).default('USD'),
    weight_lb: weight.nullable().optional().default(null),
    freight_class: freightClass.nullable().optional().default(null),
    amount_due_cents: cents,
    lines: z
      .array(carrierInvoiceLine, { error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(50, { error: 'validation.too_many' }),
  })
  .refine((v) => v.pro_number !== '' || v.bol_number !== '', { path: ['pro_number'], error: 'validation.pro_or_bol_required' })
  .refine((v) => v.lines.reduce((s, l) => s + l.amount_cents, 0) === v.amount_due_cents, {
    path: ['amount_due_cents'],
    error: 'validation.amount_due_mismatch',
  });
export type CarrierInvoice210 = z.output<typeof carrierInvoice210>;
export type CarrierInvoice210Input = z.input<typeof carrierInvoice210>;

/**
 * The columns of the staff's CSV upload (POST /api/admin/carrier-invoices/import): one row per
 * billed line; the rows of one invoice (same scac and invoice_number) repeat its header columns.
 */
export const CARRIER_INVOICE_CSV_COLUMNS = [
  'invoice_number',
  'scac',
  'invoice_date',
  'pro_number',
  'bol_number',
  'currency',
  'weight_lb',
  'freight_class',
  'code',
  'description',
  'amount_cents',
] as const;

/** GET /api/admin/carrier-invoices: the queue, by status (every status by default), searched by invoice, PRO or BOL number. */
export const carrierInvoiceListQuery = z.object({
  status: z.enum(CARRIER_INVOICE_STATUSES, { error: 'validation.choice' }).optional(),
  carrier_id: z.uuid({ error: 'validation.choice' }).optional(),
  /** Invoices whose audit found this reason among others. */
  reason: z.enum(VARIANCE_REASON_CODES, { error: 'validation.choice' }).optional(),
  /** `true`: the invoices approved without a person (within the tolerance), whatever became of them since; `false`: the others. */
  auto: queryFlag,
  q: z.string().trim().max(64, { error: 'validation.too_long' }).optional(),
  sort: z.enum(CARRIER_INVOICE_SORTS, { error: 'validation.choice' }).default('received'),
  dir: z.enum(['asc', 'desc'], { error: 'validation.choice' }).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type CarrierInvoiceListQuery = z.output<typeof carrierInvoiceListQuery>;

/** POST .../:id/match: a person matches an unmatched invoice to a shipment of the invoice's carrier by its BOL or PRO. */
export const carrierInvoiceMatchRequest = z.object({ version, number: requiredText('validation.required', 40) });
/** POST .../:id/approve: pay what was billed, or the audited amount (the expected cost with the correction, no accessorial not ordered). */
export const carrierInvoiceApproveRequest = z.object({
  version,
  amount: z.enum(['billed', 'corrected'], { error: 'validation.choice' }).default('billed'),
  note: z.string().trim().max(2000, { error: 'validation.too_long' }).default(''),
});
/** POST .../:id/short-pay: pay less than billed, saying why (the carrier reads the reason). */
export const carrierInvoiceShortPayRequest = z.object({
  version,
  amount_cents: positiveCents,
  reason: requiredText('validation.reason_required', 2000),
});
/** POST .../:id/dispute: send it back to the carrier with the first message of the thread. */
export const carrierInvoiceDisputeRequest = z.object({ version, message: requiredText('validation.required', 4000) });
/** POST .../:id/messages: a staff message in the dispute thread, or the carrier's reply staff record (`from_carrier`). */
export const carrierInvoiceMessageRequest = z.object({
  body: requiredText('validation.required', 4000),
  from_carrier: z.boolean({ error: 'validation.choice' }).default(false),
});
/** POST /api/v1/carrier-invoices/:id/messages: the carrier's answer in the dispute thread. */
export const carrierDisputeReplyRequest = z.object({ body: requiredText('validation.required', 4000) });
/** POST .../:id/resolve: a dispute settled at the amount agreed with the carrier. */
export const carrierInvoiceResolveRequest = z.object({
  version,
  amount_cents: positiveCents,
  note: requiredText('validation.required', 2000),
});
export type CarrierInvoiceApproveRequest = z.output<typeof carrierInvoiceApproveRequest>;
export type CarrierInvoiceShortPayRequest = z.output<typeof carrierInvoiceShortPayRequest>;
export type CarrierInvoiceDisputeRequest = z.output<typeof carrierInvoiceDisputeRequest>;
export type CarrierInvoiceMessageRequest = z.output<typeof carrierInvoiceMessageRequest>;
export type CarrierInvoiceResolveRequest = z.output<typeof carrierInvoiceResolveRequest>;
export type CarrierInvoiceMatchRequest = z.output<typeof carrierInvoiceMatchRequest>;

/** POST /api/admin/carrier-payables/batches: export what is payable now (every carrier, or the ids given). */
export const payablesBatchRequest = z.object({
  invoice_ids: z
    .array(z.uuid({ error: 'validation.choice' }))
    .max(5_000, { error: 'validation.too_many' })
    .optional(),
});
/** POST /api/admin/carrier-payables/paid: mark a batch's invoices paid, or the ones selected. */
export const payablesPaidRequest = z
  .object({
    batch_id: z.uuid({ error: 'validation.choice' }).optional(),
    invoice_ids: z
      .array(z.uuid({ error: 'validation.choice' }))
      .min(1, { error: 'validation.required' })
      .max(5_000)
      .optional(),
    reference: z.string().trim().max(80, { error: 'validation.too_long' }).default(''),
  })
  .refine((v) => (v.batch_id === undefined) !== (v.invoice_ids === undefined), {
    path: ['batch_id'],
    error: 'validation.batch_or_invoices',
  });
export type PayablesBatchRequest = z.output<typeof payablesBatchRequest>;
export type PayablesPaidRequest = z.output<typeof payablesPaidRequest>;
