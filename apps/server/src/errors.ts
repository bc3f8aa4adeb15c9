import type { ErrorCode } from '@freight/contracts';

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
  static tooManyRequests(seconds: number, key = 'errors.too_many_requests', extra: Record<string, unknown> = {}) {
    return new AppError(429, 'too_many_requests', key, { seconds, ...extra });
  }
}
