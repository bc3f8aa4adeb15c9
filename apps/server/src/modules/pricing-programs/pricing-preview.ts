import type { PricingImpact, PricingPreview, PricingPreviewLine, QuoteRequest } from '@freight/contracts';
import type { UnitSystem } from '@freight/domain';
import {
  costOfRate,
  divRound,
  type PricingContext,
  type PricingMode,
  type PricingPlace,
  type ProgramInForce,
  priceRate,
} from '@freight/domain/pricing';
import { type ChargeLine, lookupPlace, toPounds } from '@freight/domain/rating';

/**
 * What a preview reads of a stored quote: the request as stored (its unit system resolved) and each
 * carrier rate's id, carrier and charges. Stated here rather than imported from the quotes module,
 * which prices its quotes with this module's programs.
 */
type QuoteInput = QuoteRequest & { unit_system: UnitSystem };
interface QuoteResult {
  rates: { id: string; scac: string; charges: ChargeLine[]; total_cents: number }[];
}

/** A stored quote as a preview reads it. */
export interface PreviewQuote {
  id: string;
  number: string;
  accountId: string;
  accountName: string;
  mode: string;
  currency: string;
  input: unknown;
  result: unknown;
  /** Each rate's cost (`quotes.costs`); null on a quote rated before pricing went live. */
  costs: unknown;
  createdAt: Date;
}

/** The account's and the default program versions that price a quote of `accountId`. */
export type ProgramsOf = (accountId: string) => { account?: ProgramInForce; fallback?: ProgramInForce };

const place = (p: QuoteInput['origin']): PricingPlace => ({
  postal_code: p.postal_code,
  country: p.country,
  state: lookupPlace(p.postal_code, p.country)?.state,
});

/** The shipment of a stored quote's rate, as the pricing reads it (the quote's own weight in pounds). */
export function pricingContext(input: QuoteInput, carrierScac: string): PricingContext {
  return {
    mode: input.mode as PricingMode,
    carrier_scac: carrierScac,
    origin: place(input.origin),
    destination: place(input.destination),
    weight_lb: input.items.reduce((s, i) => s + i.quantity * toPounds(i.weight, input.unit_system), 0),
    date: input.pickup_date,
  };
}

const lane = (input: QuoteInput) =>
  `${input.origin.postal_code} ${input.origin.country} → ${input.destination.postal_code} ${input.destination.country}`;

/**
 * Prices every carrier rate of the stored quotes twice: with the programs in force and with the
 * draft in its program's place. A rate's cost is the quote's stored cost; a quote rated before
 * pricing went live has none, and its stored rate, which was then the carrier's tariff shown as
 * it was, is the cost (costOfRate). Only US dollar quotes are compared (a program's amounts are
 * dollars; the engine prices in dollars and converts last); the others are counted as skipped.
 */
export function previewPricing(stored: readonly PreviewQuote[], current: ProgramsOf, draft: ProgramsOf, previewedAt: Date): PricingPreview {
  const lines: PricingPreviewLine[] = [];
  let skipped = 0;
  for (const quote of stored) {
    const input = quote.input as QuoteInput;
    const result = quote.result as QuoteResult;
    if (quote.currency !== 'USD' || !Array.isArray(result?.rates)) {
      skipped++;
      continue;
    }
    for (const rate of result.rates) {
      const ctx = pricingContext(input, rate.scac);
      const cost = costOfRate(quote.costs, rate).charges;
      const now = priceRate(cost, ctx, current(quote.accountId));
      const next = priceRate(cost, ctx, draft(quote.accountId));
      lines.push({
        quote_id: quote.id,
        quote_number: quote.number,
        created_at: quote.createdAt.toISOString(),
        account_name: quote.accountName,
        mode: quote.mode,
        carrier_scac: rate.scac,
        lane: lane(input),
        weight_lb: Math.round(ctx.weight_lb),
        cost_cents: next.cost_cents,
        current_price_cents: now.price_cents,
        new_price_cents: next.price_cents,
        new_margin_cents: next.margin_cents,
        new_margin_bp: next.margin_bp,
        applied: next.applied.source,
        applied_name: next.applied.source === 'none' ? null : next.applied.name,
        below_cost: next.below_cost,
        below_minimum: next.below_minimum,
      });
    }
  }
  const total = (pick: (l: PricingPreviewLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const newPrice = total((l) => l.new_price_cents);
  const newMargin = total((l) => l.new_margin_cents);
  const impact: PricingImpact = {
    quotes: stored.length - skipped,
    rates: lines.length,
    skipped,
    cost_cents: total((l) => l.cost_cents),
    current_price_cents: total((l) => l.current_price_cents),
    new_price_cents: newPrice,
    new_margin_cents: newMargin,
    new_margin_bp: newPrice > 0 ? divRound(newMargin * 10_000, newPrice) : null,
    below_cost: lines.filter((l) => l.below_cost).length,
    previewed_at: previewedAt.toISOString(),
  };
  return { lines, impact };
}
