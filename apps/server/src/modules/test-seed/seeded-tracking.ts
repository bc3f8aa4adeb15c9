import type { TrackingEventIn } from '@freight/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { shipmentsRepository } from '../shipments/shipments.service';
import { trackingService } from '../tracking/tracking.service';

/**
 * A carrier's tracking events of a seeded company's shipment, taken in by the tracking service as
 * the carrier's signed post would be (the signature is the carrier API's own tests'): the moves a
 * scenario follows, such as a crossing held at the border, without a carrier key to hand out. The
 * events are of that shipment whatever numbers they carry.
 */
export function seededTracking(ctx: AppContext) {
  const shipments = shipmentsRepository(ctx.db);
  const tracking = trackingService(ctx);
  return {
    async carrierEvents(accountId: string, shipmentId: string, events: TrackingEventIn[]) {
      const shipment = await shipments.find(accountId, shipmentId);
      if (!shipment?.carrierId) throw AppError.notFound();
      const own = events.map((e) => ({ ...e, bol_number: shipment.bolNumber, pro_number: undefined }));
      const counts = await tracking.receive(shipment.scac, [shipment.carrierId], own);
      await ctx.background.drain();
      return counts;
    },
  };
}
