import { describe, expect, it } from 'vitest';
import type { RequestItem } from './combine';
import { decideMode, eligibility, pickFromPreference } from './eligibility';

const item = (over: Partial<RequestItem> = {}): RequestItem => ({
  package_type: 'boxes',
  quantity: 2,
  length: 12,
  width: 10,
  height: 8,
  weight: 10,
  stackable: true,
  hazardous: false,
  ...over,
});

describe('mode eligibility', () => {
  it('small boxes fit both LTL and parcel', () => {
    expect(eligibility([item()], 'imperial')).toEqual({ ltl: true, parcel: true, problems: [] });
  });

  it('pallets always go LTL', () => {
    expect(eligibility([item(), item({ package_type: 'pallets' })], 'imperial')).toEqual({
      ltl: true,
      parcel: false,
      problems: [{ item: 1, reason: 'pallets' }],
    });
  });

  it('names the parcel limit a package breaks: weight over 150 lb, length over 119 in, length + girth over 165 in', () => {
    expect(eligibility([item({ weight: 151 })], 'imperial')?.problems).toEqual([{ item: 0, reason: 'weight' }]);
    expect(eligibility([item({ length: 120, width: 2, height: 2 })], 'imperial')?.problems).toEqual([{ item: 0, reason: 'length' }]);
    expect(eligibility([item({ length: 60, width: 30, height: 30 })], 'imperial')?.problems).toEqual([{ item: 0, reason: 'dimensions' }]);
  });

  it('converts metric units first: 70 kg is 154 lb', () => {
    expect(eligibility([item({ weight: 68 })], 'metric')?.parcel).toBe(true);
    expect(eligibility([item({ weight: 70 })], 'metric')?.problems).toEqual([{ item: 0, reason: 'weight' }]);
  });

  it('envelopes only go parcel; incomplete items give no verdict', () => {
    expect(eligibility([item({ package_type: 'envelopes' })], 'imperial')?.ltl).toBe(false);
    expect(eligibility([item({ weight: undefined as unknown as number })], 'imperial')).toBeNull();
    expect(eligibility([], 'imperial')).toBeNull();
  });
});

describe('mode decision', () => {
  const both = { ltl: true, parcel: true, problems: [] };
  const ltlOnly = { ltl: true, parcel: false, problems: [{ item: 0, reason: 'weight' as const }] };
  const parcelOnly = { ltl: false, parcel: true, problems: [] };

  it('asks only when the cargo fits both and nothing was picked', () => {
    expect(decideMode(both, 'auto')).toEqual({ kind: 'ask' });
    expect(decideMode(ltlOnly, 'auto')).toEqual({ kind: 'submit', mode: 'ltl' });
    expect(decideMode(parcelOnly, 'auto')).toEqual({ kind: 'submit', mode: 'parcel' });
  });

  it('honours a pick (or preferred mode) without asking, and offers LTL when parcel does not fit', () => {
    expect(decideMode(both, 'parcel')).toEqual({ kind: 'submit', mode: 'parcel' });
    expect(decideMode(both, 'ltl')).toEqual({ kind: 'submit', mode: 'ltl' });
    expect(decideMode(ltlOnly, 'parcel')).toEqual({ kind: 'offer_ltl', problems: ltlOnly.problems });
  });

  it('starts from the preferred mode setting', () => {
    expect(pickFromPreference('parcel')).toBe('parcel');
    expect(pickFromPreference('ltl')).toBe('ltl');
    expect(pickFromPreference('default')).toBe('auto');
    expect(pickFromPreference('truckload')).toBe('auto');
  });
});
