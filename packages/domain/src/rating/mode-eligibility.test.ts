import { describe, expect, it } from 'vitest';
import { type InchLine, modeEligibility } from './mode-eligibility';

const line = (over: Partial<InchLine> = {}): InchLine => ({
  package_type: 'rolls',
  quantity: 3,
  length_in: 36,
  width_in: 12,
  height_in: 12,
  weight_lb: 95,
  ...over,
});

describe('mode eligibility in inches and pounds', () => {
  it('three 95 lb rolls fit both parcel and LTL', () => {
    expect(modeEligibility([line()])).toEqual({ ltl: true, parcel: true, problems: [] });
  });

  it('a 480 lb drum is too heavy for parcel', () => {
    expect(modeEligibility([line(), line({ package_type: 'drums', quantity: 1, weight_lb: 480 })])).toEqual({
      ltl: true,
      parcel: false,
      problems: [{ item: 1, reason: 'weight' }],
    });
  });

  it('pallets never go parcel, envelopes never go LTL, no lines go nowhere', () => {
    expect(modeEligibility([line({ package_type: 'pallets' })]).problems).toEqual([{ item: 0, reason: 'pallets' }]);
    expect(modeEligibility([line({ package_type: 'envelopes', weight_lb: 0.5 })])).toMatchObject({ ltl: false, parcel: true });
    expect(modeEligibility([])).toEqual({ ltl: false, parcel: false, problems: [] });
  });
});
