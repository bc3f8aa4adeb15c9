/**
 * Violations the suite knows about and does not fail on yet, one reason each. A scenario still
 * lists them in the report (AXE=report) so they stay in sight; remove an entry once it is fixed.
 */
export interface KnownViolation {
  rule: string;
  /** Only where the page's path matches; every page when absent. */
  path?: RegExp;
  /** Only elements whose axe target matches; every element when absent. */
  target?: RegExp;
  reason: string;
}

export const KNOWN_VIOLATIONS: KnownViolation[] = [];
