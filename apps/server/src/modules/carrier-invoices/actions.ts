import type {
  CarrierInvoiceApproveRequest,
  CarrierInvoiceDisputeRequest,
  CarrierInvoiceMatchRequest,
  CarrierInvoiceMessageRequest,
  CarrierInvoiceResolveRequest,
  CarrierInvoiceShortPayRequest,
} from '@freight/contracts';
import { addCalendarDays, CARRIER_NET_DAYS, type CarrierInvoiceStatus } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type AuditActor, audit } from '../audit/audit';
import type { InvoiceNotifier, InvoiceRow } from '../invoices/invoices.service';
import type { CarrierRow } from '../scac-aliases/scac-aliases.service';
import { type CarrierInvoiceRow, carrierInvoicesRepository, type NewCarrierInvoiceRow } from './carrier-invoices.repository';
import { auditMatched } from './intake';
import { rebillShipper } from './rebill';

type Ctx = Pick<AppContext, 'db' | 'now' | 'jobs' | 'config'>;

/** 409 when the invoice moved on since the caller read it (another staff user acted), or is in no state for the action. */
const changed = () => new AppError(409, 'conflict', 'errors.carrier_invoice_changed');
const wrongState = () => new AppError(409, 'conflict', 'errors.carrier_invoice_state');

/** The audit log's label of an invoice: its carrier, number and shipment. */
const labelOf = (row: CarrierInvoiceRow) =>
  `Carrier invoice ${row.invoiceNumber} (${row.billedScac || 'no SCAC'}, BOL ${row.bolNumber || '-'})`;

const snapshot = (row: CarrierInvoiceRow) => ({
  status: row.status,
  shipment_id: row.shipmentId,
  billed_cents: row.billedCents,
  approved_cents: row.approvedCents,
  version: row.version,
});

/**
 * The audit queue's actions on one carrier invoice, each in one transaction: the row locked, its
 * version checked against the one the caller read (409 otherwise), the change made and audited
 * (naming the carrier invoice and its shipment). Approving a reweigh or reclass re-bills the
 * shipper (rebill.ts), whose mail goes once the transaction has committed.
 */
