import type { CarrierInvoiceListResponse, CarrierInvoiceSummaryView, CarrierInvoiceView } from '@freight/contracts';

/** Test data: a carrier invoice waiting for audit, a reweigh of a Demo Shipper Co shipment the inspection supports ($115.00 re-billed if approved). */
export function makeCarrierInvoice(over: Partial<CarrierInvoiceView> = {}): CarrierInvoiceView {
  return {
    id: 'ci1',
    invoice_number: 'SAIA-9001',
    status: 'pending_audit',
    source: 'csv',
    carrier: { id: 'c1', name: 'Saia', scac: 'SAIA' },
    billed_scac: 'SAIA',
    invoice_date: '2026-11-20',
    pro_number: '4100118785',
    bol_number: '06141410090000145',
    shipment: { id: 's1', bol_number: '06141410090000145', account_id: 'a1', account_name: 'Demo Shipper Co' },
    currency: 'USD',
    billed_cents: 50_000,
    expected_cents: 40_000,
    variance_cents: 10_000,
    reasons: ['reweigh'],
    approved_cents: null,
    due_date: null,
    paid_at: null,
    version: 3,
    received_at: '2026-11-21T15:00:00Z',
    billed_weight_lb: 1250,
    billed_class: 70,
    lines: [
      { code: 'freight', description: 'Linehaul', amount_cents: 45_000 },
      { code: 'fuel', description: '', amount_cents: 5_000 },
    ],
    audit: {
      expected_source: 'cost',
      booked_weight_lb: 1000,
      booked_class: 70,
      inspection: { weight_lb: 1260, freight_class: null },
      lines: [
        { key: 'freight', expected_cents: 36_000, corrected_cents: 45_000, billed_cents: 45_000, variance_cents: 9_000 },
        { key: 'fuel', expected_cents: 4_000, corrected_cents: 5_000, billed_cents: 5_000, variance_cents: 1_000 },
      ],
      reasons: [{ code: 'reweigh', booked_weight_lb: 1000, billed_weight_lb: 1250, inspected_weight_lb: 1260, supported: true }],
      factor: 1.25,
      corrected_cents: 50_000,
      unexplained_cents: 0,
      tolerance_cents: 800,
    },
    auto_approved: false,
    decided_by: null,
    decided_at: null,
    decision_note: null,
    rebill_invoice: null,
    rebill_preview: { amount_cents: 11_500, currency: 'USD' },
    payables_batch_id: null,
    paid_reference: null,
    messages: [],
    ...over,
  };
}

/** The queue's answer holding these invoices. */
export function makeCarrierInvoiceList(rows: CarrierInvoiceSummaryView[]): CarrierInvoiceListResponse {
  return {
    data: rows,
    meta: { current_page: 1, per_page: 25, total: rows.length, last_page: 1 },
    counts: { unmatched: 1, pending_audit: rows.length, disputed: 0, approved: 4, short_paid: 0, paid: 2, duplicate: 0, auto_approved: 3 },
  };
}
