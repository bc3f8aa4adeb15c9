import { ACCESSORIAL_CODES } from '../freight';
import { correctedAmounts } from './invoices';

/**
 * The audit of a carrier's freight invoice (an EDI 210) against what the broker expected to pay
 * for the shipment: pure arithmetic on integer cents, the server supplies the figures. See
 * docs/brokerage.md, "Carrier invoices and payables".
 */

/**
 * Where a carrier invoice stands:
 * - unmatched: no shipment of that carrier by its PRO or BOL (staff match it by hand);
 * - pending_audit: matched, with a variance reason: waits in the audit queue;
 * - disputed: sent back to the carrier, a thread of messages until resolved;
 * - approved / short_paid: payable (the approved amount), until marked paid;
 * - paid: settled with the carrier;
 * - duplicate: refused, never payable.
 */
export const CARRIER_INVOICE_STATUSES = ['unmatched', 'pending_audit', 'disputed', 'approved', 'short_paid', 'paid', 'duplicate'] as const;
export type CarrierInvoiceStatus = (typeof CARRIER_INVOICE_STATUSES)[number];

/** The statuses the payables export takes. */
export const PAYABLE_STATUSES = ['approved', 'short_paid'] as const satisfies readonly CarrierInvoiceStatus[];

export const VARIANCE_REASON_CODES = ['reweigh', 'reclass', 'accessorial_not_ordered', 'duplicate', 'amount_variance'] as const;
export type VarianceReasonCode = (typeof VARIANCE_REASON_CODES)[number];

/** Accessorial line codes a carrier may bill: the tariff's accessorials and the overlength tier. */
export const CARRIER_ACCESSORIAL_CODES = [...ACCESSORIAL_CODES, 'overlength'] as const;
const ACCESSORIAL_SET = new Set<string>(CARRIER_ACCESSORIAL_CODES);

/**
 * A carrier invoice line's code: our charge codes (`freight` is the linehaul), and each
 * accessorial by its own code (`liftgate_delivery`), as the shipment's cost lines name them.
 */
export const CARRIER_LINE_CODES = [
  'freight',
  'gross',
  'discount',
  'minimum',
  'fuel',
  'surcharge',
  'insurance',
  ...CARRIER_ACCESSORIAL_CODES,
] as const;
export type CarrierLineCode = (typeof CARRIER_LINE_CODES)[number];

/**
 * How far a billed amount may be from the expected one and still be approved without a person:
 * the larger of $5 and 2% of the expected cost (server settings CARRIER_INVOICE_TOLERANCE_CENTS
 * and CARRIER_INVOICE_TOLERANCE_BP).
 */
export const CARRIER_INVOICE_TOLERANCE = { cents: 500, bp: 200 } as const;

/** The carriers' payment terms: an approved invoice is due this many days after its invoice date. */
export const CARRIER_NET_DAYS = 30;

/** An expected line (the shipment's cost lines, or its price lines when no cost was kept). */
export interface ExpectedLine {
  code: string;
  detail?: string | null;
  amount_cents: number;
}

/** The key a line is compared under: an accessorial by its own code, anything else by its charge code. */
export const expectedLineKey = (l: ExpectedLine) => (l.code === 'accessorial' && l.detail ? l.detail : l.code);

export type VarianceReason =
  | { code: 'reweigh'; booked_weight_lb: number; billed_weight_lb: number; inspected_weight_lb: number | null; supported: boolean }
  | {
      code: 'reclass';
      booked_class: number | null;
      billed_class: number;
      inspected_class: number | null;
      supported: boolean;
    }
  | { code: 'accessorial_not_ordered'; accessorial: string; amount_cents: number }
  | { code: 'duplicate'; of: 'invoice_number' | 'approved_invoice' }
  | { code: 'amount_variance'; variance_cents: number; tolerance_cents: number };

export interface CarrierAuditInput {
  expected: readonly ExpectedLine[];
  /** What was booked: the whole weight in pounds and the highest class. */
  booked: { weight_lb: number; freight_class: number | null };
  billed: { weight_lb: number | null; freight_class: number | null; lines: readonly { code: string; amount_cents: number }[] };
  /** The carrier dock's report (what it found), or null when it has none. */
  inspection: { weight_lb: number; freight_class: number | null } | null;
  duplicateOf: 'invoice_number' | 'approved_invoice' | null;
  tolerance: { cents: number; bp: number };
}

export interface CarrierAuditLine {
  key: string;
  expected_cents: number;
  /** The expected amount with the carrier's reweigh or reclass applied. */
  corrected_cents: number;
  billed_cents: number;
  variance_cents: number;
}

export interface CarrierAudit {
  expected_cents: number;
  billed_cents: number;
  /** billed - expected. */
  variance_cents: number;
  /** The factor a claimed reweigh or reclass moves the linehaul, its discount and fuel by; null when none is claimed. */
  factor: number | null;
  /** The expected cost with the claimed correction applied, accessorials not ordered left out: what "approve corrected" pays. */
  corrected_cents: number;
  /** What neither the correction nor an accessorial not ordered explains: billed - corrected - not ordered. */
  unexplained_cents: number;
  tolerance_cents: number;
  lines: CarrierAuditLine[];
  reasons: VarianceReason[];
  /** No reason at all: approved without a person. */
  auto_approve: boolean;
}

