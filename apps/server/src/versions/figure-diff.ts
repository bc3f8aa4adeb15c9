/**
 * A versioned document (a carrier tariff, a pricing program) as dotted paths to its figures
 * ('rates.3.per_cwt_cents.M1M' -> 5821), so an audit entry of a change keeps the few figures that
 * moved rather than two copies of the whole document.
 */
export function flattenFigures(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (!entries.length) out[prefix] = Array.isArray(value) ? [] : {};
    for (const [k, v] of entries) flattenFigures(v, prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = value;
  return out;
}

/** The figures that differ between two versions (a figure added or removed is null on the other side). */
export function figureChanges(before: unknown, after: unknown) {
  const a = flattenFigures(before);
  const b = flattenFigures(after);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, a[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, b[k] ?? null])),
  };
}
