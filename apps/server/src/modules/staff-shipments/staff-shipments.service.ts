import { randomUUID } from 'node:crypto';
import type { StaffEventRequest, StaffShipmentDetail, StaffShipmentQuery } from '@freight/contracts';
import { FINAL_STATUSES, type Language } from '@freight/domain';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { fullName } from '../../people';
import { alertEvaluator } from '../alerts/alerts.service';
import { type AuditActor, audit, auditRepository } from '../audit/audit';
import { carrierScorecardsService } from '../carrier-scorecards/carrier-scorecards.service';
import {
  chargeLabel,
  presentEvent,
  type ShipmentsServiceOptions,
  shipmentsRepository,
  shipmentsService,
  shipmentView,
} from '../shipments/shipments.service';
import { notesOf } from '../staff-notes/staff-notes.service';
import { eventRow, trackingRepository, trackingService } from '../tracking/tracking.service';
import { etaView } from './eta-override';
import { marginView } from './shipment-margin';
import { eventZone, placedEventTime } from './staff-events';
import { staffShipmentsRepository } from './staff-shipments.repository';

/** Who may see an account's margin and its figures: what the other staff screens that show margin read too. */
export { type MarginViewer, marginAccess, marginFigures, pricingAppliedView } from './shipment-margin';

type ShipmentRow = NonNullable<Awaited<ReturnType<ReturnType<typeof staffShipmentsRepository>['find']>>>;

/** What the audit log keeps of a shipment before and after a staff action. */
const snapshot = (row: ShipmentRow) => ({
  status: row.status,
  action_required: row.actionRequired,
  action_message: row.actionMessage,
  canceled_at: row.canceledAt?.toISOString() ?? null,
});

const conflict = (key: string) => new AppError(409, 'conflict', key);

/** Staff's side of a shipment: the detail across accounts and the actions on the shipper's behalf. */
/** The shipments behind a carrier scorecard's figure (of one carrier, within the pickup window); undefined without a figure. */
export function figureShipmentIds(ctx: AppContext) {
  const scorecards = carrierScorecardsService(ctx);
  return async (q: Pick<StaffShipmentQuery, 'figure' | 'carrier_id' | 'pickup_from' | 'pickup_to'>) => {
    if (!q.figure) return undefined;
    if (!q.carrier_id) throw AppError.field('carrier_id', 'validation.required');
    if (!q.pickup_from) throw AppError.field('pickup_from', 'validation.required');
    if (!q.pickup_to) throw AppError.field('pickup_to', 'validation.required');
    return scorecards.shipmentIds(q.carrier_id, q.pickup_from, q.pickup_to, q.figure);
  };
}

