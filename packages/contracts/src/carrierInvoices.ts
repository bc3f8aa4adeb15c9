import {
  CARRIER_INVOICE_STATUSES,
  CARRIER_LINE_CODES,
  type CarrierAuditLine,
  VARIANCE_REASON_CODES,
  type VarianceReason,
} from '@freight/domain';
import { z } from 'zod';
import { isoDate, queryFlag, requiredText } from './fields';
import { CARRIER_INVOICE_SORTS } from './listSorts';
import { pageMetaView } from './paging';

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

/** A billed line as the carrier sent it. */
export const carrierInvoiceLineView = z.strictObject({ code: z.string(), description: z.string(), amount_cents: z.number().int() });
export type CarrierInvoiceLineView = z.output<typeof carrierInvoiceLineView>;

/** A message of an invoice's dispute thread, as staff read it. */
export const carrierInvoiceMessageView = z.strictObject({
  id: z.uuid(),
  body: z.string(),
  from_carrier: z.boolean().meta({ description: "The carrier's side (through the API, or recorded by staff), else staff" }),
  author: z.string().nullable().meta({ description: "The staff member's name; null for the carrier's side" }),
  created_at: z.iso.datetime(),
});
export type CarrierInvoiceMessageView = z.output<typeof carrierInvoiceMessageView>;

/** A carrier invoice as the queue lists it. */
export const carrierInvoiceSummaryView = z.strictObject({
  id: z.string(),
  invoice_number: z.string(),
  status: z.enum(CARRIER_INVOICE_STATUSES),
  source: z.enum(['csv', 'api', 'carrier_simulator']),
  carrier: z.strictObject({ id: z.string(), name: z.string(), scac: z.string() }).nullable(),
  billed_scac: z.string().meta({ description: 'The SCAC as the invoice gave it (an alias, or unknown)' }),
  invoice_date: z.string(),
  pro_number: z.string(),
  bol_number: z.string(),
  shipment: z.strictObject({ id: z.string(), bol_number: z.string(), account_id: z.string(), account_name: z.string() }).nullable(),
  currency: z.string(),
  billed_cents: z.number().int(),
  expected_cents: z.number().int().nullable().meta({ description: 'Null while unmatched' }),
  variance_cents: z.number().int().nullable(),
  reasons: z.array(z.enum(VARIANCE_REASON_CODES)),
  approved_cents: z.number().int().nullable(),
  auto_approved: z.boolean().meta({ description: 'Approved by itself at intake (within the tolerance), not by a person' }),
  due_date: z.string().nullable(),
  paid_at: z.string().nullable(),
  version: z.number().int().meta({
    description: "Optimistic concurrency: every action sends the version it read; another staff's action in between is a 409",
  }),
  received_at: z.string(),
});
export type CarrierInvoiceSummaryView = z.output<typeof carrierInvoiceSummaryView>;

/** One line of an invoice's audit: expected, corrected and billed. */
const carrierAuditLine = z.strictObject({
  key: z.string(),
  expected_cents: z.number().int(),
  corrected_cents: z.number().int().meta({ description: "The expected amount with the carrier's reweigh or reclass applied" }),
  billed_cents: z.number().int(),
  variance_cents: z.number().int(),
}) satisfies z.ZodType<CarrierAuditLine>;

/** A reason an invoice is not what was expected, with its figures. */
const varianceReason = z.discriminatedUnion('code', [
  z.strictObject({
    code: z.literal('reweigh'),
    booked_weight_lb: z.number(),
    billed_weight_lb: z.number(),
    inspected_weight_lb: z.number().nullable(),
    supported: z.boolean(),
  }),
  z.strictObject({
    code: z.literal('reclass'),
    booked_class: z.number().nullable(),
    billed_class: z.number(),
    inspected_class: z.number().nullable(),
    supported: z.boolean(),
  }),
  z.strictObject({ code: z.literal('accessorial_not_ordered'), accessorial: z.string(), amount_cents: z.number().int() }),
  z.strictObject({ code: z.literal('duplicate'), of: z.enum(['invoice_number', 'approved_invoice']) }),
  z.strictObject({ code: z.literal('amount_variance'), variance_cents: z.number().int(), tolerance_cents: z.number().int() }),
]) satisfies z.ZodType<VarianceReason>;

