import { forgotPasswordRequest } from '@freight/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/FormAlert';
import { usePageTitle } from '../../../components/usePageTitle';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { requestPasswordReset } from '../api/authApi';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  usePageTitle(t('auth.forgot.title'));
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ initialValues: { email: '' }, validate: (v) => zodErrors(forgotPasswordRequest, t, v) });
  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    try {
      const res = await requestPasswordReset(v.email.trim());
      setSent(res.message ?? t('password_reset.sent'));
    } catch (e) {
      setServerErrors(form, e);
      setFailure(e);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {t('auth.forgot.title')}
        </Title>
        <Text size="sm">{t('auth.forgot.intro')}</Text>
        {sent ? (
          <Alert color="green" role="status">
            {sent}
          </Alert>
        ) : (
          <>
            <TextInput label={t('contact.email')} type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
            <FormAlert error={failure} fields={form} />
            <Button type="submit" loading={form.submitting}>
              {t('auth.forgot.submit')}
            </Button>
          </>
        )}
        <Anchor component={Link} to={paths.login} size="sm">
          {t('auth.back_to_login')}
        </Anchor>
      </Stack>
    </form>
  );
}
