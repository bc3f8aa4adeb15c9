/** Limits of spec section 9 and the issue that hold across the product. */
export const EMAIL_VERIFICATION_TTL_MINUTES = 24 * 60;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const SESSION_IDLE_MINUTES = 120;
export const LOGIN_MAX_FAILURES_PER_MINUTE = 5;
/** How long a password confirmation unlocks sensitive changes (Laravel's default). */
export const PASSWORD_CONFIRM_TTL_MINUTES = 180;
