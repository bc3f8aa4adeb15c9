import { z } from 'zod';

/** How long a passkey's name may be, in the form and on the server. */
export const PASSKEY_NAME_MAX = 60;

/** How an authenticator may be reached, in WebAuthn's words. */
const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** The name a user gives a passkey, so they can tell their devices apart. */
export const passkeyName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(PASSKEY_NAME_MAX, { error: 'validation.passkey_name_too_long' });

/**
 * WebAuthn's binary fields travel base64url-encoded, as @simplewebauthn/browser sends them. Only
 * their shape and size are checked here; what they say is the server's verifier's to judge.
 */
const base64url = (max: number) =>
  z
    .string({ error: 'validation.passkey_failed' })
    .max(max, { error: 'validation.passkey_failed' })
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, { error: 'validation.passkey_failed' });

const credentialBase = {
  id: base64url(1024).min(1, { error: 'validation.passkey_failed' }),
  rawId: base64url(1024),
  type: z.literal('public-key', { error: 'validation.passkey_failed' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** The browser's answer to navigator.credentials.create(): a new passkey and the authenticator's attestation. */
export const passkeyRegistrationCredential = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    authenticatorData: base64url(8192).optional(),
    transports: z.array(z.enum(PASSKEY_TRANSPORTS)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

/** The browser's answer to navigator.credentials.get(): the passkey's signature over the challenge. */
export const passkeyAuthenticationCredential = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(1024),
    userHandle: base64url(256).optional(),
  }),
});

/** POST /user/passkeys: the new passkey, with its name. */
export const passkeyRegisterRequest = z.object({ name: passkeyName, credential: passkeyRegistrationCredential });
export type PasskeyRegisterRequest = z.input<typeof passkeyRegisterRequest>;

/** PUT /user/passkeys/:id */
export const passkeyRenameRequest = z.object({ name: passkeyName });
export type PasskeyRenameRequest = z.input<typeof passkeyRenameRequest>;

/**
 * POST /passkey-login: signs in with a passkey, without the password or as the second step after
 * it. `remember` keeps the session as the login's checkbox does (the second step keeps the one
 * chosen with the password).
 */
export const passkeyLoginRequest = z.object({
  credential: passkeyAuthenticationCredential,
  remember: z.boolean().optional().default(false),
});
export type PasskeyLoginRequest = z.input<typeof passkeyLoginRequest>;

/** A passkey as the security settings list it (`data` of GET /user/passkeys, POST and PUT). */
export const passkeyView = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  synced: z
    .boolean()
    .meta({ description: "Synced between the user's devices (a passkey kept by a password manager or a platform account)" }),
});
export type Passkey = z.output<typeof passkeyView>;

/** The answer (`data`) of confirming an enrolment and of making new recovery codes: shown this once. */
export const recoveryCodesView = z.strictObject({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.output<typeof recoveryCodesView>;

/**
 * POST /user/passkeys (`data`): the new passkey. The user's first second factor (no app on, no
 * other passkey) comes with ten recovery codes, as the app's confirmation does: shown this once.
 */
export const passkeyAddedView = passkeyView.extend({
  recovery_codes: z.array(z.string()).optional().meta({ description: "Only with the user's first second factor" }),
});
export type PasskeyAdded = z.output<typeof passkeyAddedView>;

/** A passkey the browser is told of by its credential id: one to leave out when adding, or one that may answer. */
const passkeyDescriptor = z.strictObject({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.enum(PASSKEY_TRANSPORTS)).optional(),
});

/** WebAuthn's options for navigator.credentials.create(), as @simplewebauthn/server makes them: a discoverable passkey, none the user has already. */
export const passkeyCreationOptions = z.strictObject({
  challenge: z.string(),
  rp: z.strictObject({ name: z.string(), id: z.string() }),
  user: z.strictObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.strictObject({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']),
  excludeCredentials: z.array(passkeyDescriptor),
  authenticatorSelection: z.strictObject({
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
    requireResidentKey: z.boolean().optional(),
    userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  }),
  extensions: z.strictObject({ credProps: z.boolean() }),
  hints: z.array(z.enum(['security-key', 'client-device', 'hybrid'])),
});

/** WebAuthn's options for navigator.credentials.get(), as @simplewebauthn/server makes them: any passkey of the site, or the user's own. */
export const passkeyRequestOptions = z.strictObject({
  rpId: z.string(),
  challenge: z.string(),
  allowCredentials: z
    .array(passkeyDescriptor)
    .optional()
    .meta({ description: "The user's passkeys; none for a sign-in without the password" }),
  timeout: z.number().int(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']),
});
