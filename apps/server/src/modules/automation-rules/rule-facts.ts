import type { RuleShipment } from '@freight/domain';
import { lookupPlace } from '@freight/domain/rating';
import { type QuoteInput, rateItemsOf } from '../quotes/quotes.service';

type Place = { postal_code: string; country: string; site_type?: string | undefined };

const stateOf = (p: Place) => lookupPlace(p.postal_code, p.country as 'US')?.state ?? null;

/**
 * A quote request as the rules read it: states from the postal data, weights and sizes in pounds
 * and inches whatever the request's unit system, residential from the delivery's site type.
 */
export function ruleShipmentOf(
  input: Pick<QuoteInput, 'origin' | 'destination' | 'items' | 'unit_system'>,
  extra: { skus?: string[]; order_value_cents?: number | null; marketplace?: 'ebay' | 'none' } = {},
): RuleShipment {
  const items = rateItemsOf({ items: input.items, unit_system: input.unit_system ?? 'imperial' });
  return {
    origin: { state: stateOf(input.origin), country: input.origin.country },
    destination: {
      state: stateOf(input.destination),
      country: input.destination.country,
      residential: input.destination.site_type === 'residential',
    },
    weight_lb: Math.round(items.reduce((s, i) => s + i.quantity * i.unit_weight_lb, 0) * 100) / 100,
    longest_side_in: Math.max(0, ...items.map((i) => Math.max(i.length_in, i.width_in, i.height_in))),
    item_count: items.reduce((s, i) => s + i.quantity, 0),
    skus: extra.skus ?? [],
    order_value_cents: extra.order_value_cents ?? null,
    marketplace: extra.marketplace ?? 'none',
    hazmat: items.some((i) => i.hazardous),
  };
}

/** The facts of a quote form not yet complete enough to quote (POST /api/automation-rules/match). */
export function ruleShipmentOfForm(f: {
  origin: Place;
  destination: Place;
  weight_lb: number;
  longest_side_in: number;
  item_count: number;
  skus: string[];
  order_value_cents: number | null;
  hazmat: boolean;
}): RuleShipment {
  return {
    origin: { state: stateOf(f.origin), country: f.origin.country },
    destination: { state: stateOf(f.destination), country: f.destination.country, residential: f.destination.site_type === 'residential' },
    weight_lb: f.weight_lb,
    longest_side_in: f.longest_side_in,
    item_count: f.item_count,
    skus: f.skus,
    order_value_cents: f.order_value_cents,
    marketplace: 'none',
    hazmat: f.hazmat,
  };
}
