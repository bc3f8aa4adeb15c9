import { describe, expect, it } from 'vitest';
import { figureChanges, flattenFigures } from './figure-diff';

describe('version changes for the audit log', () => {
  it('flattens nested figures to dotted paths', () => {
    expect(flattenFigures({ discount_bp: 7000, rates: [{ per_cwt_cents: { L5C: 10 } }], nyc_zip3: [] })).toEqual({
      discount_bp: 7000,
      'rates.0.per_cwt_cents.L5C': 10,
      nyc_zip3: [],
    });
  });

  it('keeps only the figures that moved, with added and removed ones against null', () => {
    const before = { discount_bp: 7000, amc_cents: 12500, accessorials: { hazmat: { kind: 'flat', cents: 6500 } } };
    const after = { discount_bp: 6500, amc_cents: 12500, accessorials: {} };
    expect(figureChanges(before, after)).toEqual({
      before: { discount_bp: 7000, 'accessorials.hazmat.kind': 'flat', 'accessorials.hazmat.cents': 6500, accessorials: null },
      after: { discount_bp: 6500, 'accessorials.hazmat.kind': null, 'accessorials.hazmat.cents': null, accessorials: {} },
    });
  });
});
