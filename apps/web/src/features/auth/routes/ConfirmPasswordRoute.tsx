import { confirmPasswordRequest } from '@freight/contracts';
import { Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { usePageTitle } from '../../../components/usePageTitle';
import { safeRedirect } from '../../../lib/auth';
import { serverFieldErrors, zodErrors } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { confirmPassword } from '../api/authApi';

/** POST /user/confirm-password, then back to ?redirect (sensitive changes need it). */
export function ConfirmPasswordRoute() {
  const { t } = useTranslation();
  usePageTitle(t('auth.confirm.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect')) ?? paths.home;
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ initialValues: { password: '' }, validate: (v) => zodErrors(confirmPasswordRequest, t, v) });
  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    try {
      await confirmPassword(v.password);
      await navigate(redirect, { replace: true });
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (Object.keys(fields).length) form.setErrors(fields);
      else setFailure(e);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2}>{t('auth.confirm.title')}</Title>
        <Text size="sm">{t('errors.password_confirmation_required')}</Text>
        <Text size="sm" c="dimmed">
          {t('auth.confirm.intro')}
        </Text>
        <PasswordInput label={t('auth.password')} autoComplete="current-password" withAsterisk {...form.getInputProps('password')} />
        <ErrorAlert error={failure} />
        <Button type="submit" loading={form.submitting}>
          {t('auth.confirm.submit')}
        </Button>
        <Anchor component={Link} to={redirect} size="sm">
          {t('common.cancel')}
        </Anchor>
      </Stack>
    </form>
  );
}
