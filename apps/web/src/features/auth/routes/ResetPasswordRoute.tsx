import { resetPasswordRequest } from '@freight/contracts';
import { Alert, Anchor, Button, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert';
import { PasswordFields } from '../../../components/PasswordFields';
import { usePageTitle } from '../../../components/usePageTitle';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { resetPassword } from '../api/authApi';

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  usePageTitle(t('auth.reset.title'));
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({
    initialValues: { email: params.get('email') ?? '', password: '', password_confirmation: '' },
    validate: (v) => zodErrors(resetPasswordRequest, t, { ...v, token }),
  });
  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    try {
      const res = await resetPassword({
        token,
        email: v.email.trim(),
        password: v.password,
        password_confirmation: v.password_confirmation,
      });
      setDone(res.message ?? t('password_reset.done'));
    } catch (e) {
      setServerErrors(form, e);
      setFailure(e);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {t('auth.reset.title')}
        </Title>
        {done ? (
          <>
            <Alert color="green" role="status">
              {done}
            </Alert>
            <Button component={Link} to={paths.login}>
              {t('auth.login.submit')}
            </Button>
          </>
        ) : (
          <>
            <TextInput label={t('contact.email')} type="email" autoComplete="username" withAsterisk {...form.getInputProps('email')} />
            <PasswordFields form={form} />
            <FormAlert error={failure} fields={form} />
            <Button type="submit" loading={form.submitting}>
              {t('auth.reset.submit')}
            </Button>
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              {t('auth.reset.request_new')}
            </Anchor>
          </>
        )}
      </Stack>
    </form>
  );
}