/** The codes whose amounts a weight or class moves (correctedAmounts). */
const SCALED = new Set(['freight', 'discount', 'fuel']);

/** The tolerance of an expected cost: the larger of the fixed amount and the percentage (half away from zero). */
export function toleranceCents(expectedCents: number, tolerance: { cents: number; bp: number }) {
  return Math.max(tolerance.cents, Math.round((Math.abs(expectedCents) * tolerance.bp) / 10_000));
}

/**
 * Audits a carrier invoice line by line. A reweigh is claimed when the billed weight is over the
 * booked one, a reclass when the billed class differs; each is supported by the inspection when
 * the dock found at least the billed weight, or exactly the billed class. The correction's factor
 * is the weight ratio for a reweigh alone; for a reclass (the ratio of two class rates in the
 * carrier's tariff) it is read from the invoice: its linehaul, discount and fuel over the expected
 * ones. Every amount left unexplained beyond the tolerance is an amount variance.
 */
export function auditCarrierInvoice(input: CarrierAuditInput): CarrierAudit {
  const { expected, booked, billed, inspection } = input;
  const sum = (xs: readonly { amount_cents: number }[]) => xs.reduce((s, x) => s + x.amount_cents, 0);
  const expectedCents = sum(expected);
  const billedCents = sum(billed.lines);
  const reasons: VarianceReason[] = [];

  const reweigh = billed.weight_lb !== null && billed.weight_lb > booked.weight_lb && booked.weight_lb > 0;
  const reclass = billed.freight_class !== null && booked.freight_class !== null && billed.freight_class !== booked.freight_class;
  if (reweigh && billed.weight_lb !== null) {
    reasons.push({
      code: 'reweigh',
      booked_weight_lb: booked.weight_lb,
      billed_weight_lb: billed.weight_lb,
      inspected_weight_lb: inspection?.weight_lb ?? null,
      supported: inspection !== null && billed.weight_lb <= inspection.weight_lb,
    });
  }
  if (reclass && billed.freight_class !== null) {
    reasons.push({
      code: 'reclass',
      booked_class: booked.freight_class,
      billed_class: billed.freight_class,
      inspected_class: inspection?.freight_class ?? null,
      supported: inspection !== null && inspection.freight_class === billed.freight_class,
    });
  }

  const scaledExpected = sum(expected.filter((l) => SCALED.has(l.code)));
  const scaledBilled = sum(billed.lines.filter((l) => SCALED.has(l.code)));
  let factor: number | null = null;
  if (reclass && scaledExpected !== 0) factor = scaledBilled / scaledExpected;
  else if (reweigh && billed.weight_lb !== null) factor = billed.weight_lb / booked.weight_lb;
  const corrected = correctedAmounts(expected, factor ?? 1);
  const correctedCents = corrected.reduce((s, c) => s + c, 0);

  const expectedKeys = new Set(expected.map(expectedLineKey));
  const notOrdered = new Map<string, number>();
  for (const l of billed.lines) {
    if (ACCESSORIAL_SET.has(l.code) && !expectedKeys.has(l.code)) notOrdered.set(l.code, (notOrdered.get(l.code) ?? 0) + l.amount_cents);
  }
  for (const [accessorial, amount] of notOrdered) reasons.push({ code: 'accessorial_not_ordered', accessorial, amount_cents: amount });
  const notOrderedCents = [...notOrdered.values()].reduce((s, c) => s + c, 0);

  if (input.duplicateOf) reasons.push({ code: 'duplicate', of: input.duplicateOf });
  const unexplained = billedCents - correctedCents - notOrderedCents;
  const tolerance = toleranceCents(expectedCents, input.tolerance);
  if (Math.abs(unexplained) > tolerance) reasons.push({ code: 'amount_variance', variance_cents: unexplained, tolerance_cents: tolerance });

  // Line by line, in the expected lines' order, then what only the invoice has.
  const byKey = new Map<string, CarrierAuditLine>();
  const lineOf = (key: string) => {
    let line = byKey.get(key);
    if (!line) {
      line = { key, expected_cents: 0, corrected_cents: 0, billed_cents: 0, variance_cents: 0 };
      byKey.set(key, line);
    }
    return line;
  };
  expected.forEach((l, i) => {
    const line = lineOf(expectedLineKey(l));
    line.expected_cents += l.amount_cents;
    line.corrected_cents += corrected[i] ?? l.amount_cents;
  });
  for (const l of billed.lines) lineOf(l.code).billed_cents += l.amount_cents;
  const lines = [...byKey.values()].map((l) => ({ ...l, variance_cents: l.billed_cents - l.expected_cents }));

  return {
    expected_cents: expectedCents,
    billed_cents: billedCents,
    variance_cents: billedCents - expectedCents,
    factor,
    corrected_cents: correctedCents,
    unexplained_cents: unexplained,
    tolerance_cents: tolerance,
    lines,
    reasons,
    auto_approve: reasons.length === 0,
  };
}

/** Whether an approval of `approvedCents` accepts the audit's reweigh or reclass in full (then the shipper is re-billed). */
export function acceptsCorrection(audit: Pick<CarrierAudit, 'factor' | 'corrected_cents' | 'reasons'>, approvedCents: number) {
  const claimed = audit.reasons.some((r) => r.code === 'reweigh' || r.code === 'reclass');
  return claimed && audit.factor !== null && audit.factor > 1 && approvedCents >= audit.corrected_cents;
}
