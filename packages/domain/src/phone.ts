/**
 * One way to write a North American number everywhere (screens, documents, mail): typed
 * '4045550123', '404.555.0123' or '+1 404 555 0123', it reads '(404) 555-0123'. Other numbers
 * (Mexico's +52, extensions) are kept as typed, trimmed, since their grouping varies.
 */
export function formatPhone(raw: string): string {
  const typed = raw.trim();
  if (!/^\+?1?[\s().-]*\d[\d\s().-]*$/.test(typed)) return typed;
  let digits = typed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  else if (typed.startsWith('+')) return typed;
  if (digits.length !== 10) return typed;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
