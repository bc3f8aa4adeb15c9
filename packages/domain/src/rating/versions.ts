/**
 * Dated versions: a carrier's tariff, the weekly diesel price. What applies on a day is
 * the version with the latest effective date not after that day; two versions effective the same
 * day are told apart by their number (the later one wins). ISO dates (YYYY-MM-DD) compare as text.
 */
export interface Dated {
  effective_date: string;
  number: number;
}

/** The version in force on `day`, or undefined when every version starts later (or there is none). */
export function inForceOn<T extends Dated>(versions: readonly T[], day: string): T | undefined {
  let best: T | undefined;
  for (const v of versions) {
    if (v.effective_date > day) continue;
    if (!best || v.effective_date > best.effective_date || (v.effective_date === best.effective_date && v.number > best.number)) best = v;
  }
  return best;
}

/**
 * The versions that can still apply to a day from `today` on: the one in force today and every
 * later one. Older versions only matter to history, so a rating cache keeps just these.
 */
export function fromTodayOn<T extends Dated>(versions: readonly T[], today: string): T[] {
  const current = inForceOn(versions, today);
  return versions.filter((v) => v === current || v.effective_date > today);
}
