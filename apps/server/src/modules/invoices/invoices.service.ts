import type { DisputeView, InvoiceHistoryQuery, InvoiceListQuery, InvoiceView } from '@freight/contracts';
import { addCalendarDays, type Language } from '@freight/domain';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { shipmentsRepository } from '../shipments/shipments.service';
import { usersService } from '../users/users.service';
import { creditSummary } from './credit';
import { presentDispute, presentInvoice, presentInvoicePage } from './invoices.presenter';
import { type DisputeRow, type InvoiceRow, invoicesRepository } from './invoices.repository';

/** A paid freight claim credited to the shipper (the claims module's payment step), and its memo found again. */
export { CLAIM_CREDIT, creditClaimPayment, type IssuedClaimCredit, issueClaimCredit } from './claim-credits';
/** Invoice history without dates: the invoices paid in the past 7 days. */
/** A booking on terms may take its account past the credit limit: other modules re-check the hold through here. */
export { recheckHoldLater, reevaluateHold } from './credit';
/** A canceled prepaid booking's receipt credited, and its mail: the payments' void job calls them. */
export { type CreditedBooking, type InvoiceNotifier, invoiceNotifier } from './invoice-notices';
/** Paying invoices: autopay records its charges of a saved method through the same code as a payer's. */
export { type SavedSource, savedMethodPayments } from './invoice-payments';
export { creditCanceledReceipt, recordPrepaidReceipt } from './invoicing';

export const HISTORY_DEFAULT_DAYS = 7;

/** Reading an account's invoices: the lists, the aging summary, one invoice in full, its disputes. */
export function invoicesService(ctx: Pick<AppContext, 'db' | 'now' | 'config'>) {
  const repo = invoicesRepository(ctx.db);
  // The business's day: the one invoices are dated and fall due in.
  const days = businessDays(ctx.config.BUSINESS_TIME_ZONE);
  const today = () => days.today(ctx.now());

  async function openPage(accountId: string, q: InvoiceListQuery, perPage: number) {
    const { rows, ...count } = await repo.openPage(accountId, { ...q, perPage }, today());
    return presentInvoicePage(rows, count, q.page, perPage, today(), await repo.shipmentReferencesOf(rows));
  }

  /** The history's days (without them, the past 7 up to today) and the range of payments they cover. */
  function historyRange(q: Pick<InvoiceHistoryQuery, 'from' | 'to' | 'q'>) {
    const to = q.to ?? today();
    const from = q.from ?? addCalendarDays(to, -HISTORY_DEFAULT_DAYS);
    // The range's days are the business's, as the invoices' own dates are: a payment at 9 PM in Chicago is that day's.
    return { from, to, range: { paidFrom: days.start(from), paidBefore: days.end(to), q: q.q } };
  }

  async function historyPage(accountId: string, q: InvoiceHistoryQuery, perPage: number) {
    const { from, to, range } = historyRange(q);
    const { rows, ...count } = await repo.historyPage(accountId, { ...range, page: q.page, perPage });
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
    const [messages, memos, invoices, people] = await Promise.all([
      repo.messagesOf(disputes.map((d) => d.id)),
      repo.byIds(disputes.map((d) => d.creditMemoId).filter((id): id is string => Boolean(id))),
      repo.disputeContext([...new Set(disputes.map((d) => d.invoiceId))]),
      usersService(ctx.db).people(disputes.map((d) => d.userId)),
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
        people,
      ),
    );
  }

  async function view(row: InvoiceRow, language: Language): Promise<InvoiceView> {
    const [account, shipment, payments, disputes, related, creditMemos] = await Promise.all([
      repo.account(row.accountId),
      row.shipmentId ? shipmentsRepository(ctx.db).find(row.accountId, row.shipmentId) : undefined,
      repo.paymentsOf(row.id),
      repo.disputesOf(row.id),
      row.relatedInvoiceId ? repo.byIds([row.relatedInvoiceId]) : [],
      row.type === 'credit_memo' ? [] : repo.creditMemosOf(row.id),
    ]);
    const [people, presentedDisputes] = await Promise.all([
      usersService(ctx.db).people(payments.map((p) => p.payment.userId)),
      presentDisputes(disputes, language),
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
      people,
      disputes: presentedDisputes,
      related: related[0] ?? null,
      creditMemos,
    });
  }

  /**
   * A payment of the account with what it paid, for its receipt; 404 for another account's, and
   * for one that paid nothing (failed, declined, still waiting for the payer's challenge).
   */
  async function receipt(accountId: string, paymentId: string) {
    const payment = isUuid(paymentId) ? await repo.findPayment(accountId, paymentId) : undefined;
    if (!payment || payment.status === 'failed' || payment.status === 'declined' || payment.status === 'requires_action')
      throw AppError.notFound();
    const [allocations, account] = await Promise.all([repo.allocationsOf(payment.id), repo.account(accountId)]);
    return { payment, allocations, accountName: account?.name ?? '' };
  }

  return { today, openPage, historyRange, historyPage, summary, find, view, receipt, presentDisputes };
}

export type InvoicesService = ReturnType<typeof invoicesService>;

export { evaluateHold } from './credit';
/** The dispute queue's reads, for its export. */
export { disputeQueueRepository } from './dispute-queue.repository';
/** What other modules use of invoicing: the carrier-invoices module re-bills through it. */
export { type InvoiceRow, invoicesRepository } from './invoices.repository';
export {
  billedCorrection,
  INVOICE_ISSUE_JOB,
  inspectedShipment,
  invoiceIssueHandler,
  issueCorrectionAdjustment,
  previewCorrectionAdjustment,
} from './invoicing';
