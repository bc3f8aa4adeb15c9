import type { ShipmentItemView } from '@freight/contracts';
import { addCalendarDays, correctedAmounts, type InvoiceType, invoiceNumber } from '@freight/domain';
import type { ChargeLine } from '@freight/domain/rating';
import { eq } from 'drizzle-orm';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { type InvoiceChargeLine, type InvoiceCorrection, shipments as shipmentsTable } from '../../db/schema';
import type { JobOutcome } from '../../jobs/jobs';
import { recordIncident } from '../incidents/incidents.recorder';
import type { PaymentRow } from '../payments/payments.repository';
import type { CarrierCorrection, InspectedShipment } from '../quotes/carriers/adapter';
import { carrierAsOn } from '../quotes/quotes.repository';
import { resolveCarriers } from '../scac-aliases/carrier-resolver';
import type { ShipmentRow } from '../shipments/shipments.repository';
import { shipmentsRepository } from '../shipments/shipments.repository';
import { type CarrierFactory, defaultCarrierFor } from '../shipments/shipments.service';
import { webhookEvents } from '../webhooks/webhook-events';
import { evaluateHold } from './credit';
import type { InvoiceNotifier } from './invoice-notices';
import { type InvoiceRow, invoicesRepository } from './invoices.repository';

/** Issues the freight invoice of a delivered shipment of an account on terms (keyed by shipment). */
export const INVOICE_ISSUE_JOB = 'invoice.issue';
/** Issues the adjustment of a carrier's correction reported after the invoice (keyed by shipment). */
export const INVOICE_ADJUSTMENT_JOB = 'invoice.adjustment';
/** A correction reported after the invoice arrives this long after it. */
const LATE_CORRECTION_MS = 24 * 3600_000;

/** What the carrier inspects: the BOL, the whole weight in pounds and the highest class booked. */
export function inspectedShipment(row: ShipmentRow): InspectedShipment {
  const items = row.items as ShipmentItemView[];
  const classes = items.map((i) => i.freight_class).filter((c): c is number => c !== null);
  return {
    bol_number: row.bolNumber,
    weight_lb: Math.round(items.reduce((s, i) => s + i.weight_lb * i.quantity, 0)),
    freight_class: classes.length ? Math.max(...classes) : null,
  };
}

const toCorrection = (c: CarrierCorrection, booked: InspectedShipment): InvoiceCorrection => ({
  kind: c.kind,
  quoted_weight_lb: booked.weight_lb,
  invoiced_weight_lb: c.weight_lb,
  quoted_class: booked.freight_class,
  invoiced_class: c.freight_class,
});

/** The booked lines as an invoice's lines, `invoiced` amounts aligned with them. */
export function chargeLines(
  booked: readonly { code: string; label: string; detail?: string | null; amount_cents: number }[],
  invoiced: number[],
) {
  return booked.map(
    (l, i): InvoiceChargeLine => ({
      code: l.code,
      label: l.label,
      detail: l.detail ?? null,
      quoted_cents: l.amount_cents,
      invoiced_cents: invoiced[i] ?? l.amount_cents,
    }),
  );
}

export interface NewInvoice {
  type: InvoiceType;
  shipment: ShipmentRow;
  charges: InvoiceChargeLine[];
  totalCents: number;
  quotedTotalCents: number;
  correction: InvoiceCorrection | null;
  now: Date;
  /** The business's time zone (BUSINESS_TIME_ZONE): the invoice is dated its day of `now`. */
  timeZone: string;
  netDays: number;
  relatedInvoiceId?: string;
  paid?: boolean;
}

/**
 * Inserts an invoice of a shipment with the next number; undefined when its freight invoice exists
 * already. Dated the business's calendar day, and due its net days after that day: the reminders
 * and autopay count the same days.
 */
