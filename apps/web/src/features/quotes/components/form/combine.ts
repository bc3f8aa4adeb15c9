import type { QuoteRequestInput } from '@freight/contracts';
import type { ItemValues } from './itemValues';
import { optionalText, round2, toNumber } from './parse';

export type RequestItem = QuoteRequestInput['items'][number];

/**
 * Combined items ("combine with item / group").
 *
 * A shipper often loads several kinds of goods on one handling unit: twenty boxes of parts and
 * two drums strapped on one pallet. Carriers rate and handle the pallet, not the boxes, so the
 * request must describe ONE handling-unit line. The form lets an item be marked as loaded on
 * another item (its "base", e.g. the pallet); before sending, every base and the items loaded on
 * it are merged into one line:
 *
 * - package type, quantity, dimensions, NMFC and chosen class are the base's: the base's
 *   dimensions are the outermost dimensions of the loaded unit, as the carrier measures it (the
 *   loaded items' own dimensions are not needed and not sent);
 * - weight per unit = base weight + the loaded items' total weight (their weight x quantity),
 *   spread evenly over the base's units (rounded to 0.01), so the line's total weight is the sum
 *   of all merged lines' weights;
 * - stackable only if the base and every loaded item are stackable; hazardous if any is;
 * - descriptions are joined with '; ' (cut at 255 characters).
 *
 * Chains resolve to their first base (A on B, B on C: A and B merge into C); a line pointing at a
 * missing line or into a cycle counts as its own base. Request lines keep the order of their bases.
 */

/** The base line a line is loaded on (itself when it is not combined). */
export function baseKeyOf(lines: readonly Pick<ItemValues, 'key' | 'combine_with'>[], key: string): string {
  const byKey = new Map(lines.map((l) => [l.key, l]));
  const path: string[] = [];
  let k = key;
  for (;;) {
    if (path.includes(k)) return key; // a cycle: the line is its own base
    path.push(k);
    const target = byKey.get(k)?.combine_with;
    if (!target || !byKey.has(target)) return k;
    k = target;
  }
}

function baseItem(line: ItemValues): RequestItem {
  const item: RequestItem = {
    package_type: line.package_type as RequestItem['package_type'],
    quantity: toNumber(line.quantity) as number,
    length: toNumber(line.length) as number,
    width: toNumber(line.width) as number,
    height: toNumber(line.height) as number,
    weight: toNumber(line.weight) as number,
    stackable: line.stackable,
    hazardous: line.hazardous,
  };
  const cls = toNumber(line.freight_class);
  if (cls !== undefined) item.freight_class = cls;
  const nmfc = optionalText(line.nmfc, 32);
  if (nmfc) item.nmfc = nmfc;
  const description = optionalText(line.description, 255);
  if (description) item.description = description;
  return item;
}

/**
 * The request items of the form's lines, combined lines merged into their base (see above).
 * `combine` false sends every line as it is (truckload). `lineKeys[i]` is the form key of the
 * base of request item i.
 */
export function mergeCombined(lines: readonly ItemValues[], combine = true): { items: RequestItem[]; lineKeys: string[] } {
  if (!combine) return { items: lines.map(baseItem), lineKeys: lines.map((l) => l.key) };
  const groups = new Map<string, ItemValues[]>();
  for (const line of lines) {
    const base = baseKeyOf(lines, line.key);
    const group = groups.get(base) ?? [];
    group.push(line);
    groups.set(base, group);
  }
  const items: RequestItem[] = [];
  const lineKeys: string[] = [];
  for (const [baseKey, group] of groups) {
    const base = group.find((l) => l.key === baseKey) as ItemValues;
    const loaded = group.filter((l) => l.key !== baseKey);
    const item = baseItem(base);
    if (loaded.length) {
      const loadedWeight = loaded.reduce((sum, l) => sum + (toNumber(l.weight) ?? Number.NaN) * (toNumber(l.quantity) ?? Number.NaN), 0);
      const merged = item.weight + loadedWeight / item.quantity;
      item.weight = (Number.isFinite(merged) ? round2(merged) : undefined) as number;
      item.stackable = [base, ...loaded].every((l) => l.stackable);
      item.hazardous = [base, ...loaded].some((l) => l.hazardous);
      const description = [base, ...loaded]
        .map((l) => l.description.trim())
        .filter(Boolean)
        .join('; ')
        .slice(0, 255);
      if (description) item.description = description;
      else delete item.description;
    }
    items.push(item);
    lineKeys.push(baseKey);
  }
  return { items, lineKeys };
}

/** Lines another line may be loaded on: every other line that is not itself loaded on one. */
export function combineTargets(lines: readonly ItemValues[], key: string): ItemValues[] {
  return lines.filter((l) => l.key !== key && l.combine_with === null);
}

/**
 * Mark `key` as loaded on `target` (null: not combined). Lines loaded on `key` move to the new
 * base, so no chain forms.
 */
export function setCombine(lines: readonly ItemValues[], key: string, target: string | null): ItemValues[] {
  return lines.map((l) => {
    if (l.key === key) return { ...l, combine_with: target };
    if (target !== null && l.combine_with === key) return { ...l, combine_with: target === l.key ? null : target };
    return l;
  });
}

/** Remove a line; lines loaded on it become lines of their own. */
export function removeLine(lines: readonly ItemValues[], key: string): ItemValues[] {
  return lines.filter((l) => l.key !== key).map((l) => (l.combine_with === key ? { ...l, combine_with: null } : l));
}
