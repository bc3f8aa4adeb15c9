/** Wire shapes of errors (design brief section 3). */
export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}
export interface ErrorBody {
  message: string;
  code: string;
  retry_after?: number;
}
export const ERROR_CODES = [
  'unauthenticated',
  'forbidden',
  'not_found',
  'csrf_mismatch',
  'too_many_requests',
  'email_unverified',
  'password_confirmation_required',
  'validation',
  'bad_request',
  'mail_failed',
  'server_error',
  'credit_hold',
  'booking_failed',
  'conflict',
  'payment_declined',
  'payment_failed',
  'bad_signature',
  'account_suspended',
  'unknown_scac',
  // The partner API (issue 17); the token endpoint also answers RFC 6749's `error` beside these.
  'invalid_client',
  'invalid_token',
  'insufficient_scope',
  'unsupported_grant_type',
  'invalid_scope',
  'account_required',
  'account_not_granted',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
