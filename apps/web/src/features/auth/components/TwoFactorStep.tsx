import { Alert, Anchor, Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { usePageTitle } from '../../../components/usePageTitle';
import { isApiError } from '../../../lib/api';
import { setServerErrors } from '../../../lib/forms';
import { twoFactorChallenge } from '../api/authApi';
import { PasskeySignIn } from './PasskeySignIn';

type Method = 'code' | 'recovery_code';

/**
 * The second step of sign-in, after a right password: a code from the authenticator app, or one
 * of the recovery codes instead. `offerRememberDevice` (customers) adds "Remember this device";
 * `onSignedIn` runs once the session exists; `onStartOver` goes back to the password.
 */
export function TwoFactorStep({
  offerRememberDevice,
  onSignedIn,
  onStartOver,
}: {
  offerRememberDevice: boolean;
  onSignedIn: () => Promise<void>;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  usePageTitle(t('auth.two_factor.title'));
  const [method, setMethod] = useState<Method>('code');
  const [throttle, setThrottle] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ initialValues: { code: '', recovery_code: '', remember_device: false } });

  const switchTo = (next: Method) => {
    form.clearErrors();
    setThrottle(null);
    setMethod(next);
  };

  const submit = form.onSubmit(async (values) => {
    setThrottle(null);
    setFailure(null);
    try {
      await twoFactorChallenge({ [method]: values[method], remember_device: offerRememberDevice && values.remember_device });
      await onSignedIn();
    } catch (e) {
      if (setServerErrors(form, e)) return;
      if (isApiError(e) && e.status === 429) {
        setThrottle(e.retryAfter !== null ? t('errors.too_many_login_attempts', { seconds: e.retryAfter }) : e.message);
      } else {
        setFailure(e);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="two-factor-title">
      <Stack>
        <Title order={2} id="two-factor-title">
          {t('auth.two_factor.title')}
        </Title>
        {method === 'code' ? (
          <>
            <Text size="sm">{t('auth.two_factor.code_intro')}</Text>
            <TextInput
              key="code"
              label={t('auth.two_factor.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              withAsterisk
              data-autofocus
              autoFocus
              {...form.getInputProps('code')}
            />
          </>
        ) : (
          <>
            <Text size="sm">{t('auth.two_factor.recovery_intro')}</Text>
            <TextInput
              key="recovery_code"
              label={t('auth.two_factor.recovery_code')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              withAsterisk
              autoFocus
              {...form.getInputProps('recovery_code')}
            />
          </>
        )}
        {offerRememberDevice && (
          <Checkbox label={t('auth.two_factor.remember_device')} {...form.getInputProps('remember_device', { type: 'checkbox' })} />
        )}
        {throttle && (
          <Alert color="orange" role="alert">
            {throttle}
          </Alert>
        )}
        <ErrorAlert error={failure} />
        <Button type="submit" loading={form.submitting}>
          {t('auth.two_factor.submit')}
        </Button>
        <PasskeySignIn label="use" onSignedIn={onSignedIn} />
        <Anchor component="button" type="button" size="sm" onClick={() => switchTo(method === 'code' ? 'recovery_code' : 'code')}>
          {method === 'code' ? t('auth.two_factor.use_recovery_code') : t('auth.two_factor.use_app')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onStartOver}>
          {t('auth.back_to_login')}
        </Anchor>
      </Stack>
    </form>
  );
}
