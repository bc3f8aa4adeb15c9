/** The `p`th percentile of `sorted` (ascending), by the nearest rank below; 0 when empty. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A bench's summary of request times in ms: how many, p50, p95, p99 and the slowest, to 0.1 ms. */
export function latencyStats(ms: readonly number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const r = (n: number) => +n.toFixed(1);
  return { n: s.length, p50: r(percentile(s, 50)), p95: r(percentile(s, 95)), p99: r(percentile(s, 99)), max: r(s[s.length - 1] ?? 0) };
}
