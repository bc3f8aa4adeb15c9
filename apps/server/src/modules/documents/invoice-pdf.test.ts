import type { InvoiceView } from '@freight/contracts';
import { describe, expect, it } from 'vitest';
import { invoice, receipt } from './document-fixtures';
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

const usd = (language: 'en' | 'es', cents: number) =>
  new Intl.NumberFormat(language === 'es' ? 'es-MX' : 'en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

describe('buildInvoicePdf', () => {
  it('sets out the invoice in English: numbers, parties, charges against the quote, correction, payments, disputes, balance', async () => {
    const pdf = await buildInvoicePdf(invoice, [], en);
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
    const text = flat(
      await pdfPages(
        await buildInvoicePdf(
          invoice,
          [
            { type: 'po_number', value: 'PO-88412' },
            { type: 'so_number', value: 'SO-2291' },
          ],
          es,
        ),
      ),
    );
    expectInOrder(text, [
      'FACTURA',
      'INV-0001042',
      'Tipo Factura de flete',
      'Estado En disputa',
      'Fecha de factura 27/11/2026',
      'Fecha de vencimiento 27/12/2026',
      'Días de atraso 0',
      'Transportista Old Dominion Freight Line (ODFL)',
      'Referencias: Número de orden de compra: PO-88412 · Número de orden de venta: SO-2291',
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
    const text = flat(await pdfPages(await buildInvoicePdf(credit, [], en)));
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
