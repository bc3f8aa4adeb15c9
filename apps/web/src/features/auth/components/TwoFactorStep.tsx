import type { SecondFactorMethod } from '@freight/contracts';
import { Alert, Anchor, Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { usePageTitle } from '../../../components/usePageTitle';
import { isApiError } from '../../../lib/api';
import { setServerErrors } from '../../../lib/forms';
import { firstWay, otherWay, type TypedWay } from '../../../lib/secondFactorWays';
import { twoFactorChallenge } from '../api/authApi';
import { PasskeySignIn } from './PasskeySignIn';

/**
 * The second step of sign-in, after a right password, offering the user's own factors (`methods`,
 * from the password step's answer): a code from the authenticator app and/or a passkey, or one of
 * the recovery codes instead. A user of passkeys alone sees the passkey first, no field they could
 * not fill, and a recovery code on demand.
 * `offerRememberDevice` (customers) adds "Remember this device"; `onSignedIn` runs once the
 * session exists; `onStartOver` goes back to the password.
 */
export function TwoFactorStep({
  offerRememberDevice,
  methods,
  onSignedIn,
  onStartOver,
}: {
  offerRememberDevice: boolean;
  methods: SecondFactorMethod[];
  onSignedIn: () => Promise<void>;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  usePageTitle(t('auth.two_factor.title'));
  const passkey = methods.includes('passkey');
  const [method, setMethod] = useState<TypedWay | null>(firstWay(methods));
  const other = otherWay(methods, method);
  const [throttle, setThrottle] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ initialValues: { code: '', recovery_code: '', remember_device: false } });

  const switchTo = (next: TypedWay) => {
    form.clearErrors();
    setThrottle(null);
    setMethod(next);
  };

  const submit = form.onSubmit(async (values) => {
    if (!method) return;
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
        <Title order={1} size="h2" id="two-factor-title">
          {t('auth.two_factor.title')}
        </Title>
        {method === 'code' && (
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
        )}
        {method === 'recovery_code' && (
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
        {!method && <Text size="sm">{t('auth.two_factor.passkey_intro')}</Text>}
        {offerRememberDevice && method && (
          <Checkbox label={t('auth.two_factor.remember_device')} {...form.getInputProps('remember_device', { type: 'checkbox' })} />
        )}
        {throttle && (
          <Alert color="orange" role="alert">
            {throttle}
          </Alert>
        )}
        <ErrorAlert error={failure} />
        {method && (
          <Button type="submit" loading={form.submitting}>
            {t('auth.two_factor.submit')}
          </Button>
        )}
        {passkey && <PasskeySignIn label="use" onSignedIn={onSignedIn} autoFocus={!method} />}
        {other && (
          <Anchor component="button" type="button" size="sm" onClick={() => switchTo(other)}>
            {other === 'recovery_code' ? t('auth.two_factor.use_recovery_code') : t('auth.two_factor.use_app')}
          </Anchor>
        )}
        <Anchor component="button" type="button" size="sm" onClick={onStartOver}>
          {t('auth.back_to_login')}
        </Anchor>
      </Stack>
    </form>
  );
}