/** A carrier invoice as staff work it: the summary, its lines, audit, decision, re-bill and dispute thread. */
export const carrierInvoiceView = carrierInvoiceSummaryView.extend({
  billed_weight_lb: z.number().int().nullable(),
  billed_class: z.number().nullable(),
  lines: z.array(carrierInvoiceLineView),
  audit: z
    .strictObject({
      expected_source: z.enum(['cost', 'price']),
      booked_weight_lb: z.number(),
      booked_class: z.number().nullable(),
      inspection: z.strictObject({ weight_lb: z.number(), freight_class: z.number().nullable() }).nullable(),
      lines: z.array(carrierAuditLine),
      reasons: z.array(varianceReason),
      factor: z.number().nullable(),
      corrected_cents: z.number().int(),
      unexplained_cents: z.number().int(),
      tolerance_cents: z.number().int(),
    })
    .nullable()
    .meta({ description: 'The audit (null while unmatched): each line against the expected cost, and each reason explained' }),
  decided_by: z.string().nullable(),
  decided_at: z.iso.datetime().nullable(),
  decision_note: z.string().nullable().meta({ description: "The short-pay reason, or the approval's or resolution's note" }),
  rebill_invoice: z
    .strictObject({ id: z.uuid(), number: z.string(), total_cents: z.number().int() })
    .nullable()
    .meta({ description: "The shipper's adjustment invoice this approval re-billed, if any" }),
  rebill_preview: z.strictObject({ amount_cents: z.number().int(), currency: z.string() }).nullable().meta({
    description:
      "While it waits for approval: the adjustment the shipper would be billed if the billed amount were approved, in the shipper's invoice currency; null when that approval would re-bill nothing",
  }),
  payables_batch_id: z.uuid().nullable(),
  paid_reference: z.string().nullable(),
  messages: z.array(carrierInvoiceMessageView).meta({ description: 'The dispute thread, oldest first' }),
});
export type CarrierInvoiceView = z.output<typeof carrierInvoiceView>;

/** The queue's tabs: invoices per status, and those approved without a person (`auto=true`) whatever their status now. */
export const carrierInvoiceCounts = z.record(z.enum([...CARRIER_INVOICE_STATUSES, 'auto_approved']), z.number().int());
export type CarrierInvoiceCounts = z.output<typeof carrierInvoiceCounts>;

/** The staff's queue of carrier invoices: a page of them, and the count of each tab. */
export const carrierInvoiceListResponse = z.strictObject({
  data: z.array(carrierInvoiceSummaryView),
  meta: pageMetaView,
  counts: carrierInvoiceCounts.meta({
    description: "How many invoices each status has, and how many were approved by themselves (the queue's tabs)",
  }),
});
export type CarrierInvoiceListResponse = z.output<typeof carrierInvoiceListResponse>;

/** One invoice of an intake: what became of it. */
export const carrierInvoiceIntakeOutcome = z.strictObject({
  line: z.number().int().nullable().meta({ description: "The file's first line of the invoice (CSV), or null through the API" }),
  invoice_number: z.string(),
  id: z.uuid(),
  status: z.enum(CARRIER_INVOICE_STATUSES),
  reasons: z.array(z.enum(VARIANCE_REASON_CODES)),
});
export type CarrierInvoiceIntakeOutcome = z.output<typeof carrierInvoiceIntakeOutcome>;

/** An invoice of a CSV upload left out whole because one of its rows was refused: that row's line and first reason. */
export const carrierInvoiceRefused = z.strictObject({
  line: z.number().int(),
  invoice_number: z.string(),
  scac: z.string(),
  field: z.string().nullable(),
  message: z.string(),
});
export type CarrierInvoiceRefused = z.output<typeof carrierInvoiceRefused>;

