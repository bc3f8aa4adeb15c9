import { NMFC_CLASSES, zonedDate } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { carrierBill } from '../carrier-invoices/carrier-invoices.service';
import {
  billedCorrection,
  INVOICE_ISSUE_JOB,
  inspectedShipment,
  invoiceIssueHandler,
  invoiceNotifier,
  issueCorrectionAdjustment,
} from '../invoices/invoices.service';
import { shipmentsRepository } from '../shipments/shipments.service';
import { demoDeliveryService } from '../tracking/demo-delivery.service';

const DAY = 86_400_000;

/** What a carrier's freight invoice claims beyond the booking. */
export interface CarrierBillClaim {
  invoiceNumber: string;
  /** The billed weight as a multiple of the booked one (a reweigh over 1). */
  weightFactor: number;
  /** How many NMFC classes over the booked one it bills (a reclass over 0). */
  classesUp: number;
  /** What its linehaul, discount and fuel are moved by; the weight's own ratio when not given. */
  chargeFactor?: number;
}

/**
 * A seeded company's deliveries and what they bill, as the product makes them but when a scenario
 * needs them: a delivery `daysAgo` days back, its freight invoice issued that day before the
 * seeding answers (so an invoice can be past due, and a scenario never waits for the job), the
 * bill its carrier sends, and a carrier's reweigh approved, billed to the shipper as approving it
 * bills one.
 */
export function seededBilling(ctx: AppContext) {
  const notifier = invoiceNotifier(ctx);
  const shipments = shipmentsRepository(ctx.db);

  return {
    /**
     * The shipment delivered `daysAgo` days ago (now when 0), as its demo carrier reports it; on
     * terms, its freight invoice is issued as of that day by the invoicing job's own handler, run
     * here in place of the job the delivery would schedule (which would issue it as of today).
     */
    async deliver(accountId: string, shipmentId: string, daysAgo: number) {
      const then = new Date(ctx.now().getTime() - daysAgo * DAY);
      let invoiceDue = false;
      // The runner's own schedule for every other job; its prototype keeps the runner's state.
      const jobs: AppContext['jobs'] = Object.create(ctx.jobs, {
        schedule: {
          value: (...args: Parameters<AppContext['jobs']['schedule']>) => {
            if (args[0] !== INVOICE_ISSUE_JOB) return ctx.jobs.schedule(...args);
            invoiceDue = true;
            return Promise.resolve();
          },
        },
      });
      const back = { ...ctx, now: () => then, jobs };
      const delivered = await demoDeliveryService(back).deliverNow(accountId, shipmentId);
      if (invoiceDue) await invoiceIssueHandler(back, notifier)({ shipment_id: shipmentId });
      return delivered;
    },

    /**
     * The freight invoice (an EDI 210) the carrier of an account's booked shipment bills with
     * `claim`, built as the simulator carrier builds its own (carrier-bill.ts), dated the
     * business's today. Nothing is taken in: the scenario sends it as a carrier or accounting does.
     */
    async carrierBill(accountId: string, shipmentId: string, claim: CarrierBillClaim) {
      const shipment = await shipments.find(accountId, shipmentId);
      if (!shipment) throw AppError.notFound();
      const booked = inspectedShipment(shipment);
      const weight = Math.round(booked.weight_lb * claim.weightFactor);
      const classes = NMFC_CLASSES as readonly number[];
      const freightClass =
        booked.freight_class === null
          ? null
          : (classes[Math.min(classes.indexOf(booked.freight_class) + claim.classesUp, classes.length - 1)] ?? booked.freight_class);
      const billedAs = { weight_lb: weight, freight_class: freightClass, factor: claim.chargeFactor ?? weight / booked.weight_lb };
      const today = zonedDate(ctx.now(), ctx.config.BUSINESS_TIME_ZONE);
      return carrierBill(shipment, shipment.scac, claim.invoiceNumber, billedAs, today);
    },

    /**
     * The carrier reweighed the delivered shipment to `factor` times its booked weight and
     * accounting approved it: the shipper's adjustment invoice, as the approval issues it (404 for
     * another account's shipment; 409 when there is no freight invoice to adjust or one exists).
     */
    async reweigh(accountId: string, shipmentId: string, factor: number) {
      const shipment = await shipments.find(accountId, shipmentId);
      if (!shipment) throw AppError.notFound();
      const booked = inspectedShipment(shipment);
      const correction = billedCorrection(booked, { ...booked, weight_lb: Math.round(booked.weight_lb * factor) });
      const invoice = await ctx.db.transaction((tx) => issueCorrectionAdjustment(tx as Db, ctx, shipmentId, correction, factor));
      if (!invoice) throw new AppError(409, 'conflict', 'errors.nothing_to_adjust');
      notifier.issued(invoice);
      return { id: invoice.id, number: invoice.number, total_cents: invoice.totalCents };
    },
  };
}
