import type { StaffQuoteLowestMargin, StaffQuoteRateMargin } from '@freight/contracts';
import type { ChargeLine } from '@freight/domain/rating';
import { costOfRate, type QuoteCosts, type QuoteResult, type StoredRate } from '../quotes/quotes.service';
import { marginFigures, pricingAppliedView } from '../staff-shipments/staff-shipments.service';

/**
 * A stored rate's broker side: its cost lines (each named by `labelOf`, in the reader's language),
 * margin and what priced it. The cost is in the quote's currency, as the price: quoting converts
 * both from the carrier's dollars. A quote rated before pricing went live has no `costs`: its rate
 * was then the carrier's tariff, so it is its own cost (margin 0), as for booking and the preview.
 */
export function rateMargin(costs: unknown, rate: StoredRate, labelOf: (line: ChargeLine) => string): StaffQuoteRateMargin {
  const stored = (costs as QuoteCosts | null)?.[rate.id];
  const cost = costOfRate(costs, rate);
  const figures = marginFigures({ totalCents: rate.total_cents, costCents: cost.total_cents });
  return {
    cost_lines: cost.charges.map((c) => ({ code: c.code, label: labelOf(c), amount_cents: c.amount_cents })),
    ...figures,
    applied: pricingAppliedView(cost.applied),
    below_cost: figures.margin_cents < 0,
    below_minimum: stored?.below_minimum === true,
    cost_recorded: stored !== undefined,
  };
}

/** The quote's lowest price (the first rate at its lowest total); undefined without a rate. */
export function lowestRate(result: unknown): StoredRate | undefined {
  const { rates } = result as QuoteResult;
  const lowest = Math.min(...rates.map((r) => r.total_cents));
  return rates.find((r) => r.total_cents === lowest);
}

/** The lowest price's cost and margin, as the account's recent quotes list them; nothing for a quote without a rate. */
export function lowestMargin(quote: { result: unknown; costs: unknown }): StaffQuoteLowestMargin {
  const rate = lowestRate(quote.result);
  if (!rate) return {};
  const cost = costOfRate(quote.costs, rate);
  const { cost_cents, margin_cents, margin_bp } = marginFigures({ totalCents: rate.total_cents, costCents: cost.total_cents });
  return { lowest_cost_cents: cost_cents, lowest_margin_cents: margin_cents, lowest_margin_bp: margin_bp };
}
