/**
 * Invoices, aging, payment allocation and credit hold.
 * Money is integer cents throughout; dates are 'YYYY-MM-DD' calendar days.
 */

/** A freight invoice (on delivery), a carrier's correction after it (adjustment), or a credit (credit memo). */
export const INVOICE_TYPES = ['freight', 'adjustment', 'credit_memo'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/**
 * Where an invoice stands, as the shipper sees it: 'open' and not yet due, 'past_due', 'processing'
 * (a bank payment covers it and has not settled), 'disputed', 'paid'.
 */
export const INVOICE_STATUSES = ['open', 'past_due', 'processing', 'disputed', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The Open Invoices filters. */
export const INVOICE_FILTERS = ['all', 'current', 'past_due', 'disputed'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

/** The aging summary's buckets, by days past due. */
export const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_90_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Payment terms an account on credit may have: net 15 or net 30 days. */
export const NET_TERMS_DAYS = [15, 30] as const;
export type NetTermsDays = (typeof NET_TERMS_DAYS)[number];

export const DEFAULT_NET_DAYS: NetTermsDays = 30;
/** Days past due an invoice may be before the account is held. */
export const DEFAULT_GRACE_DAYS = 10;
/** A new account's credit limit (USD cents). */
export const DEFAULT_CREDIT_LIMIT_CENTS = 2_500_000;

/** Reminders: this many days before the due date, and the first one the day after it. */
export const REMINDER_DAYS_BEFORE_DUE = 3;
/** A bank (ACH) debit settles or comes back after this many days. */
export const ACH_SETTLE_DAYS = 3;

export const PAYMENT_METHODS = ['card', 'ach'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * An invoice payment's life: card payments settle at once; ACH is pending until it settles or is
 * returned. A prepaid booking's receipt is paid by the booking's card authorization: when the
 * booking is canceled, that payment becomes 'released' (the authorization let go, nothing charged)
 * or 'refunded' (captured, then given back). A card payment whose issuer asked the payer for 3-D
 * Secure is 'requires_action' until the payer is back from the challenge: its allocations are
 * recorded (what it is to pay) but no balance moves until the processor says it was paid. One
 * the payer never came back to is canceled at the processor after a day: 'canceled', nothing paid.
 */
export const INVOICE_PAYMENT_STATUSES = [
  'pending',
  'settled',
  'returned',
  'declined',
  'failed',
  'released',
  'refunded',
  'requires_action',
  'canceled',
] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];
/** The statuses of a payment that went through at some point: its method is the one that paid the invoice. */
export const WENT_THROUGH_PAYMENT_STATUSES = [
  'settled',
  'pending',
  'released',
  'refunded',
] as const satisfies readonly InvoicePaymentStatus[];

export const DISPUTE_STATUSES = ['open', 'accepted', 'rejected'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** Why a carrier corrected a shipment's charge. */
export const CORRECTION_KINDS = ['reweigh', 'reclass'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);

/** The calendar day `days` after `isoDate`. */
export function addCalendarDays(isoDate: string, days: number): string {
  return new Date((dayNumber(isoDate) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Days an invoice due on `dueDate` is past due on `today` (0 when not yet due). */
export function daysPastDue(dueDate: string, today: string): number {
  return Math.max(0, daysBetween(dueDate, today));
}

export function agingBucket(days: number): AgingBucket {
  if (days <= 0) return 'current';
  if (days <= 30) return 'days_1_30';
  if (days <= 60) return 'days_31_60';
  if (days <= 90) return 'days_61_90';
  return 'days_90_plus';
}

export interface AgingInput {
  dueDate: string;
  balanceCents: number;
}

/** The open balance by bucket; the buckets add up to `total_cents` exactly (each invoice in one bucket). */
export function agingSummary(invoices: readonly AgingInput[], today: string): Record<AgingBucket, number> & { total_cents: number } {
  const out = { current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_90_plus: 0, total_cents: 0 };
  for (const inv of invoices) {
    if (inv.balanceCents === 0) continue;
    out[agingBucket(daysPastDue(inv.dueDate, today))] += inv.balanceCents;
    out.total_cents += inv.balanceCents;
  }
  return out;
}

export interface StatusInput {
  balanceCents: number;
  pendingCents: number;
  disputedCents: number;
  dueDate: string;
}

/** The shipper's status of an invoice (INVOICE_STATUSES), in order of what matters most to it. */
export function invoiceStatus(inv: StatusInput, today: string): InvoiceStatus {
  if (inv.balanceCents <= 0 && inv.pendingCents <= 0) return 'paid';
  if (inv.disputedCents > 0) return 'disputed';
  if (inv.pendingCents > 0 && inv.balanceCents <= 0) return 'processing';
  return daysPastDue(inv.dueDate, today) > 0 ? 'past_due' : 'open';
}

export interface DisputeBoundsInput {
  /** What is still owed on the invoice. */
  balanceCents: number;
  /** Its charge lines by the key a dispute names them with, and what each invoiced. */
  lines: readonly { key: string; invoicedCents: number }[];
  /** Its disputes, open and closed. */
  disputes: readonly { chargeCode: string | null; status: string; amountCents: number; acceptedCents: number | null }[];
}

/**
 * The most a new dispute of the invoice (`chargeCode` null) or of one charge line may claim: the
 * open disputes of an invoice never add up to more than its balance, and those of a line never to
 * more than the line invoiced, less what accepted disputes of the line already credited. A
 * dispute's amount leaves the credit-hold figures, so an unbounded one would hide debt that is
 * not in question. Never negative.
 */
export function disputeMaximum(inv: DisputeBoundsInput, chargeCode: string | null): number {
  const open = inv.disputes.filter((d) => d.status === 'open');
  const sum = (list: readonly { amountCents: number }[]) => list.reduce((n, d) => n + d.amountCents, 0);
  const invoiceRoom = inv.balanceCents - sum(open);
  if (chargeCode === null) return Math.max(0, invoiceRoom);
  const line = inv.lines.find((l) => l.key === chargeCode);
  const ofLine = inv.disputes.filter((d) => d.chargeCode === chargeCode);
  const credited = ofLine.reduce((n, d) => n + (d.status === 'accepted' ? (d.acceptedCents ?? 0) : 0), 0);
  const lineRoom = (line?.invoicedCents ?? 0) - sum(ofLine.filter((d) => d.status === 'open')) - credited;
  return Math.max(0, Math.min(invoiceRoom, lineRoom));
}

export interface AllocationRequest {
  invoiceId: string;
  amountCents: number;
}
export interface Payable {
  id: string;
  balanceCents: number;
}

export type AllocationProblem = 'none_selected' | 'unknown_invoice' | 'not_positive' | 'over_balance' | 'duplicate';

/**
 * Checks a payment's allocations against the invoices' balances: each amount positive and at most
 * the invoice's balance, each invoice once. Answers the total, or the first problem and where.
 */
export function checkAllocations(
  requested: readonly AllocationRequest[],
  invoices: readonly Payable[],
): { ok: true; totalCents: number } | { ok: false; problem: AllocationProblem; index: number } {
  if (requested.length === 0) return { ok: false, problem: 'none_selected', index: 0 };
  const byId = new Map(invoices.map((i) => [i.id, i]));
  const seen = new Set<string>();
  let total = 0;
  for (const [index, a] of requested.entries()) {
    const inv = byId.get(a.invoiceId);
    if (!inv) return { ok: false, problem: 'unknown_invoice', index };
    if (seen.has(a.invoiceId)) return { ok: false, problem: 'duplicate', index };
    seen.add(a.invoiceId);
    if (!Number.isInteger(a.amountCents) || a.amountCents <= 0) return { ok: false, problem: 'not_positive', index };
    if (a.amountCents > inv.balanceCents) return { ok: false, problem: 'over_balance', index };
    total += a.amountCents;
  }
  return { ok: true, totalCents: total };
}

export interface CreditPosition {
  /** Open balances of the account's invoices, less what is disputed. */
  openBalanceCents: number;
  /** Booked shipments not invoiced yet (not canceled), at their booked total. */
  uninvoicedCents: number;
  creditLimitCents: number;
  /** The most days any undisputed open invoice is past due. */
  maxDaysPastDue: number;
  graceDays: number;
}

export type HoldReason = 'past_due' | 'over_limit';

/**
 * Whether an account must be on credit hold: an undisputed invoice past due by more
 * than the grace days, or the open balance plus the booked-but-uninvoiced shipments over the limit.
 */
export function holdReasons(p: CreditPosition): HoldReason[] {
  const reasons: HoldReason[] = [];
  if (p.maxDaysPastDue > p.graceDays) reasons.push('past_due');
  if (p.openBalanceCents + p.uninvoicedCents > p.creditLimitCents) reasons.push('over_limit');
  return reasons;
}

/** 'INV-' and the serial, at least seven digits. */
export const invoiceNumber = (serial: number) => `INV-${String(serial).padStart(7, '0')}`;

/** The lines a carrier's weight or class drives: the linehaul, its discount and the fuel surcharge on it. */
const CORRECTED_CODES = new Set(['freight', 'discount', 'fuel']);

/**
 * The charges after a carrier's reweigh or reclass: the linehaul, its discount and its fuel
 * surcharge scale by `factor` (the new weight over the booked one, or the new class's rate over
 * the booked class's, from the carrier's tariff); the minimum charge, accessorials and insurance
 * stay as booked. Each result is a whole cent.
 */
export function correctedAmounts(lines: readonly { code: string; amount_cents: number }[], factor: number): number[] {
  return lines.map((l) => (CORRECTED_CODES.has(l.code) ? Math.round(l.amount_cents * factor) : l.amount_cents));
}
