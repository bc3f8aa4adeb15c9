import type { SsoLookupResponse } from '@freight/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { fetchCurrentUser, homeFor } from '../../../lib/auth';
import { useLocationSearch } from '../../../lib/locationSearch';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** The login page asks about an email once the typing pauses. */
const PAUSE_MS = 350;
/** The reasons the server sends the browser back with (`SSO_ERRORS`), each worded here. */
const REASONS = new Set([
  'expired',
  'denied',
  'failed',
  'unverified_domain',
  'other_account',
  'email_unverified',
  'suspended',
  'deactivated',
]);

/**
 * The login form's single sign-on: when the email typed belongs to a domain whose company signs in
 * through its identity provider, 'Continue with single sign-on' (a document navigation to the
 * server, which sends the browser on to the provider). Also words why a sign-in through the
 * provider came back here (`?sso_error=`), and takes a user it signed in into the portal (`?sso=signed_in`).
 */
export function SingleSignOnLogin({ email, remember }: { email: string; remember: boolean }) {
  const { t } = useTranslation();
  const [search] = useLocationSearch();
  const [answer, setAnswer] = useState<{ email: string; lookup: SsoLookupResponse } | null>(null);
  const typed = email.trim().toLowerCase();
  const signedIn = search.get('sso') === 'signed_in';

  // Back from the provider with a session: the portal starts from the stored user, as after a password login.
  useEffect(() => {
    if (!signedIn) return;
    fetchCurrentUser({ skipAuthRedirect: true })
      .then((user) => window.location.replace(homeFor(user)))
      .catch(() => undefined);
  }, [signedIn]);

  useEffect(() => {
    if (!EMAIL.test(typed)) return;
    let current = true;
    const timer = setTimeout(() => {
      api
        .post<{ data: SsoLookupResponse }>('/sso/lookup', { email: typed })
        .then((r) => current && setAnswer({ email: typed, lookup: r.data }))
        // Without an answer the password form is all there is, as before single sign-on.
        .catch(() => undefined);
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typed]);

  const error = search.get('sso_error');
  const lookup = answer?.email === typed ? answer.lookup : null;
  const start = `/sso/start?${new URLSearchParams({ email: typed, remember: remember ? '1' : '0' })}`;
  return (
    <>
      {error && (
        <Alert color="red" role="alert" title={t('auth.sso.error_title')}>
          {t(`auth.sso.errors.${REASONS.has(error) ? error : 'failed'}`)}
        </Alert>
      )}
      {lookup?.sso && (
        <Stack gap="xs" role="status">
          <Text size="sm">{lookup.passwords_allowed ? t('auth.sso.available') : t('auth.sso.required')}</Text>
          <Button component="a" href={start} variant={lookup.passwords_allowed ? 'light' : 'filled'}>
            {t('auth.sso.continue')}
          </Button>
        </Stack>
      )}
    </>
  );
}
