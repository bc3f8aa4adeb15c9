import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { usePageTitle } from '../../../components/usePageTitle';
import { fetchCurrentUser, homeFor, logout, useAuthUser } from '../../../lib/auth';
import { resendVerification } from '../api/authApi';
import { ChangeEmailModal } from '../components/ChangeEmailModal';

/** A link was sent; resend it, or log out. */
export function VerifyEmailRoute() {
  const { t } = useTranslation();
  usePageTitle(t('verify.title'));
  const user = useAuthUser();
  const [changing, setChanging] = useState(false);
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: async (res) => {
      notifications.show({ color: 'green', title: t('verify.resent'), message: res.message ?? t('verification.sent') });
      await fetchCurrentUser().catch(() => undefined); // 200 = already verified: the refreshed user moves on
    },
  });
  if (!user) return null;
  if (user.email_verified_at) return <Navigate replace to={homeFor(user)} />;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('verify.title')}
      </Title>
      <Text>{t('verify.sent_to', { email: user.email })}</Text>
      <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setChanging(true)}>
        {t('verify.change_email')}
      </Anchor>
      <ChangeEmailModal user={user} opened={changing} onClose={() => setChanging(false)} />
      <Text size="sm" c="dimmed">
        {t('verify.instructions')}
      </Text>
      <ErrorAlert error={resend.error} title={t('verify.resend_failed')} />
      <Group justify="space-between">
        <Button onClick={() => resend.mutate()} loading={resend.isPending}>
          {t('verify.resend')}
        </Button>
        <Anchor component="button" type="button" onClick={() => void logout()}>
          {t('nav.logout')}
        </Anchor>
      </Group>
    </Stack>
  );
}
