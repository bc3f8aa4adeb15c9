import type { RuleActions } from './types';

/** The parts of a quote request the rules change (the contract's shape, kept loose so both sides fit). */
export interface RuleQuoteFields {
  mode: string;
  accessorials: string[];
  items: { package_type?: string | undefined }[];
}

/**
 * A quote request with the rules' actions applied: the mode, the accessorials added to those
 * already asked for, and the package preset on items that name no package type. Carrier choice,
 * service level and insurance act on the rates, not on the request (`pickRate`).
 */
export function applyToQuote<Q extends RuleQuoteFields>(input: Q, actions: RuleActions): Q {
  const preset = actions.package_preset;
  return {
    ...input,
    ...(actions.mode ? { mode: actions.mode } : {}),
    accessorials: [...new Set([...input.accessorials, ...(actions.accessorials ?? [])])],
    items: preset ? input.items.map((i) => (i.package_type ? i : { ...i, package_type: preset })) : input.items,
  };
}

export interface RuleRate {
  scac: string;
  total_cents: number;
  transit_days: number;
}

/**
 * The rate the rules pick: excluded carriers left out; among preferred carriers if any rated,
 * otherwise among all; then the fastest (fewest transit days, the price breaking a tie) for
 * 'fastest', else the cheapest (transit days breaking a tie). Null when no rate is left.
 */
export function pickRate<R extends RuleRate>(rates: readonly R[], actions: RuleActions): R | null {
  const excluded = new Set((actions.exclude_carriers ?? []).map((s) => s.toUpperCase()));
  const preferred = new Set((actions.prefer_carriers ?? []).map((s) => s.toUpperCase()));
  const allowed = rates.filter((r) => !excluded.has(r.scac.toUpperCase()));
  const favourite = allowed.filter((r) => preferred.has(r.scac.toUpperCase()));
  const pool = favourite.length ? favourite : allowed;
  const fastest = actions.service_level === 'fastest';
  const better = (a: R, b: R) =>
    fastest
      ? a.transit_days - b.transit_days || a.total_cents - b.total_cents
      : a.total_cents - b.total_cents || a.transit_days - b.transit_days;
  return pool.reduce<R | null>((best, r) => (!best || better(r, best) < 0 ? r : best), null);
}
