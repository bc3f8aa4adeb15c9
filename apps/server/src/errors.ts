import type { ErrorCode } from '@freight/contracts';

/** When a client should try again after the database was unreachable: a restart takes a few seconds. */
export const DATABASE_RETRY_SECONDS = 5;

/**
 * The one error type of the server. `message` is an i18n key (with `params`), translated in the
 * caller's language by the error handler; `errors` maps fields to message keys for 422.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly params: Record<string, unknown> = {},
    readonly errors?: Record<string, string[]>,
    /** Fields the answer carries beside `message` and `code` (what a payer's browser needs for a challenge). */
    readonly fields?: Record<string, unknown>,
  ) {
    // A refusal is an answer, not a fault: no stack trace (nothing reads it, and capturing one was
    // a sixth of a 401's server time).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
  }

  static validation(errors: Record<string, string[]>) {
    return new AppError(422, 'validation', 'validation.invalid', {}, errors);
  }
  static field(field: string, key: string) {
    return AppError.validation({ [field]: [key] });
  }
  static unauthenticated() {
    return new AppError(401, 'unauthenticated', 'errors.unauthenticated');
  }
  static forbidden() {
    return new AppError(403, 'forbidden', 'errors.forbidden');
  }
  static notFound() {
    return new AppError(404, 'not_found', 'errors.not_found');
  }
  /** The database cannot be reached now: retryable, with Retry-After (plugins/errors.ts). */
  static databaseUnavailable() {
    return new AppError(503, 'database_unavailable', 'errors.database_unavailable', { seconds: DATABASE_RETRY_SECONDS });
  }
  static tooManyRequests(seconds: number, key = 'errors.too_many_requests', extra: Record<string, unknown> = {}) {
    return new AppError(429, 'too_many_requests', key, { seconds, ...extra });
  }
}
