import type { DisputeView, InvoiceListItem, InvoiceSummary, InvoiceView } from '@freight/contracts';

/** Test data of the invoice screens: an open freight invoice, changed by `over`. */
export const item = (over: Partial<InvoiceListItem>): InvoiceListItem => ({
  id: 'i1',
  number: 'INV-0100001',
  type: 'freight',
  status: 'open',
  shipment_id: 's1',
  bol_number: '06141410090000015',
  pro_number: '4100015838',
  references: [
    { type: 'po_number', value: 'PO-4471' },
    { type: 'so_number', value: 'SO-2290' },
  ],
  delivery_location: 'Dallas, TX',
  invoice_date: '2026-11-10',
  due_date: '2026-12-10',
  days_past_due: 0,
  aging_bucket: 'current',
  currency: 'USD',
  total_cents: 55_977,
  balance_cents: 55_977,
  pending_cents: 0,
  disputed_cents: 0,
  paid_at: null,
  payment_method: null,
  payment_last4: null,
  ...over,
});

/** An open invoice and one 8 days past due. */
export const ROWS = [
  item({}),
  item({
    id: 'i2',
    number: 'INV-0100002',
    status: 'past_due',
    days_past_due: 8,
    aging_bucket: 'days_1_30',
    balance_cents: 62_415,
    total_cents: 62_415,
  }),
];

/** ROWS aged, and the account held for the past-due one. */
export const SUMMARY: InvoiceSummary = {
  currencies: [
    { currency: 'USD', current: 55_977, days_1_30: 62_415, days_31_60: 0, days_61_90: 0, days_90_plus: 0, total_cents: 118_392 },
  ],
  credit: {
    payment_terms: 'credit',
    net_days: 30,
    grace_days: 10,
    credit_limit_cents: 2_500_000,
    used_cents: 118_392,
    on_hold: true,
    hold_reasons: ['past_due'],
    manual_hold: false,
  },
};

/** A reweighed invoice: the freight line and its fuel surcharge invoiced above the quote. */
export const DETAIL: InvoiceView = {
  ...item({ id: 'i9', number: 'INV-0100009', total_cents: 127_112, balance_cents: 127_112 }),
  account_name: 'Acme',
  bill_to: {
    company: 'Acme',
    name: 'Dana Shipper',
    email: 'd@acme.test',
    phone: '',
    street1: '1 Main',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60606',
    country: 'US',
  },
  shipper: { company: 'Acme', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' },
  consignee: { company: 'Peach', city: 'Atlanta', state: 'GA', postal_code: '30303', country: 'US' },
  carrier_name: 'Saia',
  scac: 'SAIA',
  mode: 'ltl',
  pickup_date: '2026-11-07',
  delivered_at: '2026-11-10T15:00:00.000Z',
  charges: [
    {
      key: 'freight:70',
      code: 'freight',
      label: 'Freight, class 70',
      detail: '70',
      quoted_cents: 98_000,
      invoiced_cents: 115_640,
      variance_cents: 17_640,
    },
    {
      key: 'fuel',
      code: 'fuel',
      label: 'Fuel surcharge',
      detail: null,
      quoted_cents: 9_722,
      invoiced_cents: 11_472,
      variance_cents: 1_750,
    },
  ],
  quoted_total_cents: 107_722,
  correction: { kind: 'reweigh', quoted_weight_lb: 1200, invoiced_weight_lb: 1416, quoted_class: 70, invoiced_class: 70 },
  insured_value_cents: 0,
  deductible_cents: 0,
  related_invoice: null,
  credit_memos: [],
  payments: [],
  disputes: [],
  pdf_url: '/api/invoices/i9/pdf',
};

/** A dispute of DETAIL's fuel line that staff accepted with a credit memo. */
export const RESOLVED_DISPUTE: DisputeView = {
  id: 'd1',
  account_id: 'acc',
  account_name: 'Acme',
  opened_by: { id: 'u1', name: 'Bea Billing' },
  invoice_id: 'i9',
  invoice_number: 'INV-0100009',
  currency: 'USD',
  charge_code: 'fuel',
  charge_label: 'Fuel surcharge',
  reason: 'Fuel follows the booked weight',
  amount_cents: 1_750,
  status: 'accepted',
  created_at: '2026-11-12T10:00:00Z',
  resolved_at: '2026-11-13T10:00:00Z',
  resolution_note: 'The carrier agreed.',
  accepted_cents: 1_750,
  credit_memo: { id: 'm7', number: 'INV-0100012' },
  messages: [{ id: 'x1', author: 'staff', author_name: 'Rosa', body: 'Checking with the carrier.', created_at: '2026-11-12T12:00:00Z' }],
};
