import type { ShipmentItemView } from '@freight/contracts';
import { addCalendarDays, correctedAmounts, DEFAULT_NET_DAYS, type InvoiceType, invoiceNumber } from '@freight/domain';
import type { ChargeLine } from '@freight/domain/rating';
import { businessDays } from '../../business-days';
import type { InspectedShipment } from '../../carrier-adapters/adapter';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { InvoiceChargeLine, InvoiceCorrection, payments } from '../../db/schema';
import type { JobOutcome } from '../../jobs/jobs';
import type { ShipmentRow } from '../shipments/shipments.service';
import { shipmentsRepository } from '../shipments/shipments.service';
import { webhookEvents } from '../webhooks/webhooks.service';
import { evaluateHold } from './credit';
import type { InvoiceNotifier } from './invoice-notices';
import { type InvoiceRow, invoicesRepository } from './invoices.repository';

/** A payment as stored (the payments module keeps them; a receipt reads one). */
type PaymentRow = typeof payments.$inferSelect;

/** Issues the freight invoice of a delivered shipment of an account on terms (keyed by shipment). */
export const INVOICE_ISSUE_JOB = 'invoice.issue';

/** A weight and class as booked or as a carrier billed them. */
export interface WeighedAs {
  weight_lb: number;
  freight_class: number | null;
}

/**
 * What a carrier's bill corrected in a booking, as the adjustment invoice shows it: a reclass when
 * the class changed (whatever the weight did), otherwise a reweigh.
 */
export function billedCorrection(booked: WeighedAs, billed: WeighedAs): InvoiceCorrection {
  return {
    kind: billed.freight_class !== booked.freight_class ? 'reclass' : 'reweigh',
    quoted_weight_lb: booked.weight_lb,
    invoiced_weight_lb: billed.weight_lb,
    quoted_class: booked.freight_class,
    invoiced_class: billed.freight_class,
  };
}

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
 * once (the shipment's lock and the unique index make a second run a no-op). It bills the booked
 * price: a carrier's reweigh or reclass reaches the shipper only as an adjustment, once accounting
 * approves the carrier's invoice that claims it (`issueCorrectionAdjustment`).
 */
export function invoiceIssueHandler(ctx: Pick<AppContext, 'db' | 'now' | 'jobs' | 'config'>, notifier: InvoiceNotifier) {
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
      const lines = s.charges as ChargeLine[];
      const invoice = await insertInvoice(tx as Db, {
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
        timeZone: ctx.config.BUSINESS_TIME_ZONE,
        netDays: account.netDays,
      });
      if (invoice) await evaluateHold(tx as Db, s.accountId, now, ctx.config.BUSINESS_TIME_ZONE);
      if (invoice) await webhookEvents(ctx).invoice(tx as Db, 'invoice.created', invoice.id);
      return invoice;
    });
    if (issued) notifier.issued(issued);
  };
}

/**
 * The adjustment a correction of `factor` bills against the shipment's freight invoice (the terms
 * invoice, or a prepaid booking's paid receipt): each line beside its amount scaled
 * (`correctedAmounts`: the linehaul, its discount and fuel) and the difference. Undefined when
 * there is no freight invoice, an adjustment exists already, or the difference is nothing.
 */
async function plannedAdjustment(db: Db, shipmentId: string, factor: number) {
  const repo = invoicesRepository(db);
  const original = await repo.freightInvoiceOf(shipmentId);
  if (!original || (await repo.adjustmentOf(original.id))) return undefined;
  const before = original.charges.map((l) => ({ ...l, amount_cents: l.invoiced_cents }));
  const after = correctedAmounts(before, factor);
  const difference = after.reduce((sum, cents, i) => sum + cents - (before[i]?.amount_cents ?? 0), 0);
  return difference > 0 ? { original, before, after, difference } : undefined;
}

/**
 * What `issueCorrectionAdjustment` would bill the shipper now, billing nothing: the amount in the
 * freight invoice's currency, or undefined when it would bill nothing.
 */
export async function previewCorrectionAdjustment(db: Db, shipmentId: string, factor: number) {
  const planned = await plannedAdjustment(db, shipmentId, factor);
  return planned && { amount_cents: planned.difference, currency: planned.original.currency };
}

/**
 * The shipper's adjustment invoice for a carrier's reweigh or reclass that accounting approved
 * (carrier-invoices/rebill.ts): the `plannedAdjustment` of the shipment, due on the account's net
 * days. Once per shipment: undefined when the plan bills nothing. Call it in the approval's
 * transaction; mail the shipper (`notifier.issued`) after it commits.
 */
export async function issueCorrectionAdjustment(
  tx: Db,
  ctx: Pick<AppContext, 'now' | 'jobs' | 'config'>,
  shipmentId: string,
  correction: InvoiceCorrection,
  factor: number,
): Promise<InvoiceRow | undefined> {
  const now = ctx.now();
  const repo = invoicesRepository(tx);
  const s = await shipmentsRepository(tx).lock(shipmentId);
  const planned = s && (await plannedAdjustment(tx, s.id, factor));
  if (!s || !planned) return undefined;
  const account = await repo.account(s.accountId);
  const invoice = await insertInvoice(tx, {
    type: 'adjustment',
    shipment: s,
    charges: chargeLines(planned.before, planned.after),
    totalCents: planned.difference,
    quotedTotalCents: planned.original.totalCents,
    correction,
    now,
    timeZone: ctx.config.BUSINESS_TIME_ZONE,
    netDays: account?.netDays ?? DEFAULT_NET_DAYS,
    relatedInvoiceId: planned.original.id,
  });
  if (invoice) await evaluateHold(tx, s.accountId, now, ctx.config.BUSINESS_TIME_ZONE);
  if (invoice) await webhookEvents(ctx).invoice(tx, 'invoice.created', invoice.id);
  return invoice;
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

/** What a credit memo is issued against: an invoice, or (id null) a shipment no invoice billed (a claim's). */
export type CreditedInvoice = Pick<InvoiceRow, 'accountId' | 'shipmentId' | 'bolNumber' | 'proNumber' | 'deliveryLocation' | 'currency'> & {
  id: string | null;
};

/**
 * A credit memo against `invoice`: one line of the negative amount, in the invoice's currency,
 * linked to it as its parent, with nothing owed (balance 0, settled at once), dated the business's
 * day of `now` in `timeZone`, as invoices are. An accepted dispute's memo, a canceled booking's
 * and a paid freight claim's are issued here.
 */
export async function issueCreditMemo(
  tx: Db,
  invoice: CreditedInvoice,
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
