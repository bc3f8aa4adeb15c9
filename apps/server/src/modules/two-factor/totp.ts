import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/**
 * Time-based one-time codes (RFC 6238) as authenticator apps make them: SHA-1, six digits, a new
 * code every 30 seconds. Time is always passed in (the app's clock), never read here.
 */

export const TOTP_STEP_SECONDS = 30;
/** The name an authenticator app shows above the account's codes. */
export const TOTP_ISSUER = 'Freight Portal';

const epochOf = (at: Date) => Math.floor(at.getTime() / 1000);

/** A new shared secret, base32 (20 random bytes: 32 characters), as the user would type it by hand. */
export const newTotpSecret = () => generateSecret();

/** The otpauth:// URI a QR code carries: the secret, the issuer and the account's email. */
export const totpUri = (secret: string, email: string) => generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/** The code an authenticator app shows at `at` (tests, benchmarks and the demo compute codes with it). */
export const totpCodeAt = (secret: string, at: Date) => generateSync({ secret, epoch: epochOf(at) });

/** The 30-second step `at` falls in. */
export const totpStepAt = (at: Date) => Math.floor(epochOf(at) / TOTP_STEP_SECONDS);

/** A code as typed: apps show it as "123 456", so spaces are dropped; anything but six digits is no code. */
export function normalizeTotpCode(input: string): string | undefined {
  const digits = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/**
 * The step of the code if it is right at `at`, one step either side allowed (a phone's clock a
 * little off, a code typed as it turned over); undefined otherwise. A code of `lastUsedStep` or an
 * earlier step is refused even when right: each code works once, and never after a newer one.
 */
export function acceptedTotpStep(secret: string, input: string, at: Date, lastUsedStep: number | null): number | undefined {
  const token = normalizeTotpCode(input);
  if (!token) return undefined;
  const result = verifySync({
    secret,
    token,
    epoch: epochOf(at),
    epochTolerance: TOTP_STEP_SECONDS,
    ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
  });
  // The TOTP result carries its step (the HOTP one, same type, does not).
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
