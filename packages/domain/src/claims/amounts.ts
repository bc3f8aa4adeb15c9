/**
 * What a freight claim may ask for. The claim is the invoice value of the goods lost or damaged
 * (plus the freight paid, if the shipper claims it back), less what the damaged goods still fetch
 * (salvage), and never more than the carrier is liable for: the insured value when cargo insurance
 * was bought, else the declared value when one was declared, else the carrier's limit per pound of
 * new goods. Integer cents throughout.
 */
import type { Cents } from '../rating/types';
import type { LiabilityBasis } from './kinds';

/** The usual LTL tariff limit for new goods without a declared value: $25 per pound. */
export const NEW_GOODS_LIABILITY_CENTS_PER_LB = 2_500;

/** What the shipment says of the freight and its value. */
export interface ClaimShipmentFacts {
  /** Handling units shipped (the items' quantities). */
  pieces: number;
  /** The shipment's weight in pounds (each item's weight times its quantity). */
  weightLb: number;
  /** The value declared at booking; 0 when none. */
  declaredValueCents: Cents;
  /** What cargo insurance covers; null when none was bought. */
  insuredCents: Cents | null;
  /** The freight charges the shipper paid: the most it can claim back. */
  freightPaidCents: Cents;
}

export interface Liability {
  basis: LiabilityBasis;
  /** The most the carrier owes for the whole shipment's goods. */
  capCents: Cents;
}

export function liabilityOf(s: ClaimShipmentFacts): Liability {
  if (s.insuredCents !== null && s.insuredCents > 0) return { basis: 'insured', capCents: s.insuredCents };
  if (s.declaredValueCents > 0) return { basis: 'declared', capCents: s.declaredValueCents };
  return { basis: 'per_pound', capCents: Math.round(s.weightLb * NEW_GOODS_LIABILITY_CENTS_PER_LB) };
}

/**
 * A line's share of the liability, by its pieces of the shipment's (rounded down, so the shares
 * never add up past the whole).
 */
export function lineBoundCents(capCents: Cents, linePieces: number, shipmentPieces: number): Cents {
  if (shipmentPieces <= 0) return 0;
  return Math.floor((capCents * Math.min(linePieces, shipmentPieces)) / shipmentPieces);
}

export interface ClaimLineAmount {
  pieces: number;
  amountCents: Cents;
}

export interface ClaimAmountInput {
  lines: readonly ClaimLineAmount[];
  /** Freight charges claimed back; 0 when none. */
  freightCents: Cents;
  /** What the damaged goods still fetch; 0 when nothing. */
  salvageCents: Cents;
  /** The commercial invoice's value of the goods claimed, when the shipper gave it. */
  commercialInvoiceCents: Cents | null;
}

/** Why a claim's amounts are refused, by the field that is wrong. */
export type ClaimAmountProblem =
  | { field: `lines.${number}.amount_cents`; problem: 'line_over_bound'; maxCents: Cents }
  | { field: 'lines'; problem: 'pieces_over'; maxPieces: number }
  | { field: 'lines'; problem: 'total_over_bound'; maxCents: Cents }
  | { field: 'lines'; problem: 'over_invoice'; maxCents: Cents }
  | { field: 'freight_cents'; problem: 'freight_over_paid'; maxCents: Cents }
  | { field: 'salvage_cents'; problem: 'salvage_over'; maxCents: Cents };

export interface ClaimAmount extends Liability {
  lineBoundsCents: Cents[];
  goodsCents: Cents;
  /** goods + freight - salvage: what the claim asks for. */
  totalCents: Cents;
  problems: ClaimAmountProblem[];
}

/** The claim's amount and everything wrong with it (none: the claim is within its bounds). */
export function claimAmount(shipment: ClaimShipmentFacts, input: ClaimAmountInput): ClaimAmount {
  const liability = liabilityOf(shipment);
  const problems: ClaimAmountProblem[] = [];
  const lineBoundsCents = input.lines.map((l) => lineBoundCents(liability.capCents, l.pieces, shipment.pieces));
  input.lines.forEach((line, i) => {
    const maxCents = lineBoundsCents[i] ?? 0;
    if (line.amountCents > maxCents) problems.push({ field: `lines.${i}.amount_cents`, problem: 'line_over_bound', maxCents });
  });
  const pieces = input.lines.reduce((sum, l) => sum + l.pieces, 0);
  if (pieces > shipment.pieces) problems.push({ field: 'lines', problem: 'pieces_over', maxPieces: shipment.pieces });
  const goodsCents = input.lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (goodsCents > liability.capCents) problems.push({ field: 'lines', problem: 'total_over_bound', maxCents: liability.capCents });
  if (input.commercialInvoiceCents !== null && goodsCents > input.commercialInvoiceCents) {
    problems.push({ field: 'lines', problem: 'over_invoice', maxCents: input.commercialInvoiceCents });
  }
  if (input.freightCents > shipment.freightPaidCents) {
    problems.push({ field: 'freight_cents', problem: 'freight_over_paid', maxCents: shipment.freightPaidCents });
  }
  if (input.salvageCents > goodsCents + input.freightCents) {
    problems.push({ field: 'salvage_cents', problem: 'salvage_over', maxCents: goodsCents + input.freightCents });
  }
  return {
    ...liability,
    lineBoundsCents,
    goodsCents,
    totalCents: goodsCents + input.freightCents - input.salvageCents,
    problems,
  };
}
