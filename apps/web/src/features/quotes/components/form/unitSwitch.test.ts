import { describe, expect, it } from 'vitest';
import { emptyItem, type ItemValues } from './model';
import { switchItems } from './unitSwitch';

const pallet = (over: Partial<ItemValues> = {}): ItemValues => ({
  ...emptyItem(),
  key: 'pallet',
  length: 48,
  width: 40,
  height: 48,
  weight: 500,
  ...over,
});

describe('unit switch', () => {
  it('converts the numbers entered to 0.01', () => {
    const { items } = switchItems([pallet()], 'imperial', 'metric', null);
    expect(items[0]).toMatchObject({ length: 121.92, width: 101.6, height: 121.92, weight: 226.8 });
  });

  it('switching back restores the numbers left alone: 500 lb -> 226.8 kg -> 500 lb', () => {
    const metric = switchItems([pallet()], 'imperial', 'metric', null);
    const back = switchItems(metric.items, 'metric', 'imperial', metric.done);
    expect(back.items[0]).toMatchObject({ length: 48, width: 40, height: 48, weight: 500 });
    // And again the other way, from that switch's own record.
    const again = switchItems(back.items, 'imperial', 'metric', back.done);
    expect(again.items[0]).toMatchObject({ length: 121.92, weight: 226.8 });
  });

  it('without the record a round trip gives the rounded number', () => {
    const metric = switchItems([pallet()], 'imperial', 'metric', null);
    expect(switchItems(metric.items, 'metric', 'imperial', null).items[0]?.weight).toBe(500.01);
  });

  it('converts a number edited since the last switch instead of restoring it', () => {
    const metric = switchItems([pallet()], 'imperial', 'metric', null);
    const edited = metric.items.map((i) => ({ ...i, weight: 230 }));
    const back = switchItems(edited, 'metric', 'imperial', metric.done);
    expect(back.items[0]).toMatchObject({ length: 48, weight: 507.06 });
  });

  it('leaves empty numbers as they are, and keeps the rest of the line', () => {
    const { items } = switchItems([pallet({ length: '', weight: '', description: 'Parts' })], 'imperial', 'metric', null);
    expect(items[0]).toMatchObject({ key: 'pallet', length: '', weight: '', width: 101.6, description: 'Parts' });
  });

  it('records the switch it made: from which units, each number before and after', () => {
    const { done } = switchItems([pallet()], 'imperial', 'metric', null);
    expect(done.from).toBe('imperial');
    expect(done.before.get('pallet.weight')).toBe(500);
    expect(done.after.get('pallet.weight')).toBe(226.8);
  });
});
