import { describe, expect, it } from 'vitest';
import { lineDensity } from './density';

const item = { package_type: 'pallets' as const, quantity: 1, length: 48, width: 40, height: 48, weight: 500, stackable: true };

describe('line density', () => {
  it('48 x 40 x 48 in at 500 lb: 53.33 ft³, 9.375 pcf, class 100', () => {
    const d = lineDensity(item, 'imperial');
    expect(d?.cubic_ft).toBeCloseTo(53.333, 3);
    expect(d?.density_pcf).toBeCloseTo(9.375, 6);
    expect(d?.density_class).toBe(100);
  });

  it('the worked example (docs/freight-rules.md): 2 pallets 48 x 48 x 48 at 300 lb each -> 4.69 pcf, class 175', () => {
    const d = lineDensity({ ...item, quantity: 2, width: 48, weight: 300 }, 'imperial');
    expect(d?.density_pcf).toBeCloseTo(4.6875, 6);
    expect(d?.density_class).toBe(175);
  });

  it('a unit that cannot be stacked on counts 96 in high', () => {
    expect(lineDensity({ ...item, stackable: false }, 'imperial')?.density_class).toBe(175);
  });

  it('metric: 121.92 x 101.6 x 121.92 cm at 226.796 kg is the same pallet, 150.2 kg/m³', () => {
    const d = lineDensity({ ...item, length: 121.92, width: 101.6, height: 121.92, weight: 226.796185 }, 'metric');
    expect(d?.density_class).toBe(100);
    expect(d?.density).toBeCloseTo(150.17, 2);
  });

  it('no figure while a number is missing or not positive', () => {
    expect(lineDensity({ ...item, weight: undefined }, 'imperial')).toBeNull();
    expect(lineDensity({ ...item, height: 0 }, 'imperial')).toBeNull();
  });
});
