/**
 * Which contract lane or rule prices a rate. Precedence, first that matches wins:
 * 1. the account program's contract lanes, then its rules;
 * 2. the default program's contract lanes, then its rules;
 * 3. nothing: the rate is sold at cost (and the result says so).
 * Within one list the most specific entry wins; a tie goes to the entry listed first, so the
 * staff's order decides and the same program always prices the same rate the same way.
 */
import type { ContractLane, PlaceMatch, PricingContext, PricingMatch, PricingPlace, PricingRule, WeightRange } from './types';

/** The ZIP3 zone of a US place; other countries have none. */
export function zip3Of(place: Pick<PricingPlace, 'postal_code' | 'country'>): string | undefined {
  const digits = place.postal_code.trim().slice(0, 3);
  return place.country === 'US' && /^\d{3}$/.test(digits) ? digits : undefined;
}

/** Whether the place is in the list: 2 when matched by ZIP3 (finer), 1 by state, 0 not at all. */
export function placeMatch(match: PlaceMatch, place: PricingPlace): 0 | 1 | 2 {
  if ('zip3' in match) {
    const zone = zip3Of(place);
    return zone !== undefined && match.zip3.includes(zone) ? 2 : 0;
  }
  const state = place.state?.trim().toUpperCase();
  return state !== undefined && state !== '' && match.states.includes(state) ? 1 : 0;
}

/** From `min_lb` inclusive to `max_lb` exclusive. */
export function inWeightRange(range: WeightRange, weight_lb: number): boolean {
  return (range.min_lb === undefined || weight_lb >= range.min_lb) && (range.max_lb === undefined || weight_lb < range.max_lb);
}

/**
 * How specific a match is, when it matches the context (undefined when it does not): compared
 * field by field, the first difference decides. First how many of mode, carrier, origin,
 * destination and weight it names; then how finely its places matched (ZIP3 over state).
 */
export type Specificity = readonly [number, number];

export function matchRule(match: PricingMatch, ctx: PricingContext): Specificity | undefined {
  let fields = 0;
  let fineness = 0;
  if (match.mode !== undefined) {
    if (match.mode !== ctx.mode) return undefined;
    fields++;
  }
  if (match.carrier_scac !== undefined) {
    if (match.carrier_scac !== ctx.carrier_scac.toUpperCase()) return undefined;
    fields++;
  }
  for (const [m, place] of [
    [match.origin, ctx.origin],
    [match.destination, ctx.destination],
  ] as const) {
    if (m === undefined) continue;
    const how = placeMatch(m, place);
    if (how === 0) return undefined;
    fields++;
    fineness += how;
  }
  if (match.weight !== undefined) {
    if (!inWeightRange(match.weight, ctx.weight_lb)) return undefined;
    fields++;
  }
  return [fields, fineness];
}

/** A rule only prices what its adjustment can price: a discount off the base tariff needs an LTL rate. */
function ruleMatch(rule: PricingRule, ctx: PricingContext): Specificity | undefined {
  if (rule.adjustment.kind === 'discount_off_base' && ctx.mode !== 'ltl') return undefined;
  return matchRule(rule.match, ctx);
}

/** A contract lane always names its mode and both ends; carrier and weight make it more specific. */
function laneMatch(lane: ContractLane, ctx: PricingContext): Specificity | undefined {
  if (ctx.date < lane.valid_from || ctx.date > lane.valid_to) return undefined;
  return matchRule(
    { mode: lane.mode, carrier_scac: lane.carrier_scac, origin: lane.origin, destination: lane.destination, weight: lane.weight },
    ctx,
  );
}

const moreSpecific = (a: Specificity, b: Specificity) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/** Index of the most specific matching entry (the first listed among equals), or -1. */
function best<T>(entries: readonly T[], score: (entry: T) => Specificity | undefined): number {
  let at = -1;
  let top: Specificity | undefined;
  entries.forEach((entry, i) => {
    const s = score(entry);
    // Strictly more specific only: an equal one later in the list never displaces an earlier one.
    if (s !== undefined && (top === undefined || moreSpecific(s, top))) {
      at = i;
      top = s;
    }
  });
  return at;
}

export const bestRule = (rules: readonly PricingRule[], ctx: PricingContext) => best(rules, (r) => ruleMatch(r, ctx));
export const bestContractLane = (lanes: readonly ContractLane[], ctx: PricingContext) => best(lanes, (l) => laneMatch(l, ctx));
