import type { ApprovalLinkTarget, ApprovalStatus, BookingApproval, BookingRequest } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { approvalDecidedMail } from '../../mail/approval-mails';
import { mailMoney } from '../../mail/templates';
import { pageMeta } from '../../paging';
import { sha256 } from '../../security/tokens';
import { type AuditActor, audit } from '../audit/audit';
import { ebayOrdersOfQuotes, moveEbayOrdersToQuote } from '../ebay/ebay.service';
import type { QuoteInput, QuoteResult } from '../quotes/quotes.service';
import { quotesService } from '../quotes/quotes.service';
import { type BookingOutcome, bookingService, type Shipper } from '../shipments/booking.service';
import type { ShipmentsServiceOptions } from '../shipments/shipments.service';
import { heldBookingLabel, heldBookingWords, personName, presentApproval } from './approvals.presenter';
import { APPROVALS_PER_PAGE, type ApprovalRow, type ApprovalWithPeople, approvalsRepository } from './approvals.repository';

/** The account admin deciding (or the booker withdrawing), and the address it came from (the activity log). */
export interface Decider extends AuditActor {
  firstName: string;
  lastName: string;
}

type BookedShipment = NonNullable<BookingOutcome['shipment']>;

/** A decision on a booking that no longer waits: decided already, or withdrawn by its booker. */
const notPending = (status: ApprovalRow['status']) =>
  new AppError(409, 'conflict', status === 'withdrawn' ? 'errors.approval_withdrawn' : 'errors.approval_not_pending');

/**
 * Deciding held bookings: an account admin approves (the booking is made as its booker, with the
 * approver recorded) or declines with a reason (the booker is told); the booker may withdraw it
 * while it waits. A held rate past its expiry is rated again first and shown to the admin before
 * anything is booked.
 */