export async function insertInvoice(tx: Db, n: NewInvoice): Promise<InvoiceRow | undefined> {
  const repo = invoicesRepository(tx);
  const s = n.shipment;
  const today = businessDays(n.timeZone).today(n.now);
  const insurance = s.insurance as { coverage_cents?: number; deductible_cents?: number } | null;
  return repo.insert({
    accountId: s.accountId,
    shipmentId: s.id,
    relatedInvoiceId: n.relatedInvoiceId ?? null,
    number: invoiceNumber(await repo.nextNumber()),
    type: n.type,
    bolNumber: s.bolNumber,
    proNumber: s.proNumber,
    deliveryLocation: [s.destinationCity, s.destinationState].filter(Boolean).join(', '),
    invoiceDate: today,
    dueDate: n.paid ? today : addCalendarDays(today, n.netDays),
    currency: s.currency,
    charges: n.charges,
    correction: n.correction,
    quotedTotalCents: n.quotedTotalCents,
    totalCents: n.totalCents,
    balanceCents: n.paid ? 0 : n.totalCents,
    insuredValueCents: insurance?.coverage_cents ?? 0,
    deductibleCents: insurance?.deductible_cents ?? 0,
    paidAt: n.paid ? n.now : null,
    createdAt: n.now,
    updatedAt: n.now,
  });
}

/**
 * The 'invoice.issue' job: the freight invoice of a delivered shipment of an account on terms,
 * once (the shipment's lock and the unique index make a second run a no-op). The carrier's
 * inspection decides the invoiced charges: a reweigh reported with the delivery is in this
 * invoice, quoted beside invoiced; one reported later becomes an adjustment a day after.
 */
export function invoiceIssueHandler(
  ctx: Pick<AppContext, 'db' | 'now' | 'jobs' | 'config'>,
  notifier: InvoiceNotifier,
  carrierFor: CarrierFactory = defaultCarrierFor,
) {
  return async (payload: unknown): Promise<JobOutcome> => {
    const id = (payload as { shipment_id?: unknown } | null)?.shipment_id;
    if (typeof id !== 'string') return;
    const now = ctx.now();
    const issued = await ctx.db.transaction(async (tx) => {
      const shipments = shipmentsRepository(tx as Db);
      const repo = invoicesRepository(tx as Db);
      const s = await shipments.lock(id);
      if (!s || s.status !== 'delivered' || s.paymentState !== 'not_required') return undefined;
      const account = await repo.account(s.accountId);
      if (!account || account.paymentTerms !== 'credit' || (await repo.freightInvoiceOf(id))) return undefined;
      const carrierRow = s.carrierId ? await carrierAsOn(tx as Db, s.carrierId, s.pickupDate) : undefined;
      const booked = inspectedShipment(s);
      const found = carrierRow ? ((await carrierFor(carrierRow).inspect?.(booked)) ?? null) : null;
      const lines = s.charges as ChargeLine[];
      const withDelivery = found?.reported === 'with_delivery' ? found : null;
      const invoiced = correctedAmounts(lines, withDelivery?.factor ?? 1);
      const invoice = await insertInvoice(tx as Db, {
        type: 'freight',
        shipment: s,
        charges: chargeLines(lines, invoiced),
        totalCents: invoiced.reduce((a, b) => a + b, 0),
        quotedTotalCents: s.totalCents,
        correction: withDelivery ? toCorrection(withDelivery, booked) : null,
        now,
        timeZone: ctx.config.BUSINESS_TIME_ZONE,
        netDays: account.netDays,
      });
      if (invoice && found?.reported === 'after_invoice') {
        await ctx.jobs.schedule(
          INVOICE_ADJUSTMENT_JOB,
          s.id,
          new Date(now.getTime() + LATE_CORRECTION_MS),
          { shipment_id: s.id, correction: found },
          tx as Db,
        );
      }
      if (invoice) await evaluateHold(tx as Db, s.accountId, now, ctx.config.BUSINESS_TIME_ZONE);
      if (invoice) await webhookEvents(ctx).invoice(tx as Db, 'invoice.created', invoice.id);
      return invoice;
    });
    if (issued) notifier.issued(issued);
  };
}

/**
 * The 'invoice.adjustment' job: a carrier's correction reported after the freight invoice, as an
 * adjustment invoice of the difference (each line: the freight invoice's amount beside the
 * corrected one). Once per shipment: an adjustment already there is left alone.
 */
