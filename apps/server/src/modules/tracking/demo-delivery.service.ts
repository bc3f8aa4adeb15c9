import { AppError } from '../../errors';
import { deliverAsDemoCarrier } from './poll';
import { trackingRepository } from './tracking.repository';
import { type TrackingCtx, trackingService } from './tracking.service';

/**
 * Delivering a shipment now, as its demo carrier would report it (poll.ts's deliverAsDemoCarrier):
 * what the test-only seeding path gives a scenario that needs a delivered shipment of its own.
 */
export function demoDeliveryService(ctx: TrackingCtx) {
  const repo = trackingRepository(ctx.db);
  return {
    /** 404 for another account's shipment; 409 for one delivered or canceled, or not yet the carrier's (awaiting its card payment). */
    async deliverNow(accountId: string, shipmentId: string) {
      const found = await repo.accountShipment(accountId, shipmentId);
      if (!found) throw AppError.notFound();
      const { shipment, carrier } = found;
      if (['delivered', 'canceled'].includes(shipment.status)) throw new AppError(409, 'conflict', 'errors.shipment_final');
      // Unpaid prepaid bookings are not the carrier's yet: a poll leaves them alone too.
      if (!carrier || ['awaiting', 'expired'].includes(shipment.paymentState)) {
        throw new AppError(409, 'conflict', 'errors.not_with_carrier');
      }
      await deliverAsDemoCarrier(ctx, trackingService(ctx), shipment, carrier);
      const after = await repo.accountShipment(accountId, shipmentId);
      return { status: after?.shipment.status, delivered_at: after?.shipment.deliveredAt?.toISOString() ?? null };
    },
  };
}
