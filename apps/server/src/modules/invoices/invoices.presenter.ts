import type {
  AccountAddress,
  DisputeMessageView,
  DisputeView,
  InvoiceChargeView,
  InvoiceListItem,
  InvoicePaymentView,
  InvoiceView,
  PlaceView,
  ShipmentReference,
} from '@freight/contracts';
import { agingBucket, daysPastDue, invoiceStatus, type Language, type PaymentMethod, WENT_THROUGH_PAYMENT_STATUSES } from '@freight/domain';
import type { InvoiceChargeLine } from '../../db/schema';
import { pageMeta } from '../../paging';
import { nameOfParts, type People, personOf } from '../../people';
import type { ShipmentRow } from '../shipments/shipments.service';
import { chargeLabel } from '../shipments/shipments.service';
import type { DisputeRow, InvoicePaymentRow, InvoiceRow } from './invoices.repository';

/** A charge line's name in a dispute: its code, and its detail when it has one ('freight:70'). */
export const chargeKey = (l: Pick<InvoiceChargeLine, 'code' | 'detail'>) => (l.detail ? `${l.code}:${l.detail}` : l.code);

export const invoicePdfUrl = (id: string) => `/api/invoices/${id}/pdf`;
export const receiptUrl = (id: string) => `/api/invoice-payments/${id}/receipt`;

/** The references of invoiced shipments by shipment id (`invoicesRepository.shipmentReferencesOf`). */
export type ReferencesByShipment = Map<string, ShipmentReference[]>;

export function presentInvoiceItem(
  row: InvoiceRow,
  today: string,
  references: ReferencesByShipment,
  paidWith?: { method: string; last4: string | null },
): InvoiceListItem {
  const days = row.balanceCents > 0 ? daysPastDue(row.dueDate, today) : 0;
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    status: invoiceStatus(row, today),
    shipment_id: row.shipmentId,
    bol_number: row.bolNumber,
    pro_number: row.proNumber,
    references: (row.shipmentId && references.get(row.shipmentId)) || [],
    delivery_location: row.deliveryLocation,
    invoice_date: row.invoiceDate,
    due_date: row.dueDate,
    days_past_due: days,
    aging_bucket: agingBucket(days),
    currency: row.currency,
    total_cents: row.totalCents,
    balance_cents: row.balanceCents,
    pending_cents: row.pendingCents,
    disputed_cents: row.disputedCents,
    paid_at: row.paidAt?.toISOString() ?? null,
    payment_method: (paidWith?.method as PaymentMethod | undefined) ?? null,
    payment_last4: paidWith?.last4 ?? null,
  };
}

export function presentInvoicePage(
  rows: InvoiceRow[],
  count: { total: number; capped: boolean },
  page: number,
  perPage: number,
  today: string,
  references: ReferencesByShipment,
  methods?: Map<string, { method: string; last4: string | null }>,
) {
  return {
    data: rows.map((r) => presentInvoiceItem(r, today, references, methods?.get(r.id))),
    meta: pageMeta(count.total, page, perPage, count.capped),
  };
}

export function presentCharges(lines: InvoiceChargeLine[], language: Language): InvoiceChargeView[] {
  return lines.map((l) => ({
    key: chargeKey(l),
    code: l.code,
    label: chargeLabel({ code: l.code as never, label: l.label, detail: l.detail ?? undefined }, language),
    detail: l.detail,
    quoted_cents: l.quoted_cents,
    invoiced_cents: l.invoiced_cents,
    variance_cents: l.invoiced_cents - l.quoted_cents,
  }));
}

/** A payment of an invoice, naming who of the account paid (`people`: usersService.people). */
export function presentPayment(p: InvoicePaymentRow, allocated: number, people: People): InvoicePaymentView {
  return {
    id: p.id,
    paid_by: personOf(people, p.userId, p.accountId),
    method: p.method,
    status: p.status,
    amount_cents: allocated,
    payment_total_cents: p.amountCents,
    card_brand: p.cardBrand,
    last4: p.last4,
    created_at: p.createdAt.toISOString(),
    settled_at: p.settledAt?.toISOString() ?? null,
    returned_at: p.returnedAt?.toISOString() ?? null,
    receipt_url: receiptUrl(p.id),
  };
}

export interface MessageRow {
  message: { id: string; disputeId: string; staff: boolean; body: string; createdAt: Date };
  firstName: string | null;
  lastName: string | null;
}

