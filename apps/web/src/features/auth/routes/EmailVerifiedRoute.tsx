import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { usePageTitle } from '../../../components/usePageTitle';
import { isApiError } from '../../../lib/api';
import { fetchCurrentUser, useAuthUser } from '../../../lib/auth';
import { clearAuthUser } from '../../../lib/authState';
import { paths } from '../../../lib/paths';
import { resendVerification } from '../api/authApi';

const STATUSES = ['verified', 'already', 'expired', 'invalid'] as const;
type Status = (typeof STATUSES)[number];
const COLORS: Record<Status, string> = { verified: 'green', already: 'blue', expired: 'orange', invalid: 'red' };

/** Where the verification link lands: /email-verified?status=verified|already|expired|invalid. */
export function EmailVerifiedRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('status');
  const status: Status = (STATUSES as readonly string[]).includes(raw ?? '') ? (raw as Status) : 'invalid';
  usePageTitle(t(`verified.${status}.title`));
  const user = useAuthUser();
  const loggedIn = !!user;

  // The stored user still says "unverified": refresh it (without leaving this public page on a 401).
  useEffect(() => {
    if (!loggedIn) return;
    fetchCurrentUser({ skipAuthRedirect: true }).catch((e) => {
      if (isApiError(e) && e.status === 401) clearAuthUser();
    });
  }, [loggedIn]);

  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: (res) => notifications.show({ color: 'green', title: t('verify.resent'), message: res.message ?? t('verification.sent') }),
  });

  return (
    <Stack>
      <Title order={1} size="h2">
        {t(`verified.${status}.title`)}
      </Title>
      <Alert color={COLORS[status]} role="status">
        {t(`verified.${status}.body`)}
      </Alert>
      <ErrorAlert error={resend.error} title={t('verify.resend_failed')} />
      <Group>
        {status === 'expired' && loggedIn && (
          <Button onClick={() => resend.mutate()} loading={resend.isPending}>
            {t('verify.resend')}
          </Button>
        )}
        <Button component={Link} to={loggedIn ? paths.home : paths.login} variant={status === 'expired' && loggedIn ? 'default' : 'filled'}>
          {loggedIn ? t('verified.continue') : t('verified.login')}
        </Button>
      </Group>
    </Stack>
  );
}
