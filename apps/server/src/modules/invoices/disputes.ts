import type { DisputeRequest, DisputeResolutionRequest } from '@freight/contracts';
import { disputeMaximum, type Language } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type AuditActor, audit } from '../audit/audit';
import { webhookEvents } from '../webhooks/webhooks.service';
import { evaluateHold } from './credit';
import type { InvoiceNotifier } from './invoice-notices';
import { chargeKey } from './invoices.presenter';
import { type InvoiceRow, invoicesRepository } from './invoices.repository';
import { issueCreditMemo } from './invoicing';

const closed = () => new AppError(409, 'conflict', 'errors.dispute_closed');

/** 422 on `amount_cents` naming the maximum as money the way the reader's pages write it (es-MX or en-US). */
const overMaximum = (maxCents: number, currency: string, language: Language) => {
  const max = new Intl.NumberFormat(language === 'es' ? 'es-MX' : 'en-US', { style: 'currency', currency }).format(maxCents / 100);
  return new AppError(422, 'validation', 'validation.invalid', { max }, { amount_cents: ['validation.dispute_max'] });
};

/**
 * Disputes of an invoice or one of its charge lines. An open dispute's amount is the
 * invoice's `disputed_cents`, which no longer counts toward a credit hold, so it is bounded
 * (`disputeMaximum`: a line's invoiced amount, the invoice's balance, less other open disputes); accounting staff
 * accept it (a credit memo of the accepted amount lowers the balance) or reject it, and the
 * shipper is mailed either way. Both sides write in the dispute's thread.
 */
export function disputesService(ctx: Pick<AppContext, 'db' | 'now' | 'jobs' | 'config'>, notifier: InvoiceNotifier) {
  async function open(accountId: string, userId: string, invoiceId: string, body: DisputeRequest, language: Language) {
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const repo = invoicesRepository(tx as Db);
      const invoice = await repo.lock(invoiceId);
      if (!invoice || invoice.accountId !== accountId) throw AppError.notFound();
      if (invoice.balanceCents <= 0) throw new AppError(409, 'conflict', 'errors.invoice_paid');
      const code = body.charge_code || null;
      if (code !== null && !invoice.charges.some((l) => chargeKey(l) === code))
        throw AppError.field('charge_code', 'validation.charge_unknown');
      const disputes = await repo.disputesOf(invoiceId);
      if (disputes.some((d) => d.status === 'open' && d.chargeCode === code)) throw new AppError(409, 'conflict', 'errors.dispute_open');
      const max = disputeMaximum(
        {
          balanceCents: invoice.balanceCents,
          lines: invoice.charges.map((l) => ({ key: chargeKey(l), invoicedCents: l.invoiced_cents })),
          disputes,
        },
        code,
      );
      if (body.amount_cents > max) throw overMaximum(max, invoice.currency, language);
      const dispute = await repo.insertDispute({
        invoiceId,
        accountId,
        userId,
        chargeCode: code,
        reason: body.reason,
        amountCents: body.amount_cents,
        createdAt: now,
      });
      await repo.update(invoiceId, { disputedCents: invoice.disputedCents + body.amount_cents, updatedAt: now });
      await evaluateHold(tx as Db, accountId, now, ctx.config.BUSINESS_TIME_ZONE);
      return dispute;
    });
  }

  /**
   * A message in an open dispute's thread; the shipper names its own invoice (`of`), and another
   * account's dispute, or one of another invoice, is not found.
   */
  async function reply(
    disputeId: string,
    author: { userId: string; staff: AuditActor | false },
    body: string,
    of?: { accountId: string; invoiceId: string },
  ) {
    const repo = invoicesRepository(ctx.db);
    const dispute = await repo.findDispute(disputeId);
    if (!dispute || (of && (dispute.accountId !== of.accountId || dispute.invoiceId !== of.invoiceId))) throw AppError.notFound();
    if (dispute.status !== 'open') throw closed();
    const { staff } = author;
    await ctx.db.transaction(async (tx) => {
      await invoicesRepository(tx as Db).insertMessage({
        disputeId,
        authorId: author.userId,
        staff: Boolean(staff),
        body,
        createdAt: ctx.now(),
      });
      // A staff reply is a staff write: audited with the message.
      if (staff) {
        const entry = {
          action: 'dispute.message',
          entityType: 'invoice_dispute',
          entityId: disputeId,
          accountId: dispute.accountId,
          after: { body },
        };
        await audit(tx as Db, staff, entry, ctx.now());
      }
    });
    return dispute;
  }

  /**
   * Staff resolve a dispute. Accepted: a credit memo of the accepted amount (at most the disputed
   * amount and the balance) is issued, paid against the invoice. Rejected: the amount is owed again.
   */
  async function resolve(disputeId: string, actor: AuditActor, body: DisputeResolutionRequest) {
    const now = ctx.now();
    const result = await ctx.db.transaction(async (tx) => {
      const repo = invoicesRepository(tx as Db);
      const dispute = await repo.lockDispute(disputeId);
      if (!dispute) throw AppError.notFound();
      if (dispute.status !== 'open') throw closed();
      const invoice = (await repo.lock(dispute.invoiceId)) as InvoiceRow;
      const accepted = body.outcome === 'accepted' ? (body.amount_cents ?? 0) : 0;
      if (accepted > dispute.amountCents || accepted > invoice.balanceCents)
        throw AppError.field('amount_cents', 'validation.resolution_amount');
      let creditMemoId: string | null = null;
      if (accepted > 0) {
        const line = { code: 'credit', label: 'invoice.charge.credit', detail: dispute.chargeCode, amountCents: accepted };
        const memo = await issueCreditMemo(tx as Db, invoice, line, now, ctx.config.BUSINESS_TIME_ZONE);
        creditMemoId = memo?.id ?? null;
      }
      const balance = invoice.balanceCents - accepted;
      await repo.update(invoice.id, {
        balanceCents: balance,
        disputedCents: Math.max(0, invoice.disputedCents - dispute.amountCents),
        paidAt: balance === 0 && invoice.pendingCents === 0 ? now : invoice.paidAt,
        updatedAt: now,
      });
      if (balance === 0 && invoice.pendingCents === 0) await webhookEvents(ctx).invoice(tx as Db, 'invoice.paid', invoice.id);
      await repo.updateDispute(disputeId, {
        status: body.outcome,
        acceptedCents: body.outcome === 'accepted' ? accepted : null,
        resolutionNote: body.note,
        resolvedBy: actor.id,
        resolvedAt: now,
        creditMemoId,
      });
      await audit(
        tx as Db,
        actor,
        {
          action: 'dispute.resolve',
          entityType: 'invoice_dispute',
          entityId: disputeId,
          accountId: invoice.accountId,
          before: { status: 'open', amount_cents: dispute.amountCents, invoice_balance_cents: invoice.balanceCents },
          after: { status: body.outcome, accepted_cents: accepted, note: body.note, credit_memo_id: creditMemoId },
        },
        now,
      );
      await evaluateHold(tx as Db, invoice.accountId, now, ctx.config.BUSINESS_TIME_ZONE);
      const resolved = await repo.findDispute(disputeId);
      return { dispute: resolved!, invoice };
    });
    notifier.disputeResolved(result.dispute, result.invoice);
    return result.dispute;
  }

  return { open, reply, resolve };
}
