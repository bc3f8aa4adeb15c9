import type { InvoicePaymentStatus, PaymentMethod } from '@freight/domain';
import { type DocumentOptions, documentText, oneLine } from './pdf';
import { statementDocument } from './statement-pdf';

/** What a payment receipt shows: the payment and how much of it went to each invoice. */
export interface PaymentReceipt {
  id: string;
  account_name: string;
  method: PaymentMethod;
  status: InvoicePaymentStatus;
  card_brand: string | null;
  last4: string | null;
  currency: string;
  total_cents: number;
  created_at: string;
  settled_at: string | null;
  invoices: { number: string; bol_number: string | null; amount_cents: number; balance_after_cents: number }[];
}

/** A payment's receipt as a PDF, in the reader's language; a pending bank payment says it is processing. */
export async function buildPaymentReceiptPdf(r: PaymentReceipt, options: DocumentOptions): Promise<Buffer> {
  const x = documentText(options);
  const k = x.section('documents.invoice');
  const money = (cents: number) => x.money(cents, r.currency);
  const d = statementDocument(options, k('receipt_title'), r.id.slice(0, 8).toUpperCase());
  d.facts([
    [k('account'), oneLine(r.account_name)],
    [k('paid_on'), x.date(r.created_at)],
    [k('method'), k(`methods.${r.method}`, { last4: r.last4 ?? '' })],
    [k('payment_status'), k(`payment_statuses.${r.status}`)],
  ]);
  if (r.status === 'pending') d.note(k('receipt_pending'));
  d.heading(k('applied_to'));
  d.table(
    [
      { title: k('invoice'), width: 150 },
      { title: k('bol'), width: 150 },
      { title: k('amount'), width: 116, align: 'right' },
      { title: k('balance_after'), width: 116, align: 'right' },
    ],
    r.invoices.map((i) => [i.number, i.bol_number ?? '—', money(i.amount_cents), money(i.balance_after_cents)]),
  );
  d.total(k('total_paid'), money(r.total_cents), true);
  return d.finish();
}
