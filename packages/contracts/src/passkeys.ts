import { z } from 'zod';

/** How long a passkey's name may be, in the form and on the server. */
export const PASSKEY_NAME_MAX = 60;

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
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(8)
      .optional(),
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
export interface Passkey {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  /** Synced between the user's devices (a passkey kept by a password manager or a platform account). */
  synced: boolean;
}

/**
 * POST /user/passkeys (`data`): the new passkey. The user's first second factor (no app on, no
 * other passkey) comes with ten recovery codes, as the app's confirmation does: shown this once.
 */
/** The answer (`data`) of confirming an enrolment and of making new recovery codes: shown this once. */
export interface RecoveryCodes {
  recovery_codes: string[];
}

export type PasskeyAdded = Passkey & Partial<RecoveryCodes>;