export function invoiceAdjustmentHandler(ctx: Pick<AppContext, 'db' | 'now' | 'jobs' | 'config'>, notifier: InvoiceNotifier) {
  return async (payload: unknown): Promise<JobOutcome> => {
    const p = payload as { shipment_id?: unknown; correction?: CarrierCorrection } | null;
    if (typeof p?.shipment_id !== 'string' || !p.correction) return;
    const { shipment_id: shipmentId, correction } = p as { shipment_id: string; correction: CarrierCorrection };
    const now = ctx.now();
    if (correction.billed_by && !(await billedByShipmentsCarrier(ctx, shipmentId, correction))) return;
    const issued = await ctx.db.transaction(async (tx) => {
      const repo = invoicesRepository(tx as Db);
      const s = await shipmentsRepository(tx as Db).lock(shipmentId);
      const original = s && (await repo.freightInvoiceOf(s.id));
      if (!s || !original || (await repo.adjustmentOf(original.id))) return undefined;
      const account = await repo.account(s.accountId);
      const before = original.charges.map((l) => ({ ...l, amount_cents: l.invoiced_cents }));
      const after = correctedAmounts(before, correction.factor);
      const difference = after.reduce((sum, cents, i) => sum + cents - (before[i]?.amount_cents ?? 0), 0);
      if (difference === 0) return undefined;
      const invoice = await insertInvoice(tx as Db, {
        type: 'adjustment',
        shipment: s,
        charges: chargeLines(before, after),
        totalCents: difference,
        quotedTotalCents: original.totalCents,
        correction: toCorrection(correction, inspectedShipment(s)),
        now,
        timeZone: ctx.config.BUSINESS_TIME_ZONE,
        netDays: account?.netDays ?? 30,
        relatedInvoiceId: original.id,
      });
      if (invoice) await evaluateHold(tx as Db, s.accountId, now, ctx.config.BUSINESS_TIME_ZONE);
      if (invoice) await webhookEvents(ctx).invoice(tx as Db, 'invoice.created', invoice.id);
      return invoice;
    });
    if (issued) notifier.issued(issued);
  };
}

/**
 * Whether the carrier an adjustment names (by SCAC or name, aliases included) is the one that
 * carried the shipment. If not, the adjustment is not issued: it is an API incident for staff
 * ('unknown_scac' when nobody is known by that SCAC or name, 'unknown_shipment' when another
 * carrier is), to map the alias or take it up with the carrier.
 */
async function billedByShipmentsCarrier(ctx: Pick<AppContext, 'db' | 'now'>, shipmentId: string, correction: CarrierCorrection) {
  const who = correction.billed_by ?? {};
  const { carriers } = await resolveCarriers(ctx.db, who);
  const [shipment] = await ctx.db
    .select({ carrierId: shipmentsTable.carrierId, bolNumber: shipmentsTable.bolNumber, scac: shipmentsTable.scac })
    .from(shipmentsTable)
    .where(eq(shipmentsTable.id, shipmentId));
  if (!shipment) return false;
  if (carriers.some((c) => c.id === shipment.carrierId)) return true;
  await recordIncident(ctx.db, {
    kind: carriers.length ? 'unknown_shipment' : 'unknown_scac',
    operation: 'invoice.adjustment',
    carrierId: carriers[0]?.id ?? null,
    request: { billed_by: who, bol_number: shipment.bolNumber, correction: { ...correction, billed_by: undefined } },
    message: carriers.length
      ? { key: 'adjustment_other_carrier', params: { billed_by: who.scac ?? who.name ?? '', scac: shipment.scac } }
      : who.scac
        ? { key: 'unknown_scac', params: { scac: who.scac } }
        : { key: 'unknown_carrier_name', params: { name: who.name ?? '' } },
    groupBy: `${who.scac ?? ''}|${who.name ?? ''}`,
    at: ctx.now(),
  });
  return false;
}

/**
 * A prepaid booking paid by card gets a paid receipt invoice at once (in the payment's
 * transaction), with the card payment applied, so the account's invoice history is complete.
 * Dated the business's day in `timeZone`.
 */
