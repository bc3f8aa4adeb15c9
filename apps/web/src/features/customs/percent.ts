/**
 * A rate typed in percent (up to two decimals) as basis points: 2.5 -> 250. Rounded, because
 * 2.55 * 100 is 254.99999999999997 in floating point. Undefined when nothing (or no number) is typed.
 */
export function percentToBasisPoints(typed: number | string): number | undefined {
  if (typeof typed === 'string' && typed.trim() === '') return undefined;
  const value = Number(typed);
  return Number.isFinite(value) ? Math.round(value * 100) : undefined;
}
