/**
 * Pricing a carrier's rate for a shipper. Pure and integer: the cost lines are the rating engine's
 * (integer cents), percentages are basis points, and every division rounds by a stated rule:
 * - a markup or discount amount rounds half away from zero (amount x bp / 10,000);
 * - the minimum margin in percent rounds up, so the margin is never a fraction of a cent short;
 * - an amount spread over several lines is split in proportion to them by largest remainder
 *   (each line's exact share rounded down, the cents left over going one each to the largest
 *   remainders, the earlier line first among equals), so the price lines sum to the price exactly.
 *
 * What is marked up and what is sold at cost:
 * - linehaul (freight, discount, minimum), fuel, accessorials and surcharges are carrier charges
 *   for moving the freight, and carry the margin;
 * - insurance is sold at its own premium (already our price, priced by its own schedule) and a
 *   parcel's declared-value charge is the carrier's liability cover passed through: both at cost.
 */
import type { Cents, ChargeLine } from '../rating/types';
import { bestContractLane, bestRule } from './match';
import type { AppliedPricing, PricedRate, PricingContext, PricingProgram, ProgramInForce } from './types';

type Treatment = 'linehaul' | 'fuel' | 'extra' | 'at_cost';

/** How a cost line is sold (see the module's note). */
export function treatmentOf(line: Pick<ChargeLine, 'code' | 'detail'>): Treatment {
  switch (line.code) {
    case 'freight':
    case 'gross':
    case 'discount':
    case 'minimum':
      return 'linehaul';
    case 'fuel':
      return 'fuel';
    case 'accessorial':
      return line.detail === 'declared_value' ? 'at_cost' : 'extra';
    case 'surcharge':
      return 'extra';
    default:
      return 'at_cost';
  }
}

const markedUp = (line: ChargeLine) => treatmentOf(line) !== 'at_cost';
const transport = (line: ChargeLine) => {
  const t = treatmentOf(line);
  return t === 'linehaul' || t === 'fuel';
};

/** n / d rounded half away from zero (d > 0). */
export function divRound(n: number, d: number): number {
  const q = Math.floor((2 * Math.abs(n) + d) / (2 * d));
  return n < 0 ? -q : q;
}

/** amount x bp / 10,000, half away from zero. */
export const applyBp = (amount: Cents, bp: number): Cents => divRound(amount * bp, 10_000);

const floorDiv = (n: bigint, d: bigint) => {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
};

/**
 * Adds `amount` to the lines at `eligible`, in proportion to their amounts, by largest remainder
 * (BigInt inside: cents x cents may pass 2^53). When those lines sum to nothing or less, there is
 * no proportion to keep: the first eligible line (or the first line) takes it all.
 */
export function spread(lines: ChargeLine[], amount: Cents, eligible: (line: ChargeLine) => boolean): ChargeLine[] {
  if (amount === 0) return lines;
  const at = lines.flatMap((l, i) => (eligible(l) ? [i] : []));
  const weight = at.reduce((s, i) => s + BigInt(lines[i]!.amount_cents), 0n);
  const out = lines.map((l) => ({ ...l }));
  if (weight <= 0n) {
    const first = at[0] ?? 0;
    if (out[first]) out[first].amount_cents += amount;
    else out.push({ code: 'freight', label: 'quote.charges.freight', amount_cents: amount });
    return out;
  }
  const total = BigInt(amount);
  const shares = at.map((i, k) => {
    const exact = total * BigInt(lines[i]!.amount_cents);
    const floor = floorDiv(exact, weight);
    return { i, k, floor, remainder: exact - floor * weight };
  });
  let left = total - shares.reduce((s, x) => s + x.floor, 0n);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.k - b.k : a.remainder > b.remainder ? -1 : 1));
  for (const share of byRemainder) {
    if (left <= 0n) break;
    share.floor += 1n;
    left -= 1n;
  }
  for (const share of shares) out[share.i]!.amount_cents += Number(share.floor);
  return out;
}

const sum = (lines: readonly ChargeLine[]) => lines.reduce((s, l) => s + l.amount_cents, 0);

/** The least margin a price of this cost needs: the higher of the cents and of the percent of the price (rounded up). */
export function requiredMargin(cost: Cents, minimum_cents: Cents, minimum_bp: number): Cents {
  const percent = cost > 0 && minimum_bp > 0 ? Math.ceil((cost * minimum_bp) / (10_000 - minimum_bp)) : 0;
  return Math.max(minimum_cents, percent);
}

