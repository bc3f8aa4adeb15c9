import { acceptsCorrection } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { InvoiceRow } from '../invoices/invoices.service';
import { billedCorrection, issueCorrectionAdjustment, previewCorrectionAdjustment } from '../invoices/invoices.service';
import type { CarrierInvoiceRow } from './carrier-invoices.repository';

/**
 * The correction an approval of `approvedCents` passes on to the shipper: the shipment, the
 * reweigh or reclass as booked and billed, and its factor; undefined when the approval does not
 * accept a reweigh or reclass that raises the charge (`acceptsCorrection`).
 */
function acceptedCorrection(row: CarrierInvoiceRow, approvedCents: number) {
  const audit = row.audit;
  if (!audit || !row.shipmentId || !acceptsCorrection(audit, approvedCents) || audit.factor === null) return undefined;
  const reweigh = audit.reasons.find((r) => r.code === 'reweigh');
  const reclass = audit.reasons.find((r) => r.code === 'reclass');
  const correction = billedCorrection(
    { weight_lb: audit.booked_weight_lb, freight_class: audit.booked_class },
    {
      weight_lb: reweigh?.code === 'reweigh' ? reweigh.billed_weight_lb : audit.booked_weight_lb,
      freight_class: reclass?.code === 'reclass' ? reclass.billed_class : audit.booked_class,
    },
  );
  return { shipmentId: row.shipmentId, correction, factor: audit.factor };
}

/**
 * The shipper is re-billed from an approved carrier correction, never from a simulation: when an
 * approval pays at least the corrected amount of a reweigh or reclass that raises the charge
 * (`acceptsCorrection`), the shipment's freight invoice gets its adjustment invoice, the price
 * lines scaled by the same factor. Accessorials not ordered and short-pays are never re-billed.
 * Every account whose shipment was invoiced is re-billed alike: on terms, the delivery's invoice;
 * prepaid, the booking's paid receipt (the adjustment is then owed on the account's net days).
 */
export async function rebillShipper(
  tx: Db,
  ctx: Pick<AppContext, 'now' | 'jobs' | 'config'>,
  row: CarrierInvoiceRow,
  approvedCents: number,
): Promise<InvoiceRow | undefined> {
  const accepted = acceptedCorrection(row, approvedCents);
  return accepted && issueCorrectionAdjustment(tx, ctx, accepted.shipmentId, accepted.correction, accepted.factor);
}

/**
 * What approving a waiting invoice at its billed amount would re-bill the shipper now, by the same
 * rule and figures as `rebillShipper` (billing nothing): the adjustment's amount and currency, or
 * null when that approval would re-bill nothing (or the invoice no longer waits for approval).
 */
export async function rebillPreview(db: Db, row: CarrierInvoiceRow) {
  const accepted = row.status === 'pending_audit' ? acceptedCorrection(row, row.billedCents) : undefined;
  return (accepted && (await previewCorrectionAdjustment(db, accepted.shipmentId, accepted.factor))) ?? null;
}