export function staffShipmentsService(ctx: AppContext, opts: ShipmentsServiceOptions = {}) {
  const repo = staffShipmentsRepository(ctx.db, businessDays(ctx.config.BUSINESS_TIME_ZONE));
  const tracking = trackingService(ctx);
  const shipper = shipmentsService(ctx, opts);

  async function find(id: string) {
    const row = await repo.find(id);
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The detail; with the cost and margin when `seesMargin` says the viewer may see this account's. */
  async function detail(id: string, language: Language, seesMargin: (accountId: string) => Promise<boolean>): Promise<StaffShipmentDetail> {
    const row = await find(id);
    // The cost's documents are listed to those who see the cost and margin: one rule for both.
    const withMargin = await seesMargin(row.accountId);
    const [shipment, context, notes, auditEntries] = await Promise.all([
      shipmentView(ctx.db, row, language, withMargin),
      repo.context(row),
      notesOf(ctx.db, 'shipment', row.id),
      auditRepository(ctx.db).of('shipment', row.id),
    ]);
    const { account, bookedBy, quote, events } = context;
    if (!account) throw AppError.notFound();
    return {
      // The documents are read through the staff's own route: the shipper's checks the account.
      shipment: {
        ...shipment,
        documents: shipment.documents.map((d) => ({ ...d, url: `/api/admin/shipments/${row.id}/documents/${d.kind}` })),
      },
      account: { id: account.id, name: account.name, status: account.status, suspended: account.suspendedAt !== null },
      booked_by: bookedBy ? { id: bookedBy.id, name: fullName(bookedBy), email: bookedBy.email } : null,
      quote: quote ? { id: quote.id, created_at: quote.createdAt.toISOString(), mode: quote.mode } : null,
      events: events.map((e) => ({
        ...presentEvent(e),
        id: e.id,
        source: e.source,
        received_at: e.receivedAt.toISOString(),
        time_zone: e.timeZone,
      })),
      eta: etaView(row),
      notes,
      audit: auditEntries,
      ...(withMargin ? { margin: marginView(row, (c) => chargeLabel(c, language)) } : {}),
    };
  }

  /**
   * A tracking event recorded by hand, at the local time of its place (stored with that place's
   * offset and time zone; not in the future). It is stored (with its audit entry) like a carrier's, then
   * the status is recomputed the same way, so it reaches the shipper's pages, the mails and the
   * public tracking page like any carrier event.
   */
  async function addEvent(actor: AuditActor, id: string, body: StaffEventRequest) {
    const row = await find(id);
    if (FINAL_STATUSES.includes(row.status)) throw conflict('errors.shipment_final');
    const { reason, ...typed } = body;
    const timeZone = eventZone(typed.state, row);
    const event = { ...typed, occurred_at: placedEventTime(typed.occurred_at, timeZone, ctx.now()), time_zone: timeZone };
    const row214 = eventRow(
      { shipmentId: id, event: { ...event, reason_code: event.reason_code ?? null, event_id: randomUUID() } },
      'staff',
      ctx.now(),
    );
    if (!row214) throw AppError.field('status_code', 'validation.choice');
    const stored = { ...row214, timeZone };
    await ctx.db.transaction(async (tx) => {
      await trackingRepository(tx as Db).insertEvents([stored]);
      await audit(
        tx as Db,
        actor,
        {
          action: 'shipment.event_added',
          entityType: 'shipment',
          entityId: id,
          accountId: row.accountId,
          before: snapshot(row),
          after: { ...event, reason },
        },
        ctx.now(),
      );
    });
    await tracking.recompute(id);
    return find(id);
  }

  /** Sets 'Action Required' with what the shipper is asked to do, or clears it; it holds until the status next changes. */
  async function setActionRequired(actor: AuditActor, id: string, body: { action_required: boolean; message?: string }) {
    await find(id);
    const after = await ctx.db.transaction(async (tx) => {
      const r = shipmentsRepository(tx as Db);
      const before = await r.lock(id);
      if (!before) throw AppError.notFound();
      if (FINAL_STATUSES.includes(before.status)) throw conflict('errors.shipment_final');
      const at = ctx.now();
      const after = await r.update(id, {
        actionOverride: body.action_required ? 'set' : 'cleared',
        actionRequired: body.action_required,
        actionMessage: body.action_required ? (body.message ?? null) : null,
        updatedAt: at,
      });
      await audit(
        tx as Db,
        actor,
        {
          action: body.action_required ? 'shipment.action_required_set' : 'shipment.action_required_cleared',
          entityType: 'shipment',
          entityId: id,
          accountId: before.accountId,
          before: snapshot(before),
          after: snapshot(after),
        },
        at,
      );
      return after;
    });
    // Set or cleared, the action_required alert follows at once.
    await ctx.background.run('alerts-evaluate', () => alertEvaluator(ctx).evaluateShipment(id));
    return after;
  }

  /** Cancels on the shipper's behalf, with the shipper's own rules (only before the carrier has the freight). */
  async function cancel(actor: AuditActor, id: string, reason: string) {
    const row = await find(id);
    return shipper.cancel(row.accountId, id, {
      description: 'Canceled by customer service on the shipper\u2019s behalf',
      record: (tx, before, after) =>
        audit(
          tx,
          actor,
          {
            action: 'shipment.cancel',
            entityType: 'shipment',
            entityId: id,
            accountId: row.accountId,
            before: snapshot(before),
            after: { ...snapshot(after), reason },
          },
          ctx.now(),
        ),
    });
  }

  return { find, detail, addEvent, setActionRequired, cancel };
}

/** The staff's reads of shipments, for the Admin Shipments export. */
export { type StaffShipmentFilter, staffShipmentsRepository } from './staff-shipments.repository';
