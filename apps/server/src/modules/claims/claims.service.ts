import type { ClaimDecisionRequest, ClaimFileRequest } from '@freight/contracts';
import { type ClaimMessageAuthor, type Country, canHandleClaims, type Language, type UnitSystem, zonedDate } from '@freight/domain';
import { type ClaimAmountProblem, carrierDeadlines, claimAmount, shipperDeadlines } from '@freight/domain/claims';
import { zoneOf } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { type AuditActor, audit } from '../audit/audit';
import { claimPacketPdf, type PacketFile } from '../documents/documents.service';
import { creditClaimPayment } from '../invoices/invoices.service';
import { supportAttachmentChunks } from '../support/support.service';
import { CLAIM_REMINDER_JOB, firstReminderAt } from './claim-reminders';
import { clocksOf, presentClaim, presentListItem, presentStaffClaim, presentStaffListItem } from './claims.presenter';
import { CLAIM_QUEUE_PAGE, type ClaimQueueFilter, type ClaimRow, claimsRepository, type ListedClaim } from './claims.repository';

type Shipment = NonNullable<Awaited<ReturnType<ReturnType<typeof claimsRepository>['shipmentOf']>>>;
type Item = { quantity?: number; weight_lb?: number };
type Insurance = { kind?: string; coverage_cents?: number } | null;

/** A shipment on its way: a loss is claimed once the day it should have arrived has passed. */
const MOVING = new Set(['dispatched', 'in_transit', 'delayed']);

const PROBLEM_KEYS: Record<ClaimAmountProblem['problem'], string> = {
  line_over_bound: 'validation.claim_line_over_bound',
  pieces_over: 'validation.claim_pieces_over',
  total_over_bound: 'validation.claim_total_over_bound',
  over_invoice: 'validation.claim_over_invoice',
  freight_over_paid: 'validation.claim_freight_over_paid',
  salvage_over: 'validation.claim_salvage_over',
};

/** A step the claim's status does not allow now (a second acknowledgement, a payment before a decision). */
const wrongStep = () => new AppError(409, 'conflict', 'errors.claim_step');

/** The images a PDF prints (pdfkit reads PNG and JPEG); a thread's other files are listed by name. */
const PRINTABLE = new Set(['image/png', 'image/jpeg']);
/** The most of the thread's images one packet prints, in bytes: past it, the rest are listed by name. */
const PACKET_IMAGE_BYTES = 40 * 1024 * 1024;

/** What the shipment says of its freight: handling units, pounds, the value declared and insured (the demo seed's claims too). */
export function freightOf(s: Pick<Shipment, 'items' | 'insurance' | 'declaredValueCents' | 'totalCents'>) {
  const items = (Array.isArray(s.items) ? s.items : []) as Item[];
  const insurance = s.insurance as Insurance;
  return {
    pieces: items.reduce((n, i) => n + (i.quantity ?? 0), 0),
    weightLb: items.reduce((n, i) => n + (i.quantity ?? 0) * (i.weight_lb ?? 0), 0),
    declaredValueCents: s.declaredValueCents,
    insuredCents: insurance && insurance.kind !== 'none' ? (insurance.coverage_cents ?? null) : null,
    freightPaidCents: s.totalCents,
  };
}

/**
 * Freight claims (docs/claims.md): the shipper files one on its own delivered (or lost) shipment
 * within the deadlines and bounds of @freight/domain/claims and writes in its thread; staff take
 * the queue, assign, write, and record what the carrier answered. Every staff write is audited in
 * the transaction that makes it.
 */
