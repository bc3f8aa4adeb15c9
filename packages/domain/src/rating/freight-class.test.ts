import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classFromDensity,
  cubicFeet,
  DENSITY_SCALE,
  densityPcf,
  isFreightClass,
  measuredDimensions,
  NMFC_CLASSES,
  resolveClass,
  roundTo2,
  totalCubicFeet,
} from './freight-class';

describe('freight class', () => {
  it('the worked example (docs/freight-rules.md): 2 pallets 48x48x48 at 300 lb -> 128 ft3, 600 lb, 4.69 pcf, class 175', () => {
    const r = resolveClass({ length_in: 48, width_in: 48, height_in: 48, quantity: 2, unit_weight_lb: 300 });
    expect(r.cubic_ft).toBe(128);
    expect(r.weight_lb).toBe(600);
    expect(roundTo2(r.density_pcf)).toBe(4.69);
    expect(r.freight_class).toBe(175);
    expect(r.source).toBe('density');
  });

  it('has the 18 NMFC classes and a 13-step scale whose classes are NMFC classes', () => {
    expect(NMFC_CLASSES).toHaveLength(18);
    expect(DENSITY_SCALE).toHaveLength(13);
    for (const s of DENSITY_SCALE) expect(isFreightClass(s.freight_class)).toBe(true);
    expect(isFreightClass(77.5)).toBe(true);
    expect(isFreightClass(75)).toBe(false);
  });

  it.each([
    [0.5, 400],
    [1, 300],
    [1.99, 300],
    [2, 250],
    [3.99, 250],
    [4, 175],
    [6, 125],
    [8, 100],
    [10, 92.5],
    [12, 85],
    [15, 70],
    [22.49, 70],
    [22.5, 65],
    [30, 60],
    [34.99, 60],
    [35, 55],
    [49.99, 55],
    [50, 50],
    [400, 50],
  ])('density %f pcf -> class %f', (pcf, cls) => {
    expect(classFromDensity(pcf)).toBe(cls);
  });

  it('measuring rules: non-stackable at least 96 in high; 70 in wide or more counts as 96 in', () => {
    expect(measuredDimensions({ length_in: 48, width_in: 40, height_in: 50, quantity: 1, stackable: false }).height_in).toBe(96);
    expect(measuredDimensions({ length_in: 48, width_in: 40, height_in: 100, quantity: 1, stackable: false }).height_in).toBe(100);
    expect(measuredDimensions({ length_in: 48, width_in: 40, height_in: 50, quantity: 1, stackable: true }).height_in).toBe(50);
    expect(measuredDimensions({ length_in: 48, width_in: 69.9, height_in: 50, quantity: 1 }).width_in).toBe(69.9);
    expect(measuredDimensions({ length_in: 48, width_in: 70, height_in: 50, quantity: 1 }).width_in).toBe(96);
    // 48x48x48 non-stackable -> 48x48x96 = 128 ft3 per unit
    expect(cubicFeet({ length_in: 48, width_in: 48, height_in: 48, quantity: 1, stackable: false })).toBe(128);
    expect(
      totalCubicFeet([
        { length_in: 48, width_in: 48, height_in: 48, quantity: 2 },
        { length_in: 12, width_in: 12, height_in: 12, quantity: 3 },
      ]),
    ).toBe(131);
  });

  it('explicit class wins over NMFC class, which wins over density', () => {
    const base = { length_in: 48, width_in: 48, height_in: 48, quantity: 2, unit_weight_lb: 300 } as const;
    expect(resolveClass({ ...base, nmfc_class: 110 })).toMatchObject({ freight_class: 110, source: 'nmfc', density_class: 175 });
    expect(resolveClass({ ...base, nmfc_class: 110, freight_class: 77.5 })).toMatchObject({ freight_class: 77.5, source: 'explicit' });
  });

  it('rejects non-positive dimensions', () => {
    expect(() => cubicFeet({ length_in: 0, width_in: 1, height_in: 1, quantity: 1 })).toThrow(RangeError);
    expect(() => densityPcf(1, 0)).toThrow(RangeError);
  });

  it('property: class never rises as density rises', () => {
    const pcf = fc.double({ min: 0, max: 1000, noNaN: true });
    fc.assert(
      fc.property(pcf, pcf, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(classFromDensity(hi)).toBeLessThanOrEqual(classFromDensity(lo));
      }),
    );
  });

  it('property: class from density is always one of the 18 classes', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (d) => isFreightClass(classFromDensity(d))));
  });
});
