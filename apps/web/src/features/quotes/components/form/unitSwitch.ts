import type { UnitSystem } from '@freight/domain';
import { fromInches, fromPounds, toInches, toPounds } from '@freight/domain/rating/units';
import type { ItemValues } from './model';
import { type NumberValue, round2, toNumber } from './parse';

/**
 * The numbers of a unit switch as they were and as they became (by line key and field):
 * switching back restores a number the user did not touch, instead of a rounded one
 * (500 lb -> 226.8 kg -> 500 lb, not 500.01).
 */
export interface UnitSwitch {
  from: UnitSystem;
  before: Map<string, NumberValue>;
  after: Map<string, NumberValue>;
}

/**
 * The lines' numbers in `next` units (to 0.01), so the cargo stays the same; `last`, the switch
 * before, gives back the numbers it changed and nobody has touched since.
 */
export function switchItems(
  items: readonly ItemValues[],
  prev: UnitSystem,
  next: UnitSystem,
  last: UnitSwitch | null,
): { items: ItemValues[]; done: UnitSwitch } {
  const undo = last?.from === next ? last : null;
  const before = new Map<string, NumberValue>();
  const after = new Map<string, NumberValue>();
  const convert = (id: string, v: NumberValue, toBase: typeof toInches, fromBase: typeof fromInches) => {
    const n = toNumber(v);
    const restored = undo && undo.after.get(id) === v ? undo.before.get(id) : undefined;
    const out = restored ?? (n === undefined ? v : round2(fromBase(toBase(n, prev), next)));
    before.set(id, v);
    after.set(id, out);
    return out;
  };
  return {
    items: items.map((i) => ({
      ...i,
      length: convert(`${i.key}.length`, i.length, toInches, fromInches),
      width: convert(`${i.key}.width`, i.width, toInches, fromInches),
      height: convert(`${i.key}.height`, i.height, toInches, fromInches),
      weight: convert(`${i.key}.weight`, i.weight, toPounds, fromPounds),
    })),
    done: { from: prev, before, after },
  };
}
