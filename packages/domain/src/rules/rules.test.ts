import { describe, expect, it } from 'vitest';
import { applyToQuote, pickRate } from './apply';
import { conditionHolds, evaluateRules, ordered } from './match';
import type { AutomationRule, RuleShipment } from './types';

const shipment = (over: Partial<RuleShipment> = {}): RuleShipment => ({
  origin: { state: 'IL', country: 'US' },
  destination: { state: 'TX', country: 'US', residential: true },
  weight_lb: 120,
  longest_side_in: 30,
  item_count: 2,
  skus: ['WID-1'],
  order_value_cents: 25_000,
  marketplace: 'ebay',
  hazmat: false,
  ...over,
});

const rule = (over: Partial<AutomationRule>): AutomationRule => ({
  id: over.name ?? 'r',
  name: 'r',
  position: 1,
  enabled: true,
  conditions: [],
  actions: {},
  ...over,
});

describe('conditionHolds', () => {
  it('compares numbers with each operator', () => {
    const s = shipment({ weight_lb: 150 });
    expect(conditionHolds({ field: 'weight_lb', op: 'lt', value: 150 }, s)).toBe(false);
    expect(conditionHolds({ field: 'weight_lb', op: 'lte', value: 150 }, s)).toBe(true);
    expect(conditionHolds({ field: 'weight_lb', op: 'gt', value: 149.9 }, s)).toBe(true);
    expect(conditionHolds({ field: 'weight_lb', op: 'gte', value: 151 }, s)).toBe(false);
    expect(conditionHolds({ field: 'item_count', op: 'lte', value: 2 }, s)).toBe(true);
    expect(conditionHolds({ field: 'longest_side_in', op: 'gt', value: 48 }, s)).toBe(false);
  });

  it('an unknown order value matches no value condition', () => {
    const s = shipment({ order_value_cents: null });
    expect(conditionHolds({ field: 'order_value_cents', op: 'lt', value: 1 }, s)).toBe(false);
    expect(conditionHolds({ field: 'order_value_cents', op: 'gte', value: 0 }, s)).toBe(false);
  });

  it('reads lists without case; "not in" needs a known value', () => {
    expect(conditionHolds({ field: 'destination_state', op: 'in', values: ['tx', 'OK'] }, shipment())).toBe(true);
    expect(conditionHolds({ field: 'destination_state', op: 'not_in', values: ['TX'] }, shipment())).toBe(false);
    expect(conditionHolds({ field: 'origin_country', op: 'not_in', values: ['CA', 'MX'] }, shipment())).toBe(true);
    const noState = shipment({ destination: { state: null, country: 'US', residential: false } });
    expect(conditionHolds({ field: 'destination_state', op: 'not_in', values: ['TX'] }, noState)).toBe(false);
    expect(conditionHolds({ field: 'sku', op: 'in', values: ['wid-1'] }, shipment())).toBe(true);
    expect(conditionHolds({ field: 'sku', op: 'not_in', values: ['WID-1'] }, shipment({ skus: ['WID-1', 'X'] }))).toBe(false);
  });

  it('reads flags and the marketplace', () => {
    expect(conditionHolds({ field: 'residential', value: true }, shipment())).toBe(true);
    expect(conditionHolds({ field: 'hazmat', value: true }, shipment())).toBe(false);
    expect(conditionHolds({ field: 'marketplace', value: 'none' }, shipment())).toBe(false);
    expect(conditionHolds({ field: 'marketplace', value: 'ebay' }, shipment())).toBe(true);
  });
});

