import type { EtaOverrideRequest, StaffEtaView } from '@freight/contracts';
import { FINAL_STATUSES } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type AuditActor, audit } from '../audit/audit';
import { type ShipmentRow, shipmentsRepository } from '../shipments/shipments.service';

/** The estimated delivery as staff see it (what the shipper is shown is the generated column). */
export function etaView(row: ShipmentRow): StaffEtaView {
  return {
    carrier_estimate: row.estimatedDelivery,
    override: row.etaOverride,
    override_date: row.etaOverrideDate,
    reason: row.etaOverrideReason,
    shown: row.shownEstimatedDelivery,
  };
}

const AUDIT_ACTIONS = { set: 'shipment.eta_set', cleared: 'shipment.eta_cleared', carrier: 'shipment.eta_override_removed' } as const;

/**
 * Staff set the estimated delivery by hand, clear it, or give it back to the carrier, with a
 * reason. The carrier's own estimate stays in `estimated_delivery` (tracking never touches the
 * override), so removing the override shows it again.
 */
export async function overrideEta(ctx: Pick<AppContext, 'db' | 'now'>, actor: AuditActor, id: string, body: EtaOverrideRequest) {
  return ctx.db.transaction(async (tx) => {
    const repo = shipmentsRepository(tx as Db);
    const before = await repo.lock(id);
    if (!before) throw AppError.notFound();
    if (FINAL_STATUSES.includes(before.status)) throw new AppError(409, 'conflict', 'errors.shipment_final');
    if (body.override === 'set' && body.date < before.pickupDate) throw AppError.field('date', 'validation.date_after_pickup');
    const at = ctx.now();
    const after = await repo.update(id, {
      etaOverride: body.override === 'carrier' ? null : body.override,
      etaOverrideDate: body.override === 'set' ? body.date : null,
      etaOverrideReason: body.override === 'carrier' ? null : body.reason,
      updatedAt: at,
    });
    await audit(
      tx as Db,
      actor,
      {
        action: AUDIT_ACTIONS[body.override],
        entityType: 'shipment',
        entityId: id,
        accountId: before.accountId,
        targetLabel: before.bolNumber,
        before: etaView(before),
        after: { ...etaView(after), reason: body.reason },
      },
      at,
    );
    return after;
  });
}
