import type { ConfirmationProof, ConfirmedPasswordStatus, ConfirmIdentityRequest } from '@freight/contracts';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { api } from './api';

/**
 * Confirming who the signed-in user is before a sensitive change (the server's 423): with the
 * password, or for a user with a second factor with that factor (POST /user/confirm-password).
 */

/** What the user can confirm with; a failure to ask reads as the password (the server then says what it wants). */
export async function confirmationProofs(): Promise<ConfirmationProof[]> {
  try {
    return (await api.get<ConfirmedPasswordStatus>('/user/confirmed-password-status')).proofs ?? ['password'];
  } catch {
    return ['password'];
  }
}

/** The password, a code of the authenticator app, or a recovery code. */
export const confirmIdentity = (body: Omit<ConfirmIdentityRequest, 'credential'>) => api.post('/user/confirm-password', body);

/** With a passkey: the server's challenge naming the user's passkeys, the browser's own dialog, then the answer. */
export async function confirmWithPasskey() {
  const options = await api.post<{ data: PublicKeyCredentialRequestOptionsJSON }>('/user/confirm-password/passkey-options');
  const credential = await startAuthentication({ optionsJSON: options.data });
  await api.post('/user/confirm-password', { credential });
}
