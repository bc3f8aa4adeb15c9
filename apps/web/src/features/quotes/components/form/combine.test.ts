import { describe, expect, it } from 'vitest';
import { baseKeyOf, combineTargets, mergeCombined, removeLine, setCombine } from './combine';
import { emptyItem, type ItemValues } from './model';

const line = (key: string, over: Partial<ItemValues> = {}): ItemValues => ({
  ...emptyItem(),
  key,
  package_type: 'boxes',
  length: 10,
  width: 10,
  height: 10,
  weight: 10,
  ...over,
});

describe('combined items', () => {
  it('merge into their base line: base dimensions, summed weight, stackable only if all are, hazardous if any is', () => {
    const lines = [
      line('pallet', {
        package_type: 'pallets',
        length: 48,
        width: 40,
        height: 50,
        weight: 50,
        description: 'Pallet of parts',
        nmfc: '12345',
      }),
      line('boxes', { quantity: 20, weight: 15.5, combine_with: 'pallet', description: 'Brake pads' }),
      line('drum', { package_type: 'drums', weight: 120, hazardous: true, stackable: false, combine_with: 'pallet' }),
      line('crate', { package_type: 'crates', length: 30, weight: 80 }),
    ];
    const { items, lineKeys } = mergeCombined(lines);
    expect(lineKeys).toEqual(['pallet', 'crate']);
    expect(items).toEqual([
      {
        package_type: 'pallets',
        quantity: 1,
        length: 48,
        width: 40,
        height: 50,
        weight: 480, // 50 + 20 x 15.5 + 120
        stackable: false,
        hazardous: true,
        nmfc: '12345',
        description: 'Pallet of parts; Brake pads',
      },
      { package_type: 'crates', quantity: 1, length: 30, width: 10, height: 10, weight: 80, stackable: true, hazardous: false },
    ]);
  });

  it('spread the loaded weight over the base units and keep the line total', () => {
    const lines = [
      line('p', { package_type: 'pallets', quantity: 3, weight: 40 }),
      line('b', { quantity: 10, weight: 10, combine_with: 'p' }),
    ];
    const [item] = mergeCombined(lines).items;
    expect(item?.weight).toBe(73.33); // 40 + 100 / 3, rounded to 0.01
    expect(item?.quantity).toBe(3);
  });

  it('are sent as they are when combining is off (truckload) or a line is alone', () => {
    const lines = [line('a'), line('b', { combine_with: 'a' })];
    expect(mergeCombined(lines, false).items).toHaveLength(2);
    expect(mergeCombined([line('a', { description: ' x ' })]).items[0]?.description).toBe('x');
  });

  it('resolve chains to the first base and treat cycles and missing bases as their own base', () => {
    const chain = [line('a', { combine_with: 'b' }), line('b', { combine_with: 'c' }), line('c')];
    expect(baseKeyOf(chain, 'a')).toBe('c');
    const cycle = [line('a', { combine_with: 'b' }), line('b', { combine_with: 'a' })];
    expect(baseKeyOf(cycle, 'a')).toBe('a');
    expect(baseKeyOf(cycle, 'b')).toBe('b');
    expect(baseKeyOf([line('a', { combine_with: 'gone' })], 'a')).toBe('a');
    expect(mergeCombined(chain).items).toHaveLength(1);
    expect(mergeCombined(chain).items[0]?.weight).toBe(30);
  });

  it('offer only lines that are not loaded themselves, move loaded lines along, and free them when the base goes', () => {
    const lines = [line('a'), line('b', { combine_with: 'a' }), line('c')];
    expect(combineTargets(lines, 'c').map((l) => l.key)).toEqual(['a']);
    const moved = setCombine(lines, 'a', 'c');
    expect(moved.map((l) => l.combine_with)).toEqual(['c', 'c', null]);
    expect(setCombine(moved, 'a', null).map((l) => l.combine_with)).toEqual([null, 'c', null]);
    expect(removeLine(lines, 'a')).toEqual([line('b'), line('c')]);
  });
});
