/** Wire shapes of errors: what every 4xx and 5xx answer looks like. */
export interface ValidationErrorBody {
  message: string;
  code: 'validation';
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
  // A staff user, or a user of an account that requires it, without a second factor: enrol first.
  'two_factor_enrolment_required',
  // The authenticator's secret was sealed under an APP_KEY this process no longer holds (rotated without APP_KEY_PREVIOUS).
  'second_factor_unreadable',
  'reauthentication_required',
  'account_confirmation_required',
  'validation',
  'bad_request',
  'mail_failed',
  'server_error',
  'credit_hold',
  'booking_failed',
  // The database cannot be reached now (restarting, a lost connection): try again after Retry-After.
  'database_unavailable',
  'conflict',
  // Booking a quote whose rates stopped holding (the cut-off for its pickup date passed): rate it again.
  'quote_expired',
  /** A held booking's rate had expired and was rated again: the admin approves the new price. */
  'approval_rerated',
  /** A single-use link already used, or expired. */
  'link_gone',
  'payment_declined',
  // The card's issuer asks the payer for 3-D Secure: the answer carries what the browser shows it with.
  'payment_requires_action',
  'payment_failed',
  // A payment body carrying card or bank account numbers: they go to the processor from the browser, never here.
  'card_numbers_refused',
  'bad_signature',
  'account_suspended',
  // A user an account admin or staff deactivated: they may not sign in.
  'user_deactivated',
  'unknown_scac',
  // A tariff draft published without a preview of that very draft (its figures changed since, or none was run).
  'tariff_not_previewed',
  'pricing_not_previewed',
  // The partner API; the token endpoint also answers RFC 6749's `error` beside these.
  'invalid_client',
  'invalid_token',
  'insufficient_scope',
  'unsupported_grant_type',
  'invalid_scope',
  'account_required',
  'account_not_granted',
  // Refusals of the framework and of Node's HTTP parser: a request that never reached a route's checks.
  'invalid_json',
  'empty_body',
  'unsupported_media_type',
  'payload_too_large',
  'invalid_content_length',
  'bad_url',
  'uri_too_long',
  'headers_too_large',
  'request_timeout',
  'invalid_input',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
