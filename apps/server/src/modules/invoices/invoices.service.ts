import type { DisputeView, InvoiceHistoryQuery, InvoiceListQuery, InvoiceView } from '@freight/contracts';
import { addCalendarDays, type Language } from '@freight/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { shipmentsRepository } from '../shipments/shipments.repository';
import { calendarDay, creditSummary } from './credit';
import { presentDispute, presentInvoice, presentInvoicePage } from './invoices.presenter';
import { type DisputeRow, type InvoiceRow, invoicesRepository } from './invoices.repository';

/** Invoice history without dates: the invoices paid in the past 7 days. */
export const HISTORY_DEFAULT_DAYS = 7;

/** Reading an account's invoices: the lists, the aging summary, one invoice in full, its disputes. */
export function invoicesService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const repo = invoicesRepository(ctx.db);
  const today = () => calendarDay(ctx.now());

  async function openPage(accountId: string, q: InvoiceListQuery, perPage: number) {
    const { rows, ...count } = await repo.openPage(accountId, { ...q, perPage }, today());
    return presentInvoicePage(rows, count, q.page, perPage, today(), await repo.shipmentReferencesOf(rows));
  }

  async function historyPage(accountId: string, q: InvoiceHistoryQuery, perPage: number) {
    const to = q.to ?? today();
    const from = q.from ?? addCalendarDays(to, -HISTORY_DEFAULT_DAYS);
    const { rows, ...count } = await repo.historyPage(accountId, { from, to, q: q.q, page: q.page, perPage });
    const [methods, references] = await Promise.all([repo.lastMethods(rows.map((r) => r.id)), repo.shipmentReferencesOf(rows)]);
    const page = presentInvoicePage(rows, count, q.page, perPage, today(), references, methods);
    return { ...page, meta: { ...page.meta, from, to } };
  }

  async function summary(accountId: string, currency: string) {
    const account = await repo.account(accountId);
    if (!account) throw AppError.notFound();
    return creditSummary(ctx.db, account, today(), currency);
  }

  /** The account's invoice, or 404 (another account's invoice is not found). */
  async function find(accountId: string, id: string): Promise<InvoiceRow> {
    const row = isUuid(id) ? await repo.find(accountId, id) : undefined;
    if (!row) throw AppError.notFound();
    return row;
  }

  /** Disputes with their threads, their invoices' numbers and currency, and credit memo numbers, in `language`. */
  async function presentDisputes(disputes: DisputeRow[], language: Language): Promise<DisputeView[]> {
    const [messages, memos, invoices] = await Promise.all([
      repo.messagesOf(disputes.map((d) => d.id)),
      repo.byIds(disputes.map((d) => d.creditMemoId).filter((id): id is string => Boolean(id))),
      repo.disputeContext([...new Set(disputes.map((d) => d.invoiceId))]),
    ]);
    const memoNumber = new Map(memos.map((m) => [m.id, m.number]));
    const invoiceOf = new Map(invoices.map((i) => [i.id, i]));
    const none = { number: '', currency: 'USD', charges: [], accountName: '' };
    return disputes.map((d) =>
      presentDispute(
        d,
        invoiceOf.get(d.invoiceId) ?? none,
        messages,
        d.creditMemoId ? (memoNumber.get(d.creditMemoId) ?? null) : null,
        language,
      ),
    );
  }

  async function view(row: InvoiceRow, language: Language): Promise<InvoiceView> {
    const [account, shipment, payments, disputes, related] = await Promise.all([
      repo.account(row.accountId),
      row.shipmentId ? shipmentsRepository(ctx.db).find(row.accountId, row.shipmentId) : undefined,
      repo.paymentsOf(row.id),
      repo.disputesOf(row.id),
      row.relatedInvoiceId ? repo.byIds([row.relatedInvoiceId]) : [],
    ]);
    return presentInvoice({
      row,
      today: today(),
      language,
      account: {
        name: account?.name ?? '',
        billingAddress: account?.billingAddress ?? null,
        companyAddress: account?.companyAddress ?? null,
      },
      shipment,
      payments,
      disputes: await presentDisputes(disputes, language),
      related: related[0] ?? null,
    });
  }

  /** A payment of the account with what it paid, for its receipt; 404 for another account's. */
  async function receipt(accountId: string, paymentId: string) {
    const payment = isUuid(paymentId) ? await repo.findPayment(accountId, paymentId) : undefined;
    if (!payment || payment.status === 'failed' || payment.status === 'declined') throw AppError.notFound();
    const [allocations, account] = await Promise.all([repo.allocationsOf(payment.id), repo.account(accountId)]);
    return { payment, allocations, accountName: account?.name ?? '' };
  }

  return { openPage, historyPage, summary, find, view, receipt, presentDisputes };
}

export type InvoicesService = ReturnType<typeof invoicesService>;
