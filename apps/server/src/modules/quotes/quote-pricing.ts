import type { Currency } from '@freight/domain';
import { type PricingContext, priceRate } from '@freight/domain/pricing';
import { type ChargeLine, convertCents, type ExchangeRates } from '@freight/domain/rating';
import type { ProgramsInForce } from '../pricing-programs/pricing-programs.service';
import type { QuoteInput, RateCost } from './quote-rows';

/**
 * The shipment as the programs read it, the carrier left to set per rate: its places with their
 * states, its pickup date and its actual weight (not the deficit weight an LTL rate may bill:
 * docs/brokerage.md).
 */
export function pricingShipment(
  input: Pick<QuoteInput, 'mode' | 'origin' | 'destination' | 'pickup_date'>,
  states: { origin: string; destination: string },
  items: readonly { quantity: number; unit_weight_lb: number }[],
): PricingContext {
  return {
    mode: input.mode,
    carrier_scac: '',
    origin: { postal_code: input.origin.postal_code, country: input.origin.country, state: states.origin },
    destination: { postal_code: input.destination.postal_code, country: input.destination.country, state: states.destination },
    weight_lb: items.reduce((s, i) => s + i.quantity * i.unit_weight_lb, 0),
    date: input.pickup_date,
  };
}

const inCurrency = (lines: readonly ChargeLine[], currency: Currency, rates: ExchangeRates): ChargeLine[] =>
  lines.map((l) => ({ ...l, amount_cents: convertCents(l.amount_cents, 'USD', currency, rates) }));

const total = (lines: readonly ChargeLine[]) => lines.reduce((s, l) => s + l.amount_cents, 0);

/**
 * A carrier's lines (US dollars) priced by the programs and both sides converted to the quote's
 * currency: programs hold dollar amounts, so pricing comes before the conversion.
 */
export function priceCarrierRate(
  costUsd: readonly ChargeLine[],
  context: PricingContext,
  programs: ProgramsInForce,
  currency: Currency,
  rates: ExchangeRates,
): { charges: ChargeLine[]; total_cents: number; cost: RateCost } {
  const priced = priceRate(costUsd, context, programs);
  const charges = inCurrency(priced.lines, currency, rates);
  const costLines = inCurrency(costUsd, currency, rates);
  return {
    charges,
    total_cents: total(charges),
    cost: {
      charges: costLines,
      total_cents: total(costLines),
      applied: priced.applied,
      ...(priced.below_minimum ? { below_minimum: true as const } : {}),
    },
  };
}