describe('evaluateRules', () => {
  const parcel = rule({
    id: 'parcel',
    name: 'Residential under 150 lb to parcel',
    position: 2,
    conditions: [
      { field: 'residential', value: true },
      { field: 'weight_lb', op: 'lt', value: 150 },
    ],
    actions: { mode: 'parcel', accessorials: ['notify_prior_to_arrival'] },
  });
  const texas = rule({
    id: 'texas',
    name: 'Texas by LTL, insured',
    position: 1,
    conditions: [{ field: 'destination_state', op: 'in', values: ['TX'] }],
    actions: { mode: 'ltl', insurance: 'insured' },
  });

  it('the first matching rule in order wins each action; later ones fill what is left', () => {
    const out = evaluateRules([parcel, texas], shipment());
    expect(out.actions).toEqual({ mode: 'ltl', insurance: 'insured', accessorials: ['notify_prior_to_arrival'] });
    expect(out.sources.mode?.id).toBe('texas');
    expect(out.sources.accessorials?.id).toBe('parcel');
    expect(out.matched.map((m) => m.id)).toEqual(['texas', 'parcel']);
  });

  it('moving a rule up changes who wins', () => {
    const out = evaluateRules(
      [
        { ...parcel, position: 1 },
        { ...texas, position: 2 },
      ],
      shipment(),
    );
    expect(out.actions.mode).toBe('parcel');
    expect(out.sources.insurance?.id).toBe('texas');
  });

  it('skips switched-off and non-matching rules', () => {
    expect(evaluateRules([{ ...texas, enabled: false }, parcel], shipment()).sources.mode?.id).toBe('parcel');
    const out = evaluateRules(
      [texas, parcel],
      shipment({ weight_lb: 200, destination: { state: 'CA', country: 'US', residential: true } }),
    );
    expect(out.actions).toEqual({});
    expect(out.matched).toEqual([]);
  });

  it('a rule without conditions matches everything; an empty list sets nothing', () => {
    const all = rule({ id: 'all', name: 'All', position: 3, actions: { exclude_carriers: [], hold_for_review: true } });
    const out = evaluateRules([all], shipment());
    expect(out.actions).toEqual({ hold_for_review: true });
    expect(out.sources.exclude_carriers).toBeUndefined();
  });

  it('orders by position, then name', () => {
    const rules = [
      rule({ id: 'b', name: 'B', position: 2 }),
      rule({ id: 'a2', name: 'Z', position: 1 }),
      rule({ id: 'a1', name: 'A', position: 1 }),
    ];
    expect(ordered(rules).map((r) => r.id)).toEqual(['a1', 'a2', 'b']);
  });
});

describe('applying the outcome', () => {
  it('sets the mode, adds accessorials once and presets package types only where missing', () => {
    const input = { mode: 'ltl', accessorials: ['liftgate_delivery'], items: [{ package_type: 'pallets' }, { package_type: undefined }] };
    const out = applyToQuote(input, { mode: 'parcel', accessorials: ['liftgate_delivery', 'appointment'], package_preset: 'boxes' });
    expect(out).toEqual({
      mode: 'parcel',
      accessorials: ['liftgate_delivery', 'appointment'],
      items: [{ package_type: 'pallets' }, { package_type: 'boxes' }],
    });
    expect(applyToQuote(input, {})).toEqual(input);
  });

  it('picks a rate: exclusions out, preferred first, cheapest or fastest', () => {
    const rates = [
      { scac: 'AAAA', total_cents: 100, transit_days: 5 },
      { scac: 'BBBB', total_cents: 200, transit_days: 2 },
      { scac: 'CCCC', total_cents: 150, transit_days: 2 },
    ];
    expect(pickRate(rates, {})?.scac).toBe('AAAA');
    expect(pickRate(rates, { service_level: 'fastest' })?.scac).toBe('CCCC');
    expect(pickRate(rates, { exclude_carriers: ['aaaa'] })?.scac).toBe('CCCC');
    expect(pickRate(rates, { prefer_carriers: ['BBBB'] })?.scac).toBe('BBBB');
    // A preferred carrier that gave no rate leaves the choice to the others.
    expect(pickRate(rates, { prefer_carriers: ['DDDD'], exclude_carriers: ['AAAA', 'CCCC'] })?.scac).toBe('BBBB');
    expect(pickRate(rates, { exclude_carriers: ['AAAA', 'BBBB', 'CCCC'] })).toBeNull();
  });
});
