import type { Passkey, PasskeyAdded } from '@freight/contracts';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { api } from '../../../lib/api';

/** The user's passkeys; adding and removing one answer 423 until the password is confirmed. */
export const PASSKEYS_KEY = ['passkeys'] as const;
export const listPasskeys = () => api.get<{ data: Passkey[] }>('/user/passkeys');
export const renamePasskey = (id: string, name: string) => api.put<{ data: Passkey }>(`/user/passkeys/${encodeURIComponent(id)}`, { name });
export const removePasskey = (id: string) => api.delete(`/user/passkeys/${encodeURIComponent(id)}`);

/**
 * Adds a passkey: the server's options, the browser's own dialog (the device makes the key and
 * asks for the user's fingerprint, face or PIN), then the new passkey and its name to keep. The
 * user's first second factor is answered with its recovery codes, to show this once.
 */
export async function addPasskey(name: string) {
  const options = await api.post<{ data: PublicKeyCredentialCreationOptionsJSON }>('/user/passkeys/options');
  const credential = await startRegistration({ optionsJSON: options.data });
  return api.post<{ data: PasskeyAdded }>('/user/passkeys', { name, credential });
}

/**
 * Signs in with a passkey: without the password from the login form, or as the second step after
 * it (the server knows which from the session). `remember` is the login form's checkbox.
 */
export async function signInWithPasskey(remember: boolean) {
  const options = await api.post<{ data: PublicKeyCredentialRequestOptionsJSON }>('/passkey-login/options', undefined, {
    skipAuthRedirect: true,
  });
  const credential = await startAuthentication({ optionsJSON: options.data });
  await api.post('/passkey-login', { credential, remember }, { skipAuthRedirect: true });
}
