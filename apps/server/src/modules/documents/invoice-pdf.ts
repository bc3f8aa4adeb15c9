import type { InvoiceView, ShipmentReference } from '@freight/contracts';
import { formatAddressLines } from '@freight/domain';
import { type DocumentOptions, documentText, oneLine } from './pdf';
import { statementDocument } from './statement-pdf';

/**
 * The invoice as a PDF, in the reader's language: number, type, dates, status and
 * aging; the shipment's numbers and every reference the shipper gave it; bill-to, shipper and consignee; each charge quoted beside
 * invoiced with the difference (a carrier's reweigh or reclass explained); insurance; the
 * payments applied; the disputes; and the balance due. What a user typed is set as text only.
 */
export async function buildInvoicePdf(inv: InvoiceView, references: ShipmentReference[], options: DocumentOptions): Promise<Buffer> {
  const x = documentText(options);
  const k = x.section('documents.invoice');
  const money = (cents: number) => x.money(cents, inv.currency);
  const signed = (cents: number) => (cents > 0 ? `+${money(cents)}` : money(cents));
  const d = statementDocument(options, k('title'), inv.number);

  d.facts([
    [k('type'), k(`types.${inv.type}`)],
    [k('status'), k(`statuses.${inv.status}`)],
    [k('invoice_date'), x.date(inv.invoice_date)],
    [k('due_date'), x.date(inv.due_date)],
    [k('bol'), inv.bol_number ?? ''],
    [k('days_past_due'), String(inv.days_past_due)],
    [k('pro'), inv.pro_number ?? ''],
    [k('carrier'), oneLine([inv.carrier_name, inv.scac && `(${inv.scac})`].filter(Boolean).join(' '))],
    [k('pickup_date'), inv.pickup_date ? x.date(inv.pickup_date) : ''],
    [k('delivered'), inv.delivered_at ? x.date(inv.delivered_at) : ''],
    ...(inv.related_invoice ? [[k('related'), inv.related_invoice.number] as [string, string]] : []),
  ]);
  if (references.length) d.note(`${k('references')}: ${references.map(x.reference).join('   ·   ')}`);
  const b = inv.bill_to;
  // Addresses as every document writes them (formatAddressLines); the shipper and consignee are known by their city only.
  const place = (p: InvoiceView['shipper']) =>
    p ? [p.company, ...formatAddressLines({ ...p, street1: '' }, { language: options.language })].map(oneLine) : [];
  d.blocks([
    {
      title: k('bill_to'),
      // The account's own address: no country line for its reader.
      lines: [b.company, b.name, ...formatAddressLines(b, { language: options.language, homeCountry: b.country }), b.email]
        .map(oneLine)
        .filter(Boolean),
    },
    { title: k('shipper'), lines: place(inv.shipper) },
    { title: k('consignee'), lines: place(inv.consignee) },
  ]);

  d.heading(k('charges'));
  d.table(
    [
      { title: k('charge'), width: 200 },
      { title: k('quoted'), width: 112, align: 'right' },
      { title: k('invoiced'), width: 112, align: 'right' },
      { title: k('difference'), width: 108, align: 'right' },
    ],
    inv.charges.map((c) => [c.label, money(c.quoted_cents), money(c.invoiced_cents), c.variance_cents ? signed(c.variance_cents) : '—']),
    (row, col) => col === 3 && (inv.charges[row]?.variance_cents ?? 0) !== 0,
  );
  d.total(k('quoted_total'), money(inv.quoted_total_cents));
  d.total(k('invoice_total'), money(inv.total_cents));
  if (inv.correction) {
    const c = inv.correction;
    d.note(
      k(`correction.${c.kind}`, {
        booked_weight: x.weight(c.quoted_weight_lb),
        found_weight: x.weight(c.invoiced_weight_lb),
        booked_class: c.quoted_class ?? '—',
        found_class: c.invoiced_class ?? '—',
      }),
    );
  }
  if (inv.insured_value_cents > 0) {
    d.note(k('insurance', { value: money(inv.insured_value_cents), deductible: money(inv.deductible_cents) }));
  }

  if (inv.payments.length) {
    d.heading(k('payments'));
    d.table(
      [
        { title: k('paid_on'), width: 120 },
        { title: k('method'), width: 200 },
        { title: k('payment_status'), width: 110 },
        { title: k('amount'), width: 102, align: 'right' },
      ],
      inv.payments.map((p) => [
        x.date(p.created_at),
        k(`methods.${p.method}`, { last4: p.last4 ?? '' }),
        k(`payment_statuses.${p.status}`),
        money(p.amount_cents),
      ]),
    );
  }
  if (inv.disputes.length) {
    d.heading(k('disputes'));
    d.table(
      [
        { title: k('opened_on'), width: 76 },
        { title: k('charge'), width: 120 },
        { title: k('reason'), width: 166 },
        { title: k('payment_status'), width: 80 },
        { title: k('amount'), width: 90, align: 'right' },
      ],
      inv.disputes.map((s) => [
        x.date(s.created_at),
        s.charge_label ?? k('whole_invoice'),
        oneLine(s.reason),
        k(`dispute_statuses.${s.status}`),
        money(s.amount_cents),
      ]),
    );
  }
  d.gap(6);
  d.total(k('balance_due'), money(inv.balance_cents), true);
  if (inv.pending_cents > 0) d.total(k('processing'), money(inv.pending_cents));
  return d.finish();
}
