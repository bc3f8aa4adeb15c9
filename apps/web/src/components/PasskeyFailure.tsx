import { Alert } from '@mantine/core';
import { WebAuthnError } from '@simplewebauthn/browser';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { ErrorAlert } from './ErrorAlert';

/**
 * What the browser's own passkey dialog answered when it made or used no passkey, as a key of the
 * first-visit words (the login page, the settings and the confirmation dialog all have them);
 * undefined when the failure is the server's answer instead.
 */
export function passkeyBrowserProblem(error: unknown): string | undefined {
  if (!(error instanceof Error) || isApiError(error)) return undefined;
  // The user closed the dialog, or let it time out: WebAuthn says no more, on purpose.
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return 'auth.passkey.canceled';
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'auth.passkey.already_added';
  return 'auth.passkey.unavailable';
}

/** A passkey ceremony's failure: the browser's, in words, or the server's answer. */
export function PasskeyFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const problem = passkeyBrowserProblem(error);
  if (!problem) return <ErrorAlert error={error} />;
  return (
    <Alert color="red" role="alert">
      {t(problem)}
    </Alert>
  );
}