/** What a dispute's view names of its invoice and account. */
export interface DisputeContext {
  number: string;
  currency: string;
  charges: InvoiceChargeLine[];
  accountName: string;
}

export function presentDispute(
  d: DisputeRow,
  invoice: DisputeContext,
  messages: MessageRow[],
  memoNumber: string | null,
  language: Language,
  /** Names who of the account opened it (usersService.people). */
  people: People,
): DisputeView {
  const line = d.chargeCode ? invoice.charges.find((l) => chargeKey(l) === d.chargeCode) : undefined;
  return {
    id: d.id,
    opened_by: personOf(people, d.userId, d.accountId),
    account_id: d.accountId,
    account_name: invoice.accountName,
    invoice_id: d.invoiceId,
    invoice_number: invoice.number,
    currency: invoice.currency,
    charge_code: d.chargeCode,
    charge_label: line ? (presentCharges([line], language)[0]?.label ?? null) : null,
    reason: d.reason,
    amount_cents: d.amountCents,
    status: d.status,
    created_at: d.createdAt.toISOString(),
    resolved_at: d.resolvedAt?.toISOString() ?? null,
    resolution_note: d.resolutionNote,
    accepted_cents: d.acceptedCents,
    credit_memo: d.creditMemoId && memoNumber ? { id: d.creditMemoId, number: memoNumber } : null,
    messages: messages
      .filter((m) => m.message.disputeId === d.id)
      .map(
        (m): DisputeMessageView => ({
          id: m.message.id,
          author: m.message.staff ? 'staff' : 'customer',
          author_name: nameOfParts(m.firstName, m.lastName),
          body: m.message.body,
          created_at: m.message.createdAt.toISOString(),
        }),
      ),
  };
}

const placeSummary = (p: PlaceView | undefined) =>
  p ? { company: p.company, city: p.city, state: p.state, postal_code: p.postal_code, country: p.country } : null;

export interface InvoiceViewParts {
  row: InvoiceRow;
  today: string;
  language: Language;
  account: { name: string; billingAddress: AccountAddress | null; companyAddress: AccountAddress | null };
  shipment: ShipmentRow | undefined;
  payments: { payment: InvoicePaymentRow; allocated: number }[];
  /** Who paid. */
  people: People;
  disputes: DisputeView[];
  related: { id: string; number: string } | null;
  creditMemos: { id: string; number: string; totalCents: number }[];
}

export function presentInvoice(p: InvoiceViewParts): InvoiceView {
  const { row, shipment: s } = p;
  const settled = p.payments.filter((x) => (WENT_THROUGH_PAYMENT_STATUSES as readonly string[]).includes(x.payment.status));
  const last = settled.at(-1)?.payment;
  const bill = p.account.billingAddress ?? p.account.companyAddress;
  return {
    ...presentInvoiceItem(
      row,
      p.today,
      new Map(s ? [[s.id, s.references as ShipmentReference[]]] : []),
      last ? { method: last.method, last4: last.last4 } : undefined,
    ),
    account_name: p.account.name,
    bill_to: {
      company: bill?.company ?? p.account.name,
      name: nameOfParts(bill?.first_name, bill?.last_name),
      email: bill?.email ?? '',
      phone: bill?.phone ?? '',
      street1: bill?.street1 ?? '',
      city: bill?.city ?? '',
      state: bill?.state ?? '',
      postal_code: bill?.postal_code ?? '',
      country: bill?.country ?? '',
    },
    shipper: placeSummary(s?.pickup as PlaceView | undefined),
    consignee: placeSummary(s?.delivery as PlaceView | undefined),
    carrier_name: s?.carrierName ?? null,
    scac: s?.scac ?? null,
    mode: s?.mode ?? null,
    pickup_date: s?.pickupDate ?? null,
    delivered_at: s?.deliveredAt?.toISOString() ?? null,
    charges: presentCharges(row.charges, p.language),
    quoted_total_cents: row.quotedTotalCents,
    correction: row.correction,
    insured_value_cents: row.insuredValueCents,
    deductible_cents: row.deductibleCents,
    related_invoice: p.related,
    credit_memos: p.creditMemos.map((m) => ({ id: m.id, number: m.number, total_cents: m.totalCents })),
    payments: p.payments.map((x) => presentPayment(x.payment, x.allocated, p.people)),
    disputes: p.disputes,
    pdf_url: invoicePdfUrl(row.id),
  };
}