export async function recordPrepaidReceipt(tx: Db, s: ShipmentRow, payment: PaymentRow, now: Date, timeZone: string) {
  const repo = invoicesRepository(tx);
  const lines = s.charges as ChargeLine[];
  const invoice = await insertInvoice(tx, {
    type: 'freight',
    shipment: s,
    charges: chargeLines(
      lines,
      lines.map((l) => l.amount_cents),
    ),
    totalCents: s.totalCents,
    quotedTotalCents: s.totalCents,
    correction: null,
    now,
    timeZone,
    netDays: 0,
    paid: true,
  });
  if (!invoice) return;
  const receipt = await repo.insertPayment({
    accountId: s.accountId,
    userId: s.userId,
    idempotencyKey: `booking:${payment.id}`,
    requestHash: payment.id,
    method: 'card',
    status: 'settled',
    provider: payment.provider,
    providerRef: payment.providerRef,
    amountCents: s.totalCents,
    currency: s.currency,
    cardBrand: payment.cardBrand,
    last4: payment.cardLast4,
    createdAt: now,
    settledAt: now,
  });
  await repo.insertAllocations([{ paymentId: receipt.id, invoiceId: invoice.id, amountCents: s.totalCents }]);
}

/** What a credit memo gives back and why: its one line's code, label (a catalog key) and detail. */
export interface CreditMemoLine {
  code: string;
  label: string;
  detail: string | null;
  amountCents: number;
}

/**
 * A credit memo against `invoice`: one line of the negative amount, in the invoice's currency,
 * linked to it as its parent, with nothing owed (balance 0, settled at once), dated the business's
 * day of `now` in `timeZone`, as invoices are. An accepted dispute's memo and a canceled booking's
 * are both issued here.
 */
export async function issueCreditMemo(
  tx: Db,
  invoice: InvoiceRow,
  line: CreditMemoLine,
  now: Date,
  timeZone: string,
): Promise<InvoiceRow | undefined> {
  const repo = invoicesRepository(tx);
  const today = businessDays(timeZone).today(now);
  return repo.insert({
    accountId: invoice.accountId,
    shipmentId: invoice.shipmentId,
    relatedInvoiceId: invoice.id,
    number: invoiceNumber(await repo.nextNumber()),
    type: 'credit_memo',
    bolNumber: invoice.bolNumber,
    proNumber: invoice.proNumber,
    deliveryLocation: invoice.deliveryLocation,
    invoiceDate: today,
    dueDate: today,
    currency: invoice.currency,
    charges: [{ code: line.code, label: line.label, detail: line.detail, quoted_cents: 0, invoiced_cents: -line.amountCents }],
    quotedTotalCents: 0,
    totalCents: -line.amountCents,
    balanceCents: 0,
    paidAt: now,
    createdAt: now,
    updatedAt: now,
  });
}

/** The line code of the memo that credits a canceled prepaid booking's receipt. */
export const CANCELED_BOOKING_CREDIT = 'booking_canceled';

/**
 * A canceled prepaid booking's paid receipt is credited in full by a credit memo, once: called in
 * the transaction that marks the booking's payment released or refunded, and a memo already there
 * is answered rather than issued again. Undefined when the booking has no receipt. The memo is
 * dated the business's day in the configured zone.
 */
export async function creditCanceledReceipt(
  tx: Db,
  ctx: Pick<AppContext, 'now' | 'jobs' | 'config'>,
  shipmentId: string,
  outcome: 'released' | 'refunded',
) {
  const now = ctx.now();
  const repo = invoicesRepository(tx);
  const found = await repo.freightInvoiceOf(shipmentId);
  const receipt = found && (await repo.lock(found.id));
  if (!receipt || receipt.totalCents <= 0) return undefined;
  // The receipt says how its card payment ended: a released authorization was never a charge.
  await repo.markPaymentsOf(receipt.id, outcome);
  const earlier = (await repo.creditMemosOf(receipt.id)).find((m) => m.charges.some((l) => l.code === CANCELED_BOOKING_CREDIT));
  if (earlier) return { receipt, memo: undefined };
  const memo = await issueCreditMemo(
    tx,
    receipt,
    { code: CANCELED_BOOKING_CREDIT, label: 'invoice.charge.booking_canceled', detail: null, amountCents: receipt.totalCents },
    now,
    ctx.config.BUSINESS_TIME_ZONE,
  );
  if (memo) await webhookEvents(ctx).invoice(tx, 'invoice.created', memo.id);
  return { receipt, memo };
}
