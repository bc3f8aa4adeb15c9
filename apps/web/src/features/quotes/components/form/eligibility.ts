import type { QuoteMode } from '@freight/contracts';
import type { UnitSystem } from '@freight/domain';
import { type Eligibility, type InchLine, modeEligibility, type ParcelProblem } from '@freight/domain/rating/mode-eligibility';
import type { RequestItem } from './combine';
import { toInchItem } from './density';
import type { ModePick } from './model';

/**
 * Which modes the form's cargo can go by: the domain's rule on the
 * items in inches and pounds. A reason's spec message is the i18n key
 * `quotes.form.parcel_problem.<reason>`.
 */
export type { Eligibility, ParcelProblem };

/** Eligibility of complete items (every number present; null while any is missing). */
export function eligibility(items: readonly Partial<RequestItem>[], units: UnitSystem): Eligibility | null {
  const lines = items.map((i) => toInchItem(i, units));
  if (lines.length === 0 || lines.some((i) => i === null)) return null;
  return modeEligibility(lines as InchLine[]);
}

export type ModeDecision =
  | { kind: 'submit'; mode: QuoteMode }
  /** Both fit and nothing settles it: ask LTL or parcel. */
  | { kind: 'ask' }
  /** Parcel was picked but the cargo does not fit: offer LTL ('Cargo exceeds max dimensions! Use the LTL option'). */
  | { kind: 'offer_ltl'; problems: ParcelProblem[] };

/**
 * The mode to quote. A pick of LTL is always honoured; a pick of parcel (from the form or the
 * user's preferred mode) is honoured when the cargo fits, else LTL is offered; 'auto' asks only
 * when the cargo fits both.
 */
export function decideMode(e: Eligibility, pick: ModePick): ModeDecision {
  if (pick === 'ltl') return { kind: 'submit', mode: 'ltl' };
  if (pick === 'parcel') return e.parcel ? { kind: 'submit', mode: 'parcel' } : { kind: 'offer_ltl', problems: e.problems };
  if (e.parcel && e.ltl) return { kind: 'ask' };
  return { kind: 'submit', mode: e.parcel ? 'parcel' : 'ltl' };
}

/** The form's starting pick from the user's preferred mode setting. */
export function pickFromPreference(preferred: string | undefined): ModePick {
  return preferred === 'ltl' || preferred === 'parcel' ? preferred : 'auto';
}
