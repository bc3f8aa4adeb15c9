import { zonedDate } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { JobOutcome } from '../../jobs/jobs';
import { inspectedShipment } from '../invoices/invoices.service';
import { carrierAsOn } from '../quotes/quotes.service';
import { defaultCarrierFor, shipmentsRepository } from '../shipments/shipments.service';
import { carrierBill } from './carrier-bill';
import { intakeInvoices } from './intake';

/** The simulator carrier's freight invoice of a delivered shipment (keyed by shipment). */
export const CARRIER_INVOICE_SIMULATE_JOB = 'carrier_invoice.simulate';
/** Carriers bill a day after delivery. */
export const CARRIER_INVOICE_DELAY_MS = 24 * 3600_000;

/**
 * The 'carrier_invoice.simulate' job: the demo carriers (tariff carriers, which have no system of
 * their own) send their 210 after delivery, built from the shipment's cost lines with their dock's
 * reweigh or reclass applied (`inspect`, the same report the audit checks against), and posted
 * through the same intake as the partner API. The shipper's adjustment then follows only from
 * accounting's approval. Once per shipment: the job's key, and the invoice number being the BOL's.
 */
export function carrierInvoiceSimulateHandler(ctx: Pick<AppContext, 'db' | 'now' | 'config'>) {
  return async (payload: unknown): Promise<JobOutcome> => {
    const id = (payload as { shipment_id?: unknown } | null)?.shipment_id;
    if (typeof id !== 'string') return;
    await ctx.db.transaction(async (tx) => {
      const s = await shipmentsRepository(tx as Db).lock(id);
      if (!s?.carrierId || s.status !== 'delivered') return;
      const carrier = await carrierAsOn(tx as Db, s.carrierId, s.pickupDate);
      if (!carrier) return;
      const booked = inspectedShipment(s);
      const found = (await defaultCarrierFor(carrier).inspect?.(booked)) ?? null;
      const billedAs = {
        weight_lb: found?.weight_lb ?? booked.weight_lb,
        freight_class: found ? found.freight_class : booked.freight_class,
        factor: found?.factor ?? 1,
      };
      const today = zonedDate(ctx.now(), ctx.config.BUSINESS_TIME_ZONE);
      const data = carrierBill(s, carrier.scac, `${carrier.scac}-${s.bolNumber}`, billedAs, today);
      await intakeInvoices(tx as Db, ctx, { source: 'carrier_simulator', carrier }, [{ line: null, data }]);
    });
  };
}