export function claimsService(ctx: AppContext) {
  const repo = claimsRepository(ctx.db);

  async function viewOf(row: ListedClaim, staff: boolean) {
    const { claim } = row;
    const [lines, messages, files, memo] = await Promise.all([
      repo.lines(claim.id),
      repo.messages(claim.id),
      repo.attachments(claim.id),
      claim.creditMemoId ? repo.creditMemo(claim.creditMemoId) : undefined,
    ]);
    return staff
      ? presentStaffClaim(row, lines, messages, files, memo, ctx.now())
      : presentClaim(row, lines, messages, files, memo, ctx.now());
  }

  /** The thread's files for the packet: PNG and JPEG images with their bytes (within the packet's budget), the rest by name. */
  async function packetFiles(claimId: string): Promise<PacketFile[]> {
    let budget = PACKET_IMAGE_BYTES;
    const out: PacketFile[] = [];
    for (const { file } of await repo.attachments(claimId)) {
      let image: Buffer | null = null;
      if (PRINTABLE.has(file.contentType) && file.size <= budget) {
        const chunks: Buffer[] = [];
        for await (const chunk of supportAttachmentChunks(ctx.db, file.id)) chunks.push(chunk);
        image = Buffer.concat(chunks);
        budget -= image.length;
      }
      out.push({ fileName: file.fileName, contentType: file.contentType, size: file.size, image });
    }
    return out;
  }

  /** A message and its files (the writer's own uploads, used nowhere yet), in the caller's transaction. */
  async function write(tx: Db, message: { claimId: string; author: ClaimMessageAuthor; userId: string; body: string }, files: string[]) {
    const repo = claimsRepository(tx);
    const now = ctx.now();
    const row = await repo.insertMessage({ ...message, createdAt: now });
    if (!(await repo.attach([...new Set(files)], message.userId, message.claimId, row.id, now))) {
      throw AppError.field('attachment_ids', 'validation.attachment_unknown');
    }
  }

  async function found(id: string, accountId?: string) {
    const row = isUuid(id) ? await repo.find(id, accountId) : undefined;
    if (!row) throw AppError.notFound();
    return row;
  }

  /** A staff step on a claim: its row locked, the change and its audit entry in one transaction. */
  async function staffStep(
    actor: AuditActor,
    id: string,
    action: string,
    step: (claim: ClaimRow, tx: Db) => Promise<{ before: unknown; after: unknown }>,
  ) {
    if (!isUuid(id)) throw AppError.notFound();
    await ctx.db.transaction(async (tx) => {
      const claim = await claimsRepository(tx as Db).lock(id);
      if (!claim) throw AppError.notFound();
      const { before, after } = await step(claim, tx as Db);
      await audit(
        tx as Db,
        actor,
        { action, entityType: 'claim', entityId: claim.id, targetLabel: claim.number, accountId: claim.accountId, before, after },
        ctx.now(),
      );
    });
    return viewOf(await found(id), true);
  }

  /** Moves a locked claim on, stamping the change. */
  const move = (tx: Db, claim: ClaimRow, set: Partial<ClaimRow>) => claimsRepository(tx).update(claim.id, { ...set, updatedAt: ctx.now() });

  return {
    async file(user: { id: string }, accountId: string, shipmentId: string, body: ClaimFileRequest) {
      const shipment = isUuid(shipmentId) ? await repo.shipmentOf(accountId, shipmentId) : undefined;
      if (!shipment) throw AppError.notFound();
      const now = ctx.now();
      const timeZone = zoneOf(shipment.destinationState, shipment.destinationCountry);
      const today = zonedDate(now, timeZone);
      const delivered = shipment.status === 'delivered';
      const deliveredOn = delivered ? (shipment.deliveredAt ? zonedDate(shipment.deliveredAt, timeZone) : shipment.deliveryDate) : null;
      const lost =
        !delivered &&
        body.kind === 'loss' &&
        MOVING.has(shipment.status) &&
        !!shipment.expectedDelivery &&
        shipment.expectedDelivery < today;
      const deadlines =
        delivered || lost
          ? shipperDeadlines({
              kind: body.kind,
              deliveredOn,
              expectedDeliveryOn: shipment.expectedDelivery,
              country: shipment.destinationCountry as Country,
            })
          : null;
      if (!deadlines) throw AppError.field('kind', 'validation.claim_not_claimable');
      if (today > deadlines.filingDueOn) throw AppError.field('kind', 'validation.claim_filing_deadline');

      const amount = claimAmount(freightOf(shipment), {
        lines: body.lines.map((l) => ({ pieces: l.pieces, amountCents: l.amount_cents })),
        freightCents: body.freight_cents,
        salvageCents: body.salvage_cents,
        commercialInvoiceCents: body.commercial_invoice_cents ?? null,
      });
      if (amount.problems.length > 0) {
        const errors: Record<string, string[]> = {};
        for (const p of amount.problems) errors[p.field] = [...(errors[p.field] ?? []), PROBLEM_KEYS[p.problem]];
        throw AppError.validation(errors);
      }

      const carrier = carrierDeadlines(today);
      const claim = await ctx.db.transaction(async (tx) => {
        const row = await claimsRepository(tx as Db).insert(
          {
            accountId,
            shipmentId: shipment.id,
            kind: body.kind,
            description: body.description,
            currency: shipment.currency,
            commercialInvoiceCents: body.commercial_invoice_cents ?? null,
            goodsCents: amount.goodsCents,
            freightCents: body.freight_cents,
            salvageCents: body.salvage_cents,
            amountCents: amount.totalCents,
            liabilityBasis: amount.basis,
            liabilityCents: amount.capCents,
            filedBy: user.id,
            filedAt: now,
            timeZone,
            deliveredOn,
            expectedDeliveryOn: shipment.expectedDelivery,
            noticeDueOn: deadlines.noticeDueOn,
            noticeLate: deadlines.noticeDueOn !== null && today > deadlines.noticeDueOn,
            filingDueOn: deadlines.filingDueOn,
            acknowledgementDueOn: carrier.acknowledgementDueOn,
            decisionDueOn: carrier.decisionDueOn,
            createdAt: now,
            updatedAt: now,
          },
          body.lines.map((l, position) => ({ position, description: l.description, pieces: l.pieces, amountCents: l.amount_cents })),
        );
        await ctx.jobs.schedule(CLAIM_REMINDER_JOB, row.id, firstReminderAt(row), { claimId: row.id }, tx as Db);
        return row;
      });
      return viewOf(await found(claim.id), false);
    },

    /** A page of the account's claims, newest first (50 a page, like the staff queue). */
    async list(accountId: string, page: number) {
      const now = ctx.now();
      const rows = await repo.listOfAccount(accountId, page);
      return { data: rows.slice(0, CLAIM_QUEUE_PAGE).map((row) => presentListItem(row, now)), has_more: rows.length > CLAIM_QUEUE_PAGE };
    },

    view: async (accountId: string, id: string) => viewOf(await found(id, accountId), false),

    async message(user: { id: string }, accountId: string, id: string, body: { body: string; attachment_ids: string[] }) {
      const row = await found(id, accountId);
      await ctx.db.transaction((tx) =>
        write(tx as Db, { claimId: row.claim.id, author: 'shipper', userId: user.id, body: body.body }, body.attachment_ids),
      );
      return viewOf(row, false);
    },

    /** A file of the claim (of the account's claim, for a shipper), to be sent as it was uploaded. */
    async attachment(id: string, attachmentId: string, accountId?: string) {
      const row = await found(id, accountId);
      const file = isUuid(attachmentId) ? await repo.attachmentOf(row.claim.id, attachmentId) : undefined;
      if (!file) throw AppError.notFound();
      return { file, chunks: supportAttachmentChunks(ctx.db, file.id) };
    },

    /** The staff queue: open claims oldest first, each with its overdue flag (or one shipment's claims). */
    async queue(filter: ClaimQueueFilter, page: number) {
      const now = ctx.now();
      const rows = await repo.queue(filter, now, page);
      return { data: rows.slice(0, CLAIM_QUEUE_PAGE).map((r) => presentStaffListItem(r, now)), has_more: rows.length > CLAIM_QUEUE_PAGE };
    },

    staffView: async (id: string) => viewOf(await found(id), true),

    /**
     * The claim's packet for the carrier (of the account's claim, for a shipper): the claim, the
     * bill of lading, the delivery receipt and the thread's photos, in the carrier's language
     * unless `language` asks for another.
     */
    async packet(id: string, accountId: string | undefined, options: { language?: Language; unitSystem: UnitSystem }) {
      const { claim } = await found(id, accountId);
      const now = ctx.now();
      const [lines, files] = await Promise.all([repo.lines(claim.id), packetFiles(claim.id)]);
      const clocks = clocksOf(claim, now);
      const packet = await claimPacketPdf(
        ctx.db,
        {
          shipmentId: claim.shipmentId,
          files,
          claim: {
            ...claim,
            lines: lines.map((l) => ({ description: l.description, pieces: l.pieces, amountCents: l.amountCents })),
            decision: claim.decision
              ? { decision: claim.decision, reason: claim.decisionReason, amountCents: claim.decidedAmountCents }
              : null,
            payment:
              claim.paidAmountCents !== null ? { amountCents: claim.paidAmountCents, reference: claim.paymentReference ?? '' } : null,
            clocks: (['notice', 'filing', 'acknowledgement', 'decision'] as const).flatMap((name) => {
              const c = clocks[name];
              return c ? [{ clock: name, dueOn: c.dueOn, metOn: c.metOn, state: c.state, late: c.late }] : [];
            }),
          },
        },
        { ...options, now },
      );
      if (!packet) throw AppError.notFound();
      return packet;
    },

    assign: (actor: AuditActor, id: string, assigneeId: string | null) =>
      staffStep(actor, id, 'claim.assign', async (claim, tx) => {
        if (assigneeId) {
          const assignee = await claimsRepository(tx).activeUser(assigneeId);
          if (!assignee || !canHandleClaims(assignee.roles)) throw AppError.field('assignee_id', 'validation.assignee_not_staff');
        }
        await move(tx, claim, { assigneeId });
        return { before: { assignee_id: claim.assigneeId }, after: { assignee_id: assigneeId } };
      }),

    staffMessage: (actor: AuditActor, id: string, m: { author: 'staff' | 'carrier'; body: string; attachment_ids: string[] }) =>
      staffStep(actor, id, 'claim.message', async (claim, tx) => {
        await write(tx, { claimId: claim.id, author: m.author, userId: actor.id, body: m.body }, m.attachment_ids);
        return { before: null, after: { author: m.author, body: m.body, attachments: m.attachment_ids.length } };
      }),

    acknowledge: (actor: AuditActor, id: string, carrierClaimNumber: string | undefined) =>
      staffStep(actor, id, 'claim.acknowledge', async (claim, tx) => {
        if (claim.status !== 'filed') throw wrongStep();
        await move(tx, claim, { status: 'acknowledged', acknowledgedAt: ctx.now(), carrierClaimNumber: carrierClaimNumber || null });
        return { before: { status: claim.status }, after: { status: 'acknowledged', carrier_claim_number: carrierClaimNumber ?? null } };
      }),

    decide: (actor: AuditActor, id: string, body: ClaimDecisionRequest) =>
      staffStep(actor, id, 'claim.decide', async (claim, tx) => {
        if (claim.status !== 'filed' && claim.status !== 'acknowledged') throw wrongStep();
        const amount =
          body.decision === 'declined' ? null : body.decision === 'paid_in_full' ? claim.amountCents : (body.decided_amount_cents ?? null);
        if (amount !== null && amount > claim.amountCents)
          throw AppError.field('decided_amount_cents', 'validation.claim_decided_amount_over');
        const set = {
          status: 'decided' as const,
          decision: body.decision,
          decisionReason: body.reason || null,
          decidedAmountCents: amount,
        };
        await move(tx, claim, { ...set, decidedAt: ctx.now() });
        return {
          before: { status: claim.status },
          after: { status: set.status, decision: set.decision, reason: set.decisionReason, amount_cents: amount },
        };
      }),

    pay: (actor: AuditActor, id: string, amountCents: number, reference: string) =>
      staffStep(actor, id, 'claim.pay', async (claim, tx) => {
        if (claim.status !== 'decided' || claim.decision === 'declined' || claim.decidedAmountCents === null) throw wrongStep();
        if (amountCents > claim.decidedAmountCents) throw AppError.field('amount_cents', 'validation.claim_payment_over');
        // What the carrier paid is the shipper's: a credit memo on its account, in the same transaction,
        // linked from the claim (none for a payment of nothing).
        const credit = await creditClaimPayment(tx, ctx, {
          accountId: claim.accountId,
          shipmentId: claim.shipmentId,
          claimNumber: claim.number,
          amountCents,
          currency: claim.currency,
        });
        await move(tx, claim, {
          status: 'paid',
          paidAmountCents: amountCents,
          paymentReference: reference,
          paidAt: ctx.now(),
          creditMemoId: credit?.memo.id ?? null,
        });
        const memo = credit
          ? { id: credit.memo.id, number: credit.memo.number, invoice_id: credit.invoiceId, applied_cents: credit.appliedCents }
          : null;
        return { before: { status: claim.status }, after: { status: 'paid', amount_cents: amountCents, reference, credit_memo: memo } };
      }),

    /** Closes a claim the carrier declined, or paid: nothing more is to be done with the carrier. */
    close: (actor: AuditActor, id: string) =>
      staffStep(actor, id, 'claim.close', async (claim, tx) => {
        const done = claim.status === 'paid' || (claim.status === 'decided' && claim.decision === 'declined');
        if (!done) throw wrongStep();
        await move(tx, claim, { status: 'closed' });
        return { before: { status: claim.status }, after: { status: 'closed' } };
      }),
  };
}