export function carrierInvoiceActions(ctx: Ctx, notifier: InvoiceNotifier) {
  async function act(
    id: string,
    version: number,
    actor: AuditActor,
    action: string,
    allowed: readonly CarrierInvoiceStatus[],
    change: (
      tx: Db,
      row: CarrierInvoiceRow,
    ) => Promise<{ values: Partial<NewCarrierInvoiceRow>; after?: Record<string, unknown>; message?: string }>,
  ) {
    const now = ctx.now();
    let rebilled: InvoiceRow | undefined;
    const result = await ctx.db.transaction(async (tx) => {
      const repo = carrierInvoicesRepository(tx as Db);
      const row = await repo.lock(id);
      if (!row) throw AppError.notFound();
      if (row.version !== version) throw changed();
      if (!allowed.includes(row.status)) throw wrongState();
      const { values, after, message } = await change(tx as Db, row);
      let updated = await repo.updateAt(id, version, { ...values, updatedAt: now });
      if (!updated) throw changed();
      if (message)
        await repo.insertMessage({ carrierInvoiceId: id, authorId: actor.id, fromCarrier: false, body: message, createdAt: now });
      // Only an approval re-bills: a short-pay never does.
      if (updated.status === 'approved' && updated.approvedCents !== null) {
        rebilled = await rebillShipper(tx as Db, ctx, updated, updated.approvedCents);
        if (rebilled) updated = (await repo.updateAt(id, updated.version, { rebillInvoiceId: rebilled.id })) ?? updated;
      }
      await audit(
        tx as Db,
        actor,
        {
          action,
          entityType: 'carrier_invoice',
          entityId: id,
          targetLabel: labelOf(updated),
          accountId: updated.accountId,
          before: snapshot(row),
          after: { ...snapshot(updated), ...after, shipment_id: updated.shipmentId, rebill_invoice_id: rebilled?.id ?? null },
        },
        now,
      );
      return updated;
    });
    if (rebilled) notifier.issued(rebilled);
    return result;
  }

  /** An approval's fields: paid `cents`, due on the carrier's terms from its invoice date. */
  const approval = (
    row: CarrierInvoiceRow,
    actor: AuditActor,
    cents: number,
    note: string,
    status: 'approved' | 'short_paid' = 'approved',
  ) => ({
    status,
    approvedCents: cents,
    decidedBy: actor.id,
    decidedAt: ctx.now(),
    decisionNote: note || null,
    dueDate: addCalendarDays(row.invoiceDate, CARRIER_NET_DAYS),
  });

  return {
    /** Approve what was billed, or the corrected amount (the expected cost with the carrier's correction, no accessorial not ordered). */
    approve: (id: string, actor: AuditActor, body: CarrierInvoiceApproveRequest) =>
      act(id, body.version, actor, 'carrier_invoice.approve', ['pending_audit'], async (_tx, row) => {
        const cents = body.amount === 'corrected' && row.audit ? row.audit.corrected_cents : row.billedCents;
        return { values: approval(row, actor, cents, body.note), after: { amount: body.amount } };
      }),

    /** Pay less than billed, with the reason the carrier is told; never re-billed. */
    shortPay: (id: string, actor: AuditActor, body: CarrierInvoiceShortPayRequest) =>
      act(id, body.version, actor, 'carrier_invoice.short_pay', ['pending_audit', 'disputed'], async (_tx, row) => {
        if (body.amount_cents >= row.billedCents) throw AppError.field('amount_cents', 'validation.short_pay_amount');
        return { values: approval(row, actor, body.amount_cents, body.reason, 'short_paid'), after: { reason: body.reason } };
      }),

    /** Send it back to the carrier: the thread's first message says why. */
    dispute: (id: string, actor: AuditActor, body: CarrierInvoiceDisputeRequest) =>
      act(id, body.version, actor, 'carrier_invoice.dispute', ['pending_audit'], async () => ({
        values: { status: 'disputed', decidedBy: actor.id, decidedAt: ctx.now() },
        after: { message: body.message },
        message: body.message,
      })),

    /** A dispute settled at the amount agreed with the carrier. */
    resolve: (id: string, actor: AuditActor, body: CarrierInvoiceResolveRequest) =>
      act(id, body.version, actor, 'carrier_invoice.resolve', ['disputed'], async (_tx, row) => {
        if (body.amount_cents > row.billedCents) throw AppError.field('amount_cents', 'validation.resolution_over_billed');
        return { values: approval(row, actor, body.amount_cents, body.note), after: { note: body.note } };
      }),

    /** An unmatched invoice matched by hand to a shipment of its carrier by BOL or PRO, then audited as at intake. */
    match: (id: string, actor: AuditActor, body: CarrierInvoiceMatchRequest) =>
      act(id, body.version, actor, 'carrier_invoice.match', ['unmatched'], async (tx, row) => {
        const repo = carrierInvoicesRepository(tx);
        const number = body.number.trim();
        const found = await repo.shipmentsByNumbers([number], [number]);
        const shipment = found.find((s) => s.carrierId !== null && (row.carrierId === null || s.carrierId === row.carrierId));
        if (!shipment) throw AppError.field('number', 'validation.carrier_shipment_unknown');
        const duplicate = (await repo.approvedPairs([shipment.id], row.id)).has(`${shipment.id}|${shipment.carrierId}`);
        const data = {
          weight_lb: row.billedWeightLb,
          freight_class: row.billedClass,
          lines: row.lines,
          invoice_date: row.invoiceDate,
        };
        const cache = new Map<string, Promise<CarrierRow | undefined>>();
        const audited = await auditMatched(tx, ctx, data, shipment, duplicate ? 'approved_invoice' : null, cache);
        return { values: { ...audited, carrierId: shipment.carrierId }, after: { matched_by: number } };
      }),

    /** A message in a disputed invoice's thread: staff's own, or the carrier's reply staff record. Audited. */
    async message(id: string, actor: AuditActor, body: CarrierInvoiceMessageRequest) {
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const repo = carrierInvoicesRepository(tx as Db);
        const row = await repo.lock(id);
        if (!row) throw AppError.notFound();
        if (row.status !== 'disputed') throw wrongState();
        await repo.insertMessage({
          carrierInvoiceId: id,
          authorId: actor.id,
          fromCarrier: body.from_carrier,
          body: body.body,
          createdAt: now,
        });
        await audit(
          tx as Db,
          actor,
          {
            action: 'carrier_invoice.message',
            entityType: 'carrier_invoice',
            entityId: id,
            targetLabel: labelOf(row),
            accountId: row.accountId,
            after: { body: body.body, from_carrier: body.from_carrier, shipment_id: row.shipmentId },
          },
          now,
        );
      });
    },

    /** The carrier's own answer through the API, in its disputed invoice's thread. */
    async carrierReply(id: string, carrierId: string, body: string) {
      await ctx.db.transaction(async (tx) => {
        const repo = carrierInvoicesRepository(tx as Db);
        const row = await repo.lock(id);
        if (!row || row.carrierId !== carrierId) throw AppError.notFound();
        if (row.status !== 'disputed') throw wrongState();
        await repo.insertMessage({ carrierInvoiceId: id, authorId: null, fromCarrier: true, body, createdAt: ctx.now() });
      });
    },
  };
}
export type CarrierInvoiceActions = ReturnType<typeof carrierInvoiceActions>;
