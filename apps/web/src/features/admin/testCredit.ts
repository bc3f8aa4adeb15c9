import type { AdminCreditView, DisputeView, InvoiceListItem, InvoiceView } from '@freight/contracts';

/** Test data: an open dispute of the fuel line of INV-0100003 (account a1). */
export const DISPUTE: DisputeView = {
  id: 'd1',
  account_id: 'a1',
  account_name: 'Acme Freight',
  opened_by: { id: 'u1', name: 'Bea Billing' },
  invoice_id: 'i1',
  invoice_number: 'INV-0100003',
  currency: 'USD',
  charge_code: 'fuel',
  charge_label: 'Fuel surcharge',
  reason: 'Appointment missed by the carrier',
  amount_cents: 43_970,
  status: 'open',
  created_at: '2026-11-02T10:00:00Z',
  resolved_at: null,
  resolution_note: null,
  accepted_cents: null,
  credit_memo: null,
  messages: [{ id: 'm1', author: 'customer', author_name: 'Rosa Díaz', body: 'We waited all day.', created_at: '2026-11-02T10:05:00Z' }],
};

/** Test data: account a1 held by the rule (an invoice past due), with one automatic record entry and the open dispute. */
export const CREDIT: AdminCreditView = {
  account_id: 'a1',
  account_name: 'Acme Freight',
  status: 'credit_hold',
  summary: {
    currencies: [
      { currency: 'USD', current: 10_000, days_1_30: 0, days_31_60: 43_970, days_61_90: 0, days_90_plus: 0, total_cents: 53_970 },
    ],
    credit: {
      payment_terms: 'credit',
      net_days: 30,
      grace_days: 10,
      credit_limit_cents: 2_500_000,
      used_cents: 10_000,
      on_hold: true,
      hold_reasons: ['past_due'],
      manual_hold: false,
    },
  },
  events: [{ id: 'e1', kind: 'hold_placed', source: 'auto', reason: 'past_due', by: null, created_at: '2026-11-20T10:00:00Z' }],
  open_disputes: [DISPUTE],
};

/** Test data: an open invoice of account a1 as its list shows it. */
export function makeInvoice(overrides: Partial<InvoiceListItem> = {}): InvoiceListItem {
  return {
    id: 'i1',
    number: 'INV-0100003',
    type: 'freight',
    status: 'disputed',
    shipment_id: 's1',
    bol_number: 'BOL-1',
    pro_number: null,
    references: [
      { type: 'po_number', value: 'PO-88' },
      { type: 'shipper_reference', value: 'Aisle 9' },
    ],
    delivery_location: 'Atlanta, GA',
    invoice_date: '2026-09-01',
    due_date: '2026-10-01',
    days_past_due: 50,
    aging_bucket: 'days_31_60',
    currency: 'USD',
    total_cents: 43_970,
    balance_cents: 43_970,
    pending_cents: 0,
    disputed_cents: 43_970,
    paid_at: null,
    payment_method: null,
    payment_last4: null,
    ...overrides,
  };
}

/** Test data: INV-0100003 (the disputed one) as GET /api/admin/invoices/i1 answers it. */
export const INVOICE_VIEW: InvoiceView = {
  ...makeInvoice(),
  account_name: 'Acme Freight',
  bill_to: {
    company: 'Acme Freight',
    name: 'Rosa Díaz',
    email: 'rosa@acme.test',
    phone: '',
    street1: '1 Main',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60606',
    country: 'US',
  },
  shipper: null,
  consignee: null,
  carrier_name: 'Saia',
  scac: 'SAIA',
  mode: 'ltl',
  pickup_date: '2026-08-28',
  delivered_at: '2026-08-31T15:00:00.000Z',
  charges: [
    {
      key: 'freight:70',
      code: 'freight',
      label: 'Freight, class 70',
      detail: '70',
      quoted_cents: 40_000,
      invoiced_cents: 40_000,
      variance_cents: 0,
    },
    { key: 'fuel', code: 'fuel', label: 'Fuel surcharge', detail: null, quoted_cents: 3_970, invoiced_cents: 3_970, variance_cents: 0 },
  ],
  quoted_total_cents: 43_970,
  correction: null,
  insured_value_cents: 0,
  deductible_cents: 0,
  related_invoice: null,
  credit_memos: [],
  payments: [],
  disputes: [DISPUTE],
  pdf_url: '/api/invoices/i1/pdf',
};
