/** Number and text helpers of the form values (Mantine NumberInput gives a number, or a string while typing). */
export type NumberValue = number | string;

/** A parsed number, or undefined while empty / not a number yet. */
export function toNumber(v: NumberValue | undefined | null): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  const s = v.trim();
  if (s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** Optional text: trimmed, cut at `max`, undefined when empty. */
export function optionalText(s: string, max: number): string | undefined {
  const v = s.trim();
  return v ? v.slice(0, max) : undefined;
}

/** Round to 2 decimals, half up. */
export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;
