import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestContractLane, bestRule, inWeightRange, placeMatch, zip3Of } from './match';
import type { ContractLane, PricingContext, PricingRule } from './types';

const ctx = (over: Partial<PricingContext> = {}): PricingContext => ({
  mode: 'ltl',
  carrier_scac: 'SAIA',
  origin: { postal_code: '60606', country: 'US', state: 'IL' },
  destination: { postal_code: '75201', country: 'US', state: 'TX' },
  weight_lb: 800,
  date: '2026-03-02',
  ...over,
});
const rule = (name: string, match: PricingRule['match']): PricingRule => ({
  name,
  match,
  adjustment: { kind: 'markup', markup_bp: 1_000 },
});

describe('places', () => {
  it('matches a US ZIP3 zone by the first three digits, and never another country', () => {
    expect(zip3Of({ postal_code: ' 60606-1234', country: 'US' })).toBe('606');
    expect(zip3Of({ postal_code: 'M5V 2T6', country: 'CA' })).toBeUndefined();
    expect(placeMatch({ zip3: ['606', '607'] }, { postal_code: '60606', country: 'US' })).toBe(2);
    expect(placeMatch({ zip3: ['606'] }, { postal_code: '60506', country: 'US' })).toBe(0);
    expect(placeMatch({ zip3: ['606'] }, { postal_code: '60606', country: 'MX' })).toBe(0);
  });

  it('matches a state by its code, and never a place whose state is unknown', () => {
    expect(placeMatch({ states: ['IL', 'ON', 'NLE'] }, { postal_code: '60606', country: 'US', state: 'il' })).toBe(1);
    expect(placeMatch({ states: ['ON'] }, { postal_code: 'M5V 2T6', country: 'CA', state: 'ON' })).toBe(1);
    expect(placeMatch({ states: ['IL'] }, { postal_code: '60606', country: 'US' })).toBe(0);
    expect(placeMatch({ states: ['IL'] }, { postal_code: '75201', country: 'US', state: 'TX' })).toBe(0);
  });
});

describe('weight breaks', () => {
  it('include their lower edge and exclude their upper one', () => {
    const range = { min_lb: 500, max_lb: 1_000 };
    expect(inWeightRange(range, 499.99)).toBe(false);
    expect(inWeightRange(range, 500)).toBe(true);
    expect(inWeightRange(range, 999.99)).toBe(true);
    expect(inWeightRange(range, 1_000)).toBe(false);
    expect(inWeightRange({}, 0)).toBe(true);
  });

  it('adjacent breaks price every weight exactly once', () => {
    const edges = [0, 500, 1_000, 2_000, 5_000, 10_000, 20_000];
    const rules = edges.map((min, i) => rule(`b${i}`, { weight: { min_lb: min, max_lb: edges[i + 1] } }));
    fc.assert(
      fc.property(fc.double({ min: 0, max: 60_000, noNaN: true }), (w) => {
        const matching = rules.filter((r) => inWeightRange(r.match.weight!, w));
        expect(matching).toHaveLength(1);
        expect(bestRule(rules, ctx({ weight_lb: w }))).toBe(rules.indexOf(matching[0]!));
      }),
    );
  });
});

describe('precedence', () => {
  it('takes the most specific rule: more fields first, then ZIP3 over state', () => {
    const rules = [
      rule('any', {}),
      rule('ltl', { mode: 'ltl' }),
      rule('ltl to TX', { mode: 'ltl', destination: { states: ['TX'] } }),
      rule('ltl to 752', { mode: 'ltl', destination: { zip3: ['752'] } }),
      rule('SAIA ltl IL to TX', { mode: 'ltl', carrier_scac: 'SAIA', origin: { states: ['IL'] }, destination: { states: ['TX'] } }),
    ];
    expect(bestRule(rules, ctx())).toBe(4);
    expect(bestRule(rules, ctx({ carrier_scac: 'ODFL' }))).toBe(3);
    expect(bestRule(rules, ctx({ carrier_scac: 'ODFL', destination: { postal_code: '77002', country: 'US', state: 'TX' } }))).toBe(2);
    expect(bestRule(rules, ctx({ carrier_scac: 'ODFL', destination: { postal_code: '10001', country: 'US', state: 'NY' } }))).toBe(1);
    expect(bestRule(rules, ctx({ mode: 'parcel' }))).toBe(0);
    expect(bestRule(rules.slice(1), ctx({ mode: 'parcel' }))).toBe(-1);
  });

  it('resolves equally specific rules by their order, whatever the order', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(['a', 'b', 'c', 'd'], { minLength: 2 }), (names) => {
        const rules = names.map((n) => rule(n, { mode: 'ltl' }));
        expect(bestRule(rules, ctx())).toBe(0);
      }),
    );
  });

  it('takes a contract lane only on its dates, and a carrier-specific lane over an any-carrier one', () => {
    const lane = (name: string, over: Partial<ContractLane> = {}): ContractLane => ({
      name,
      mode: 'ltl',
      origin: { zip3: ['606'] },
      destination: { zip3: ['752'] },
      price_cents: 30_000,
      valid_from: '2026-03-01',
      valid_to: '2026-03-31',
      ...over,
    });
    const lanes = [lane('any'), lane('SAIA', { carrier_scac: 'SAIA' })];
    expect(bestContractLane(lanes, ctx())).toBe(1);
    expect(bestContractLane(lanes, ctx({ carrier_scac: 'ODFL' }))).toBe(0);
    expect(bestContractLane(lanes, ctx({ date: '2026-03-31' }))).toBe(1);
    expect(bestContractLane(lanes, ctx({ date: '2026-04-01' }))).toBe(-1);
    expect(bestContractLane(lanes, ctx({ date: '2026-02-28' }))).toBe(-1);
    expect(bestContractLane(lanes, ctx({ mode: 'truckload' }))).toBe(-1);
    expect(bestContractLane([lane('light', { weight: { max_lb: 500 } })], ctx())).toBe(-1);
  });
});
