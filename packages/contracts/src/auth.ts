import { z } from 'zod';
import { address, contact, email, password, requiredText } from './fields';
import { passkeyAuthenticationCredential } from './passkeys';

import { settingsUpdate } from './settings';

/**
 * Password and confirmation must match. Zod skips object-level refinements once a field has
 * failed; `when` makes this one run whenever both values are strings, so the mismatch is listed
 * together with every other problem of the form. Zod still skips it after an explicit
 * `abort: true` (the empty phone in fields.ts).
 */
const passwordsMatch = (r: { password: string; password_confirmation: string }) => r.password === r.password_confirmation;
const mismatch = (error: string) => ({
  path: ['password_confirmation'],
  error,
  when: (payload: z.core.ParsePayload) => {
    const v = payload.value as { password?: unknown; password_confirmation?: unknown } | null | undefined;
    return typeof v?.password === 'string' && typeof v.password_confirmation === 'string';
  },
});

export const loginRequest = z.object({
  email: email(),
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(128),
  remember: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequest>;

/**
 * Signup: company, primary contact, company address, accounting contact and
 * address (or 'same as company'), account preferences, password and confirmation.
 */
export const registerRequest = z
  .object({
    company_name: requiredText('validation.required', 160),
    primary_contact: contact,
    company_address: address,
    accounting_same_as_company: z.boolean().default(true),
    accounting_contact: contact.optional(),
    accounting_address: address.optional(),
    preferences: settingsUpdate.pick({ language: true, unit_system: true, currency: true, preferred_mode: true }).partial().default({}),
    password,
    password_confirmation: z.string({ error: 'validation.required' }),
  })
  .refine(passwordsMatch, mismatch('validation.password_signup_mismatch'))
  .superRefine((r, ctx) => {
    if (!r.accounting_same_as_company) {
      if (!r.accounting_contact) ctx.addIssue({ code: 'custom', path: ['accounting_contact'], message: 'validation.required' });
      if (!r.accounting_address) ctx.addIssue({ code: 'custom', path: ['accounting_address'], message: 'validation.required' });
    }
  });
export type RegisterRequest = z.input<typeof registerRequest>;

export const forgotPasswordRequest = z.object({ email: email() });

export const resetPasswordRequest = z
  .object({
    token: requiredText('validation.required', 200),
    email: email(),
    password,
    password_confirmation: z.string({ error: 'validation.required' }),
  })
  .refine(passwordsMatch, mismatch('validation.password_mismatch'));

/** The password form of the confirmation (the web checks the field with it before sending). */
export const confirmPasswordRequest = z.object({
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(128),
});

export const updatePasswordRequest = z
  .object({
    current_password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(128),
    password,
    password_confirmation: z.string({ error: 'validation.required' }),
  })
  .refine(passwordsMatch, mismatch('validation.password_mismatch'));
export type UpdatePasswordRequest = z.input<typeof updatePasswordRequest>;

export const updateProfileRequest = contact;
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

/**
 * Second factors, with Laravel Fortify's paths and field names. A code is sent as typed (spaces
 * and all): the server reads it, so a mistyped code gets the same answer as a wrong one.
 */
const typedCode = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64);

/**
 * The second factors a user may hold: an authenticator app's code ('totp'), one of its recovery
 * codes (made with the app, so only with it, and only while some are unused) and a passkey.
 */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery_code', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** The answer of POST /login for a user with a second factor: no session yet, the challenge is next. */
export const twoFactorLoginResponse = z.strictObject({
  two_factor: z.literal(true),
  remember_device: z
    .boolean()
    .meta({ description: 'Whether the challenge may remember this browser for 30 days (customers; never staff)' }),
  methods: z
    .array(z.enum(SECOND_FACTOR_METHODS))
    .meta({ description: "The pending user's second factors: the step offers these ways and no other" }),
});
export type TwoFactorLoginResponse = z.output<typeof twoFactorLoginResponse>;

/**
 * POST /user/confirm-password: the signed-in user proves who they are again before a sensitive
 * change. A user without a second factor sends the password (Sanctum's contract); a user with one
 * sends the factor instead: `code` (the app's code, or a recovery code, which is then spent),
 * `recovery_code`, or `credential`, a passkey's answer to POST /user/confirm-password/passkey-options.
 * Which one the user has is the server's to judge: every field is optional here.
 */
export const confirmIdentityRequest = z.object({
  password: z.string({ error: 'validation.required' }).max(128).optional(),
  code: typedCode.optional(),
  recovery_code: typedCode.optional(),
  credential: passkeyAuthenticationCredential.optional(),
});
export type ConfirmIdentityRequest = z.input<typeof confirmIdentityRequest>;

/**
 * What the signed-in user can confirm their identity with: the password (not for a user with a
 * second factor, nor where the account turned passwords off) or their second factors. None at all:
 * a single sign-on user without a factor, who proves it by signing in through the provider again.
 */
export const CONFIRMATION_PROOFS = ['password', ...SECOND_FACTOR_METHODS] as const;
export type ConfirmationProof = (typeof CONFIRMATION_PROOFS)[number];

/** GET /user/confirmed-password-status: whether a confirmation is still fresh, and what can give one. */
export const confirmedPasswordStatus = z.strictObject({
  confirmed: z.boolean(),
  proofs: z.array(z.enum(CONFIRMATION_PROOFS)),
});
export type ConfirmedPasswordStatus = z.output<typeof confirmedPasswordStatus>;

/** The code field of the confirmation with a recovery code (the web checks the field with it). */
export const recoveryCodeRequest = z.object({ recovery_code: typedCode });

/** POST /user/confirmed-two-factor-authentication: a code from the app finishes the enrolment. */
export const twoFactorConfirmRequest = z.object({ code: typedCode });
export type TwoFactorConfirmRequest = z.input<typeof twoFactorConfirmRequest>;

/**
 * POST /two-factor-challenge, the second step of sign-in: a code from the app, or a recovery code.
 * `remember_device` asks that this browser skip the step for 30 days (ignored for staff).
 */
export const twoFactorChallengeRequest = z
  .object({ code: typedCode.optional(), recovery_code: typedCode.optional(), remember_device: z.boolean().optional().default(false) })
  .refine((r) => r.code !== undefined || r.recovery_code !== undefined, { path: ['code'], error: 'validation.required' });
export type TwoFactorChallengeRequest = z.input<typeof twoFactorChallengeRequest>;

/** GET /user/two-factor-authentication (`data`): what the security settings show. */
export const twoFactorStatus = z.strictObject({
  enabled: z.boolean().meta({ description: 'Sign-in asks for a code (the enrolment was confirmed)' }),
  confirmed_at: z.iso.datetime().nullable(),
  recovery_codes_remaining: z
    .number()
    .int()
    .meta({ description: 'Recovery codes not yet used; the codes themselves are shown only when made' }),
});
export type TwoFactorStatus = z.output<typeof twoFactorStatus>;

/** POST /user/two-factor-authentication (`data`): the enrolment's secret, for a QR code or typing by hand. */
export const twoFactorEnrolment = z.strictObject({
  secret_key: z.string().meta({ description: 'base32, as authenticator apps ask for it when typed' }),
  otpauth_url: z.string().meta({ description: 'otpauth://totp/...: what the QR code carries' }),
});
export type TwoFactorEnrolment = z.output<typeof twoFactorEnrolment>;

/** A confirmation sent in words (`message`, in the caller's language): a reset mailed, a password changed. */
export const messageAnswer = z.strictObject({ message: z.string() });
export type MessageAnswer = z.output<typeof messageAnswer>;
