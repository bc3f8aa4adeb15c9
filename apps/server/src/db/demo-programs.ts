// The demo's pricing programs: what the demo seed publishes, and what scenarios give companies of their own.
import type { PricingProgram } from '@freight/domain/pricing';
import { addDays } from '@freight/domain/rating';

/**
 * The default program as brokers commonly start (margins of LTL 10-20%, truckload 12-18%;
 * docs/freight-rules.md): a markup per mode over the carrier's cost, at least $35 and 8% of the
 * price a shipment. A parcel rate is often under $35 in all, so its rule asks for $2 at least
 * instead.
 */
export const DEMO_DEFAULT_PROGRAM: PricingProgram = {
  rules: [
    { name: 'LTL', match: { mode: 'ltl' }, adjustment: { kind: 'markup', markup_bp: 1_500 } },
    { name: 'Parcel', match: { mode: 'parcel' }, adjustment: { kind: 'markup', markup_bp: 1_200 }, minimum_margin_cents: 200 },
    { name: 'Truckload', match: { mode: 'truckload' }, adjustment: { kind: 'markup', markup_bp: 1_400 } },
  ],
  contract_lanes: [],
  minimum_margin_cents: 3_500,
  minimum_margin_bp: 800,
};

/**
 * How long before the seed day the demo programs are in force: the demo's quote and shipment
 * history (its shipments go back some ten weeks) was priced by them, so staff see its margin.
 */
export const DEMO_PRICING_SINCE_DAYS = 120;

/** Demo Shipper Co's contract lane: its most quoted lane, Chicago (606) to Dallas (752), LTL up to 1,000 lb, for a year. */
export function demoShipperProgram(since: string): PricingProgram {
  return {
    rules: [],
    contract_lanes: [
      {
        name: 'Chicago - Dallas, LTL up to 1,000 lb',
        mode: 'ltl',
        origin: { zip3: ['606'] },
        destination: { zip3: ['752'] },
        weight: { max_lb: 1_000 },
        price_cents: 34_500,
        valid_from: since,
        valid_to: addDays(since, 365),
      },
    ],
    minimum_margin_cents: 3_500,
    minimum_margin_bp: 800,
  };
}
