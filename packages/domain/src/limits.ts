/** Limits that hold across the product (sizes, counts, lengths), shared by the server and the web. */
export const EMAIL_VERIFICATION_TTL_MINUTES = 24 * 60;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const SESSION_IDLE_MINUTES = 120;
export const LOGIN_MAX_FAILURES_PER_MINUTE = 5;
/** How long a password confirmation unlocks sensitive changes (Laravel's default). */
export const PASSWORD_CONFIRM_TTL_MINUTES = 180;
/**
 * How long a fresh proof of identity unlocks a grant of power (staff roles, API credentials, an
 * account's credit terms): minutes, so a session left open on a desk cannot be used for them.
 */
export const REAUTHENTICATION_TTL_MINUTES = 10;
/**
 * A truckload's extra stops between its pickup and its final delivery: each an extra
 * pickup or an extra drop, each charged as a stop-off. Four keeps a load a one-day plan for the
 * dispatcher; more is a multi-stop route the sales desk quotes.
 */
export const MAX_TRUCKLOAD_STOPS = 4;
export const TRUCKLOAD_STOP_KINDS = ['pickup', 'drop'] as const;
export type TruckloadStopKind = (typeof TRUCKLOAD_STOP_KINDS)[number];
