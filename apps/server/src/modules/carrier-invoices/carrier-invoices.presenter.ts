import type { CarrierInvoiceCarrierView, CarrierInvoiceSummaryView, CarrierInvoiceView } from '@freight/contracts';
import type { VarianceReasonCode } from '@freight/domain';
import type { CarrierInvoiceRow, CarrierInvoicesRepository } from './carrier-invoices.repository';

type Listed = NonNullable<Awaited<ReturnType<CarrierInvoicesRepository['find']>>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A carrier invoice as the staff's queue lists it. */
export function presentSummary({ invoice: r, carrier, shipment, accountName }: Listed): CarrierInvoiceSummaryView {
  return {
    id: r.id,
    invoice_number: r.invoiceNumber,
    status: r.status,
    source: r.source,
    carrier: carrier?.id ? { id: carrier.id, name: carrier.name, scac: carrier.scac } : null,
    billed_scac: r.billedScac,
    invoice_date: r.invoiceDate,
    pro_number: r.proNumber,
    bol_number: r.bolNumber,
    shipment:
      shipment?.id && shipment.accountId
        ? { id: shipment.id, bol_number: shipment.bolNumber, account_id: shipment.accountId, account_name: accountName ?? '' }
        : null,
    currency: r.currency,
    billed_cents: r.billedCents,
    expected_cents: r.expectedCents,
    variance_cents: r.expectedCents === null ? null : r.billedCents - r.expectedCents,
    reasons: r.reasons as VarianceReasonCode[],
    approved_cents: r.approvedCents,
    auto_approved: r.autoApproved,
    due_date: r.dueDate,
    paid_at: iso(r.paidAt),
    version: r.version,
    received_at: r.createdAt.toISOString(),
  };
}

/** The staff's page of one invoice: the summary, its lines, audit, decision, re-bill (done, or what approving would bill) and thread. */
export async function presentDetail(
  repo: CarrierInvoicesRepository,
  listed: Listed,
  rebillPreview: CarrierInvoiceView['rebill_preview'],
): Promise<CarrierInvoiceView> {
  const r = listed.invoice;
  const [messages, decidedBy, rebill] = await Promise.all([
    repo.messages(r.id),
    repo.userName(r.decidedBy),
    repo.invoiceNumberOf(r.rebillInvoiceId),
  ]);
  const a = r.audit;
  return {
    ...presentSummary(listed),
    billed_weight_lb: r.billedWeightLb,
    billed_class: r.billedClass,
    lines: r.lines,
    audit: a
      ? {
          expected_source: a.expected_source,
          booked_weight_lb: a.booked_weight_lb,
          booked_class: a.booked_class,
          inspection: a.inspection,
          lines: a.lines,
          reasons: a.reasons,
          factor: a.factor,
          corrected_cents: a.corrected_cents,
          unexplained_cents: a.unexplained_cents,
          tolerance_cents: a.tolerance_cents,
        }
      : null,
    decided_by: decidedBy,
    decided_at: iso(r.decidedAt),
    decision_note: r.decisionNote,
    rebill_invoice: rebill,
    rebill_preview: rebillPreview,
    payables_batch_id: r.payablesBatchId,
    paid_reference: r.paidReference,
    messages: messages.map(({ message: m, author }) => ({
      id: m.id,
      body: m.body,
      from_carrier: m.fromCarrier,
      author: m.fromCarrier ? null : author,
      created_at: m.createdAt.toISOString(),
    })),
  };
}

/** The carrier's own view (partner API): never the broker's audit, expected cost or staff names. */
export async function presentForCarrier(repo: CarrierInvoicesRepository, r: CarrierInvoiceRow): Promise<CarrierInvoiceCarrierView> {
  const messages = await repo.messages(r.id);
  return {
    id: r.id,
    invoice_number: r.invoiceNumber,
    status: r.status,
    pro_number: r.proNumber,
    bol_number: r.bolNumber,
    invoice_date: r.invoiceDate,
    currency: r.currency,
    billed_cents: r.billedCents,
    approved_cents: r.approvedCents,
    decision_note: r.status === 'short_paid' || r.status === 'paid' ? r.decisionNote : null,
    due_date: r.dueDate,
    paid_at: iso(r.paidAt),
    messages: messages.map(({ message: m }) => ({ body: m.body, from_carrier: m.fromCarrier, created_at: m.createdAt.toISOString() })),
  };
}