export function approvalsService(ctx: AppContext, opts: ShipmentsServiceOptions = {}) {
  const repo = approvalsRepository(ctx.db);
  const booking = bookingService(ctx, opts);
  const quotes = quotesService(ctx);

  async function found(accountId: string, id: string, requestedBy?: string) {
    const row = await repo.find(accountId, id, requestedBy);
    if (!row) throw AppError.notFound();
    return row;
  }

  type Booker = NonNullable<Awaited<ReturnType<typeof repo.bookerOf>>>;
  const shipperOf = (booker: Booker): Shipper => ({ accountId: booker.accountId, userId: booker.id, paymentTerms: booker.paymentTerms });

  async function bookerOf(row: ApprovalRow) {
    const booker = await repo.bookerOf(row.requestedBy);
    if (!booker) throw AppError.notFound();
    return booker;
  }

  /**
   * The held rate expired: rate the shipment again as its booker, keep the same carrier and
   * service at today's price, and tell the admin (409) so they approve the new price knowingly.
   */
  async function rateAgain(row: ApprovalRow): Promise<never> {
    const booker = await bookerOf(row);
    const old = row.quoteId ? await quotes.find(row.accountId, row.quoteId).catch(() => undefined) : undefined;
    const heldRate = old && (old.result as QuoteResult).rates.find((r) => r.id === row.rateId);
    if (!old || !heldRate) throw new AppError(409, 'conflict', 'errors.approval_rate_gone');
    const owner = { accountId: row.accountId, userId: booker.id, carrierChoicesVersion: booker.carrierChoicesVersion };
    const fresh = await quotes.rerun(owner, old.id);
    await moveEbayOrdersToQuote(ctx.db, row.accountId, old.id, fresh.id);
    const rate = (fresh.result as QuoteResult).rates.find((r) => r.carrier_id === heldRate.carrier_id && r.service === heldRate.service);
    if (!rate) throw new AppError(409, 'conflict', 'errors.approval_rate_gone');
    const request = row.request as BookingRequest;
    const pickupDate = (fresh.input as QuoteInput).pickup_date;
    const body: BookingRequest = {
      ...request,
      quote_id: fresh.id,
      rate_id: rate.id,
      pickup_date: request.pickup_date < pickupDate ? pickupDate : request.pickup_date,
    };
    const priced = await booking.price(shipperOf(booker), body);
    await repo.update(row.id, {
      quoteId: fresh.id,
      rateId: rate.id,
      request: body,
      totalCents: priced.totalCents,
      rateExpiresAt: fresh.expiresAt,
      updatedAt: ctx.now(),
    });
    throw new AppError(409, 'approval_rerated', 'errors.approval_rerated', { total: mailMoney('en')(priced.totalCents, row.currency) });
  }

  async function tellBooker(row: ApprovalRow, decider: Decider, outcome: 'approved' | 'declined', shipment?: BookedShipment) {
    const booker = await repo.userMailOf(row.requestedBy);
    if (!booker) return;
    const url = shipment ? `${ctx.config.appUrl}/track/detail/${shipment.id}` : `${ctx.config.appUrl}/approvals/${row.id}`;
    const mail = approvalDecidedMail(booker.language as Language, booker.email, {
      ...heldBookingWords(row),
      name: booker.firstName,
      approver: personName(decider),
      outcome,
      reason: row.declineReason ?? undefined,
      bol: shipment?.bolNumber,
      url,
    });
    // The decision stands should the mail fail: the booker sees it on the Approvals page.
    await ctx.mailer.send(mail).catch(() => undefined);
  }

  /** Locks the approval for a decision; one that no longer waits is a conflict (two admins at once: one wins). */
  async function lockedPending(r: ReturnType<typeof approvalsRepository>, accountId: string, id: string) {
    const row = await r.lock(accountId, id);
    if (!row) throw AppError.notFound();
    if (row.status !== 'pending') throw notPending(row.status);
    return row;
  }

  /** Approvals as the API shows them, each with the eBay orders its quote ships (one query for all). */
  async function present(accountId: string, rows: ApprovalWithPeople[]): Promise<BookingApproval[]> {
    const quoteIds = [...new Set(rows.flatMap((r) => (r.approval.quoteId ? [r.approval.quoteId] : [])))];
    const orders = await ebayOrdersOfQuotes(ctx.db, accountId, quoteIds);
    return rows.map((r) =>
      presentApproval(
        r,
        orders.filter((o) => o.quoteId === r.approval.quoteId),
      ),
    );
  }
  const presentOne = async (accountId: string, row: ApprovalWithPeople) => (await present(accountId, [row]))[0]!;

  return {
    view: async (accountId: string, id: string) => presentOne(accountId, await found(accountId, id)),
    /** An admin sees the account's approvals; anyone else only the bookings they asked for. */
    async page(accountId: string, query: { status?: ApprovalStatus; page: number }, onlyOf?: string) {
      const { rows, total, pending } = await repo.page(accountId, { ...query, requestedBy: onlyOf, perPage: APPROVALS_PER_PAGE });
      return { data: await present(accountId, rows), meta: { ...pageMeta(total, query.page, APPROVALS_PER_PAGE), pending } };
    },
    find: async (accountId: string, id: string, onlyOf?: string) => presentOne(accountId, await found(accountId, id, onlyOf)),
    /** The navigation's badge: how many bookings wait for the account's admins. */
    summary: async (accountId: string) => ({ pending: await repo.pendingCount(accountId) }),

    async approve(decider: Decider, accountId: string, id: string) {
      const { approval: row } = await found(accountId, id);
      if (row.status !== 'pending') throw notPending(row.status);
      const quote = row.quoteId ? await quotes.find(accountId, row.quoteId).catch(() => undefined) : undefined;
      if (!quote || (quote.expiresAt && quote.expiresAt <= ctx.now())) await rateAgain(row);
      const booker = await bookerOf(row);
      const outcome = await booking.book(shipperOf(booker), row.request as BookingRequest, row.idempotencyKey, { approvedBy: decider.id });
      const shipment = outcome.shipment as BookedShipment;
      const at = ctx.now();
      const decided = await ctx.db.transaction(async (tx) => {
        const r = approvalsRepository(tx);
        // Two admins approving at once book once (the key) and record one decision. A decline or
        // withdrawal that came while the carrier was booking gives way: the shipment exists.
        const locked = await r.lock(accountId, id);
        if (!locked || locked.status === 'approved') return undefined;
        const updated = await r.update(id, {
          status: 'approved',
          decidedBy: decider.id,
          decidedAt: at,
          shipmentId: shipment.id,
          updatedAt: at,
        });
        await r.spendLinksOf([id], at);
        await audit(
          tx,
          decider,
          {
            action: 'booking.approved',
            entityType: 'shipment',
            entityId: shipment.id,
            targetLabel: `BOL ${shipment.bolNumber}`,
            accountId,
            shownToAccount: true,
            after: { approval_id: id, booked_by: row.requestedBy, total_cents: row.totalCents, reasons: row.reasons },
          },
          at,
        );
        return updated;
      });
      if (decided) await tellBooker(decided, decider, 'approved', shipment);
      return { approval: await this.view(accountId, id), shipment };
    },

    async decline(decider: Decider, accountId: string, id: string, reason: string) {
      await found(accountId, id);
      const at = ctx.now();
      const decided = await ctx.db.transaction(async (tx) => {
        const r = approvalsRepository(tx);
        const row = await lockedPending(r, accountId, id);
        const updated = await r.update(id, {
          status: 'declined',
          decidedBy: decider.id,
          decidedAt: at,
          declineReason: reason,
          updatedAt: at,
        });
        await r.spendLinksOf([id], at);
        await audit(
          tx,
          decider,
          {
            action: 'booking.declined',
            entityType: 'booking_approval',
            entityId: id,
            targetLabel: heldBookingLabel(row),
            accountId,
            shownToAccount: true,
            after: { booked_by: row.requestedBy, total_cents: row.totalCents, reason },
          },
          at,
        );
        return updated;
      });
      if (decided) await tellBooker(decided, decider, 'declined');
      return this.view(accountId, id);
    },

    /**
     * The booker takes back their own booking while it waits: nothing is booked, the admins'
     * mailed links stop working, and the account's activity log says so. Another admin sees it
     * but may not withdraw it (403); another colleague does not see it at all (404).
     */
    async withdraw(booker: Decider, accountId: string, id: string, onlyOf?: string) {
      const { approval } = await found(accountId, id, onlyOf);
      if (approval.requestedBy !== booker.id) throw AppError.forbidden();
      const at = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const r = approvalsRepository(tx);
        const row = await lockedPending(r, accountId, id);
        await r.update(id, { status: 'withdrawn', decidedBy: booker.id, decidedAt: at, updatedAt: at });
        await r.spendLinksOf([id], at);
        await audit(
          tx,
          booker,
          {
            action: 'booking.withdrawn',
            entityType: 'booking_approval',
            entityId: id,
            targetLabel: heldBookingLabel(row),
            accountId,
            shownToAccount: true,
            after: { booked_by: row.requestedBy, total_cents: row.totalCents },
          },
          at,
        );
      });
      return this.view(accountId, id);
    },

    /** A mailed link, opened by the admin it was sent to after sign-in: once, before it expires. */
    async openLink(userId: string, token: string): Promise<ApprovalLinkTarget> {
      const mailed = await repo.linkByToken(sha256(token));
      if (!mailed || mailed.link.userId !== userId) throw AppError.notFound();
      const { link } = mailed;
      if (mailed.status === 'withdrawn') throw new AppError(410, 'link_gone', 'errors.approval_link_withdrawn');
      if (link.usedAt) throw new AppError(410, 'link_gone', 'errors.approval_link_used');
      if (link.expiresAt <= ctx.now()) throw new AppError(410, 'link_gone', 'errors.approval_link_expired');
      if (!(await repo.spendLink(link.id, ctx.now()))) throw new AppError(410, 'link_gone', 'errors.approval_link_used');
      return { approval_id: link.approvalId, action: link.action };
    },
  };
}
