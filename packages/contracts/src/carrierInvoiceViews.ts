import { CARRIER_INVOICE_STATUSES, type CarrierAuditLine, VARIANCE_REASON_CODES, type VarianceReason } from '@freight/domain';
import { z } from 'zod';
import { pageMetaView } from './paging';

/** What the staff's carrier invoice and payables routes answer (their requests are in carrierInvoices.ts). */
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