/** What a carrier invoice CSV held: each invoice stored, the rows refused, and the invoices not stored because one of their rows was refused. */
export const carrierInvoiceImportReport = z.strictObject({
  rows_total: z.number().int(),
  rows_valid: z.number().int().meta({ description: 'The rows of the invoices stored' }),
  invoices: z.number().int(),
  by_status: z.partialRecord(z.enum(CARRIER_INVOICE_STATUSES), z.number().int()).meta({ description: 'Invoices per status' }),
  outcomes: z.array(carrierInvoiceIntakeOutcome),
  errors: z.array(z.strictObject({ line: z.number().int(), field: z.string().nullable(), message: z.string() })),
  refused_invoices: z.array(carrierInvoiceRefused),
});
export type CarrierInvoiceImportReport = z.output<typeof carrierInvoiceImportReport>;

/** The carrier's own view through the API: its invoice's status, what will be paid and the dispute thread; never the broker's audit. */
export const carrierInvoiceCarrierView = z.strictObject({
  id: z.uuid(),
  invoice_number: z.string(),
  status: z.enum(CARRIER_INVOICE_STATUSES),
  pro_number: z.string(),
  bol_number: z.string(),
  invoice_date: z.iso.date(),
  currency: z.string(),
  billed_cents: z.number().int(),
  approved_cents: z.number().int().nullable().meta({ description: 'What will be paid, once approved or short-paid' }),
  decision_note: z.string().nullable().meta({ description: 'Why less than billed is paid (short-pay), or the dispute’s resolution' }),
  due_date: z.iso.date().nullable(),
  paid_at: z.iso.datetime({ offset: true }).nullable(),
  messages: z
    .array(z.strictObject({ body: z.string(), from_carrier: z.boolean(), created_at: z.iso.datetime({ offset: true }) }))
    .meta({ description: 'The dispute thread, oldest first' }),
});
export type CarrierInvoiceCarrierView = z.output<typeof carrierInvoiceCarrierView>;

const payableCarrier = z.strictObject({ id: z.uuid(), name: z.string(), scac: z.string() });

const payablesBatchFields = {
  id: z.uuid(),
  number: z.number().int(),
  created_at: z.iso.datetime(),
  created_by: z.string().nullable().meta({ description: 'Who exported it, by name; null once they are gone' }),
  invoice_count: z.number().int(),
  totals: z.array(z.strictObject({ currency: z.string(), amount_cents: z.number().int() })).meta({ description: 'Totals per currency' }),
  paid_count: z.number().int(),
};

/** A payables batch: the approved invoices exported together, by carrier, due on the carrier's terms. */
export const payablesBatchView = z.strictObject({
  ...payablesBatchFields,
  carriers: z.array(
    z.strictObject({
      carrier: payableCarrier,
      currency: z.string(),
      amount_cents: z.number().int(),
      invoices: z.array(
        z.strictObject({
          id: z.uuid(),
          invoice_number: z.string(),
          due_date: z.iso.date().nullable().meta({ description: 'null when the invoice has no due date' }),
          amount_cents: z.number().int(),
          paid_at: z.iso.datetime().nullable(),
        }),
      ),
    }),
  ),
});
export type PayablesBatchView = z.output<typeof payablesBatchView>;

/** What is payable and not exported yet, and the batches so far (without their invoices). */
export const payablesView = z.strictObject({
  payable: z.array(
    z.strictObject({
      id: z.uuid(),
      invoice_number: z.string(),
      carrier: payableCarrier,
      currency: z.string(),
      amount_cents: z.number().int(),
      due_date: z.iso.date().nullable().meta({ description: 'null when the invoice has no due date' }),
    }),
  ),
  batches: z.array(z.strictObject(payablesBatchFields)),
});
export type PayablesView = z.output<typeof payablesView>;

/** How many invoices were marked paid. */
export const payablesPaidView = z.strictObject({ paid: z.number().int() });
export type PayablesPaidView = z.output<typeof payablesPaidView>;

/** The payables file's columns (GET /api/admin/carrier-payables/batches/:id/payables.csv). */
export const PAYABLES_CSV_COLUMNS = [
  'carrier_scac',
  'carrier_name',
  'invoice_number',
  'invoice_date',
  'due_date',
  'pro_number',
  'bol_number',
  'currency',
  'billed_cents',
  'amount_cents',
  'status',
] as const;
