/**
 * PostgreSQL's unique_violation (SQLSTATE 23505), from PostgreSQL or PGlite, also when wrapped:
 * drizzle puts the driver's error in `cause`. A write that meets a unique index answers this, and
 * the callers turn it into the field's "already taken" or a 409.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; cause?: unknown };
  return e.code === '23505' || isUniqueViolation(e.cause);
}
