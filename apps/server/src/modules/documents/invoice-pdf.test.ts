import type { InvoiceView } from '@freight/contracts';
import { describe, expect, it } from 'vitest';
import { buildInvoicePdf } from './invoice-pdf';
import type { DocumentOptions } from './pdf';
import { pdfPages } from './pdf-text';
import { buildPaymentReceiptPdf, type PaymentReceipt } from './receipt-pdf';

const now = new Date('2026-12-01T15:00:00Z');
const en: DocumentOptions = { language: 'en', unitSystem: 'imperial', now };
const es: DocumentOptions = { language: 'es', unitSystem: 'metric', now };

/** Runs joined by single spaces (a wrapped line is two runs; Intl may write no-break spaces). */
const flat = (pages: { text: string }[]) => pages.map((p) => p.text.replace(/\s+/g, ' ')).join(' ');
const norm = (s: string) => s.replace(/\s+/g, ' ');
/** Each string must be in the text, and in that order. */
const expectInOrder = (text: string, expected: string[]) => {
  let from = 0;
  for (const s of expected.map(norm)) {
    const at = text.indexOf(s, from);
    expect(at, `"${s}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + s.length;
  }
};

const place = (company: string, city: string, state: string, postal_code: string) => ({ company, city, state, postal_code, country: 'US' });

/** A freight invoice the carrier reweighed: freight and fuel above the quote, a card payment, a dispute of the fuel line. */
const invoice: InvoiceView = {
  id: 'inv-1',
  number: 'INV-0001042',
  type: 'freight',
  status: 'disputed',
  shipment_id: 'shp-1',
  bol_number: 'BOL-2026-000812',
  pro_number: '0812334455',
  delivery_location: 'Dallas, TX',
  invoice_date: '2026-11-27',
  due_date: '2026-12-27',
  days_past_due: 0,
  aging_bucket: 'current',
  currency: 'USD',
  total_cents: 147_800,
  balance_cents: 123_456,
  pending_cents: 0,
  disputed_cents: 3_300,
  paid_at: null,
  payment_method: 'card',
  payment_last4: '4242',
  account_name: 'Demo Shipper Co',
  bill_to: {
    // A typed line break must not start a new line, nor anything else.
    company: 'Demo Shipper\nCo',
    name: 'Dana Shipper',
    email: 'ap@demo.test',
    phone: '312-555-0100',
    street1: '233 S Wacker Dr',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60606',
    country: 'US',
  },
  shipper: place('Chicago Dock', 'Chicago', 'IL', '60606'),
  consignee: place('Dallas Store', 'Dallas', 'TX', '75201'),
  carrier_name: 'Old Dominion Freight Line',
  scac: 'ODFL',
  mode: 'ltl',
  pickup_date: '2026-11-24',
  delivered_at: '2026-11-26T17:40:00Z',
  charges: [
    {
      key: 'freight',
      code: 'freight',
      label: 'Linehaul',
      detail: null,
      quoted_cents: 100_000,
      invoiced_cents: 115_000,
      variance_cents: 15_000,
    },
    {
      key: 'fuel',
      code: 'fuel',
      label: 'Fuel surcharge',
      detail: null,
      quoted_cents: 22_000,
      invoiced_cents: 25_300,
      variance_cents: 3_300,
    },
    { key: 'liftgate', code: 'liftgate', label: 'Liftgate', detail: null, quoted_cents: 7_500, invoiced_cents: 7_500, variance_cents: 0 },
  ],
  quoted_total_cents: 129_500,
  correction: { kind: 'reweigh', quoted_weight_lb: 1_000, invoiced_weight_lb: 1_150, quoted_class: 70, invoiced_class: 70 },
  insured_value_cents: 500_000,
  deductible_cents: 10_000,
  related_invoice: null,
  payments: [
    {
      id: 'pay-1',
      method: 'card',
      status: 'settled',
      amount_cents: 24_344,
      payment_total_cents: 24_344,
      card_brand: 'visa',
      last4: '4242',
      created_at: '2026-11-28T10:00:00Z',
      settled_at: '2026-11-28T10:00:00Z',
      returned_at: null,
      receipt_url: '/api/invoice-payments/pay-1/receipt',
    },
  ],
  disputes: [
    {
      id: 'dsp-1',
      account_id: 'acc-1',
      account_name: 'Demo Shipper Co',
      invoice_id: 'inv-1',
      invoice_number: 'INV-0001042',
      currency: 'USD',
      charge_code: 'fuel',
      charge_label: 'Fuel surcharge',
      reason: 'Weight\r\nnot <b>verified</b>',
      amount_cents: 3_300,
      status: 'open',
      created_at: '2026-11-29T09:00:00Z',
      resolved_at: null,
      resolution_note: null,
      accepted_cents: null,
      credit_memo: null,
      messages: [],
    },
  ],
  pdf_url: '/api/invoices/inv-1/pdf',
};

const receipt: PaymentReceipt = {
  id: '9f3c2a10-5b7e-4c1d-8e2f-0a1b2c3d4e5f',
  account_name: 'Demo Shipper Co',
  method: 'card',
  status: 'settled',
  card_brand: 'visa',
  last4: '4242',
  currency: 'USD',
  total_cents: 150_000,
  created_at: '2026-11-28T10:00:00Z',
  settled_at: '2026-11-28T10:00:00Z',
  invoices: [
    { number: 'INV-0001042', bol_number: 'BOL-2026-000812', amount_cents: 123_456, balance_after_cents: 0 },
    { number: 'INV-0001043', bol_number: null, amount_cents: 26_544, balance_after_cents: 1_000 },
  ],
};

const usd = (language: 'en' | 'es', cents: number) =>
  new Intl.NumberFormat(language === 'es' ? 'es-MX' : 'en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

describe('buildInvoicePdf', () => {
  it('sets out the invoice in English: numbers, parties, charges against the quote, correction, payments, disputes, balance', async () => {
    const pdf = await buildInvoicePdf(invoice, en);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ width: 612, height: 792 });
    const text = flat(pages);
    expectInOrder(text, [
      'Freight Portal',
      'INVOICE',
      'INV-0001042',
      'Type Freight invoice',
      'Status Disputed',
      'Invoice date 11/27/2026',
      'Due date 12/27/2026',
      'BOL number BOL-2026-000812',
      'Days past due 0',
      'PRO number 0812334455',
      'Carrier Old Dominion Freight Line (ODFL)',
      'Pickup date 11/24/2026',
      'Delivered 11/26/2026',
      'Bill to Demo Shipper Co Dana Shipper 233 S Wacker Dr Chicago, IL 60606',
      'Shipper Chicago Dock Chicago, IL 60606',
      'Consignee Dallas Store Dallas, TX 75201',
      'Charge Quoted Invoiced Difference',
      'Linehaul $1,000.00 $1,150.00 +$150.00',
      'Fuel surcharge $220.00 $253.00 +$33.00',
      'Liftgate $75.00 $75.00 —',
      'Quoted total $1,295.00',
      'Invoice total $1,478.00',
      'The carrier reweighed this shipment: booked 1,000 lb, found 1,150 lb.',
      'Insured shipment value $5,000.00; deductible $100.00.',
      'Payments applied',
      '11/28/2026 Card ending in 4242 Paid $243.44',
      'Disputes',
      '11/29/2026 Fuel surcharge Weight not <b>verified</b> Open $33.00',
      'Balance due $1,234.56',
    ]);
    // The typed line breaks are spaces: the company and the reason are each one run.
    const runs = pages[0]?.text.split('\n') ?? [];
    expect(runs).toContain('Demo Shipper Co');
    expect(runs).toContain('Weight not <b>verified</b>');
    expect(text).not.toContain('Processing');
  });

  it('is in Spanish, with the amounts and dates as Intl writes them for the language', async () => {
    expect(usd('es', 123_456)).toMatch(/^USD\s1,234\.56$/);
    const text = flat(await pdfPages(await buildInvoicePdf(invoice, es)));
    expectInOrder(text, [
      'FACTURA',
      'INV-0001042',
      'Tipo Factura de flete',
      'Estado En disputa',
      'Fecha de factura 27/11/2026',
      'Fecha de vencimiento 27/12/2026',
      'Días de atraso 0',
      'Transportista Old Dominion Freight Line (ODFL)',
      'Facturar a',
      'Remitente',
      'Destinatario',
      'Cargo Cotizado Facturado Diferencia',
      `Linehaul ${usd('es', 100_000)} ${usd('es', 115_000)} +${usd('es', 15_000)}`,
      `Total cotizado ${usd('es', 129_500)}`,
      `Total de la factura ${usd('es', 147_800)}`,
      'El transportista volvió a pesar este envío: reservado 1,000 lb (454 kg), encontrado 1,150 lb (522 kg).',
      'Pagos aplicados',
      `28/11/2026 Tarjeta terminada en 4242 Pagado ${usd('es', 24_344)}`,
      'Disputas',
      `Abierta ${usd('es', 3_300)}`,
      `Saldo pendiente ${usd('es', 123_456)}`,
    ]);
    expect(text).not.toContain('Balance due');
  });

  it('explains a reclass, leaves out what an invoice does not have, and shows a bank payment in process', async () => {
    const credit: InvoiceView = {
      ...invoice,
      type: 'adjustment',
      status: 'processing',
      correction: { kind: 'reclass', quoted_weight_lb: 1_000, invoiced_weight_lb: 1_000, quoted_class: 70, invoiced_class: 85 },
      insured_value_cents: 0,
      deductible_cents: 0,
      related_invoice: { id: 'inv-0', number: 'INV-0001041' },
      balance_cents: 0,
      pending_cents: 18_300,
      payments: [],
      disputes: [],
    };
    const text = flat(await pdfPages(await buildInvoicePdf(credit, en)));
    expectInOrder(text, [
      'Type Adjustment',
      'Status Processing',
      'Adjusts invoice INV-0001041',
      'The carrier reclassed this shipment: booked class 70, found class 85.',
      'Balance due $0.00',
      'Processing (bank payment) $183.00',
    ]);
    for (const absent of ['Insured shipment value', 'Payments applied', 'Disputes']) expect(text).not.toContain(absent);
  });
});

describe('buildPaymentReceiptPdf', () => {
  it('lists where a card payment went, in English', async () => {
    const pages = await pdfPages(await buildPaymentReceiptPdf(receipt, en));
    expect(pages).toHaveLength(1);
    expectInOrder(flat(pages), [
      'PAYMENT RECEIPT',
      '9F3C2A10',
      'Account Demo Shipper Co',
      'Date 11/28/2026',
      'Method Card ending in 4242',
      'Status Paid',
      'Applied to',
      'Invoice BOL number Amount Balance now',
      'INV-0001042 BOL-2026-000812 $1,234.56 $0.00',
      'INV-0001043 — $265.44 $10.00',
      'Total paid $1,500.00',
    ]);
  });

  it('says a pending bank payment is processing, in Spanish', async () => {
    const ach: PaymentReceipt = { ...receipt, method: 'ach', status: 'pending', card_brand: null, last4: '6789', settled_at: null };
    const text = flat(await pdfPages(await buildPaymentReceiptPdf(ach, es)));
    expectInOrder(text, [
      'RECIBO DE PAGO',
      'Fecha 28/11/2026',
      'Método Cuenta bancaria terminada en 6789',
      'Estado En proceso',
      'Este pago bancario está en proceso: se acredita en algunos días hábiles.',
      'Aplicado a',
      `INV-0001042 BOL-2026-000812 ${usd('es', 123_456)}`,
      `Total pagado ${usd('es', 150_000)}`,
    ]);
  });
});
