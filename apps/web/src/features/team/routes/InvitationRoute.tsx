import { type InvitationPreview, invitationAcceptRequest } from '@freight/contracts';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormAlert } from '../../../components/FormAlert';
import { PasswordFields } from '../../../components/PasswordFields';
import { QueryStatus } from '../../../components/QueryStatus';
import { usePageTitle } from '../../../components/usePageTitle';
import { isApiError } from '../../../lib/api';
import { fetchCurrentUser } from '../../../lib/auth';
import { useStoreUser } from '../../../lib/currentUserQuery';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { acceptInvitation, invitationQuery } from '../api/teamApi';

/**
 * What an invitation's mailed link opens (no sign-in): whom it invites to which account, and the
 * password to choose; accepting signs the new colleague in and takes them into the portal. A link
 * used, revoked or expired says so, and that an account admin can send a new one.
 */
export function InvitationRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const invitation = useQuery(invitationQuery(token));
  const account = invitation.data?.account_name;
  usePageTitle(account ? t('team.invitation.title', { account }) : t('team.invitation.invalid_title'));
  const gone = isApiError(invitation.error) && invitation.error.status === 404;
  return (
    <Stack>
      {gone ? (
        <>
          <Title order={1} size="h2">
            {t('team.invitation.invalid_title')}
          </Title>
          <ErrorAlert error={invitation.error} />
          <Anchor href={paths.login}>{t('team.invitation.login')}</Anchor>
        </>
      ) : (
        <QueryStatus query={invitation} />
      )}
      {invitation.data && <AcceptForm token={token} invitation={invitation.data} />}
    </Stack>
  );
}

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const storeUser = useStoreUser();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({
    initialValues: { password: '', password_confirmation: '' },
    validate: (v) => zodErrors(invitationAcceptRequest, t, v),
  });
  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    try {
      await acceptInvitation(token, v);
      storeUser(await fetchCurrentUser());
      await navigate(paths.home, { replace: true });
    } catch (e) {
      setServerErrors(form, e);
      setFailure(e);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {t('team.invitation.title', { account: invitation.account_name })}
        </Title>
        <Text>
          {t('team.invitation.intro', {
            name: invitation.first_name,
            account: invitation.account_name,
            role: t(`team.roles.${invitation.role}`),
          })}
        </Text>
        <TextInput label={t('team.invitation.email')} type="email" autoComplete="username" value={invitation.email} readOnly />
        <PasswordFields form={form} label={t('auth.password')} />
        <FormAlert error={failure} fields={form} />
        <Button type="submit" loading={form.submitting}>
          {t('team.invitation.submit')}
        </Button>
      </Stack>
    </form>
  );
}