/** LTL sold at its base tariff less a discount; fuel follows the linehaul (see PricingAdjustment). */
function discountOffBase(lines: ChargeLine[], discount_bp: number): ChargeLine[] {
  const base = sum(lines.filter((l) => l.code === 'freight' || l.code === 'gross'));
  const costLinehaul = sum(lines.filter((l) => treatmentOf(l) === 'linehaul'));
  const discount = applyBp(base, discount_bp);
  // A discount never sells the linehaul for less than the carrier charges for it (its minimum charge included).
  const minimum = Math.max(0, costLinehaul - (base - discount));
  const sold = base - discount + minimum;
  const out: ChargeLine[] = lines.filter((l) => l.code === 'freight' || l.code === 'gross');
  if (discount !== 0) out.push({ code: 'discount', label: 'quote.charges.discount', amount_cents: -discount });
  if (minimum > 0) out.push({ code: 'minimum', label: 'quote.charges.minimum', amount_cents: minimum });
  for (const l of lines) {
    const t = treatmentOf(l);
    if (t === 'linehaul') continue;
    // Fuel is a percentage of the linehaul: sold linehaul / cost linehaul of it, half away from zero.
    const amount =
      t === 'fuel' && costLinehaul > 0
        ? Number((2n * BigInt(l.amount_cents) * BigInt(sold) + BigInt(costLinehaul)) / (2n * BigInt(costLinehaul)))
        : l.amount_cents;
    out.push({ ...l, amount_cents: amount });
  }
  return out;
}

function result(
  lines: ChargeLine[],
  cost: Cents,
  applied: AppliedPricing,
  flags: { minimum_applied: boolean; below_minimum: boolean },
): PricedRate {
  const price = sum(lines);
  const margin = price - cost;
  return {
    lines,
    cost_cents: cost,
    price_cents: price,
    margin_cents: margin,
    margin_bp: price > 0 ? divRound(margin * 10_000, price) : null,
    applied,
    minimum_applied: flags.minimum_applied,
    below_minimum: flags.below_minimum,
    below_cost: margin < 0,
  };
}

function assertLines(lines: readonly ChargeLine[]) {
  for (const l of lines) if (!Number.isSafeInteger(l.amount_cents)) throw new RangeError('charge lines must be whole cents');
}

/** The account's program first, then the default one: the first contract lane or rule found, by precedence (match.ts). */
function pick(programs: readonly (ProgramInForce | undefined)[], ctx: PricingContext) {
  for (const p of programs) {
    if (!p) continue;
    const lane = bestContractLane(p.program.contract_lanes, ctx);
    if (lane >= 0) return { p, source: 'contract' as const, index: lane };
    const rule = bestRule(p.program.rules, ctx);
    if (rule >= 0) return { p, source: 'rule' as const, index: rule };
  }
  return undefined;
}

const minimumOf = (program: PricingProgram, rule?: { minimum_margin_cents?: Cents; minimum_margin_bp?: number }) => ({
  cents: rule?.minimum_margin_cents ?? program.minimum_margin_cents,
  bp: rule?.minimum_margin_bp ?? program.minimum_margin_bp,
});

/**
 * The shipper's price of one carrier rate: `costLines` are the rate's lines (the carrier's charges,
 * insurance included), `account` and `fallback` the account's and the default program versions in
 * force on the pickup date (either may be missing). Without a matching lane or rule the rate is
 * sold at cost. A contract lane's price is fixed: it may fall below the minimum margin or even
 * below cost, which the result flags rather than corrects (staff agreed that price).
 */
export function priceRate(
  costLines: readonly ChargeLine[],
  ctx: PricingContext,
  programs: { account?: ProgramInForce; fallback?: ProgramInForce },
): PricedRate {
  assertLines(costLines);
  const lines = costLines.map((l) => ({ ...l }));
  const cost = sum(lines);
  const chosen = pick([programs.account, programs.fallback], ctx);
  if (!chosen) return result(lines, cost, { source: 'none' }, { minimum_applied: false, below_minimum: false });
  const { p, source, index } = chosen;
  const where = { scope: p.scope, program_id: p.program_id, version: p.version, index };

  if (source === 'contract') {
    const lane = p.program.contract_lanes[index]!;
    const priced: ChargeLine[] = [
      { code: 'freight', label: 'quote.charges.freight', detail: 'contract', amount_cents: lane.price_cents },
      ...lines.filter((l) => !transport(l)),
    ];
    const min = minimumOf(p.program);
    const below = sum(priced) - cost < requiredMargin(cost, min.cents, min.bp);
    return result(priced, cost, { source, ...where, name: lane.name }, { minimum_applied: false, below_minimum: below });
  }

  const rule = p.program.rules[index]!;
  const adj = rule.adjustment;
  let priced: ChargeLine[];
  if (adj.kind === 'discount_off_base') priced = discountOffBase(lines, adj.discount_bp);
  else {
    const extra = adj.kind === 'markup' ? applyBp(sum(lines.filter(markedUp)), adj.markup_bp) : adj.amount_cents;
    priced = spread(lines, extra, markedUp);
  }
  const min = minimumOf(p.program, rule);
  const short = requiredMargin(cost, min.cents, min.bp) - (sum(priced) - cost);
  if (short > 0) priced = spread(priced, short, markedUp);
  return result(priced, cost, { source, ...where, name: rule.name }, { minimum_applied: short > 0, below_minimum: false });
}
