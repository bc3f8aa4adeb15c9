import type { CurrentUser, SecondFactorMethod } from '@freight/contracts';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/FormAlert';
import { usePageTitle } from '../../components/usePageTitle';
import { mayEnter } from '../../lib/adminPaths';
import { isApiError } from '../../lib/api';
import { fetchCurrentUser, homeFor, login, safeRedirect } from '../../lib/auth';
import { setServerErrors } from '../../lib/forms';
import { paths } from '../../lib/paths';
import { PasskeySignIn } from './components/PasskeySignIn';
import { SingleSignOnLogin } from './components/SingleSignOnLogin';
import { TwoFactorStep } from './components/TwoFactorStep';

/** Into the portal: the page asked for (when the user may open it) or the user's home. */
function enter(user: CurrentUser) {
  const wanted = safeRedirect(new URLSearchParams(window.location.search).get('redirect'));
  const target = wanted && mayEnter(user.roles, wanted.split('?')[0] ?? wanted) ? wanted : homeFor(user);
  window.location.replace(target);
}

/**
 * The login page, a guest page (login.html, no router): its links and the way in after login are
 * document loads of the portal, which starts from the user `login` stored. A user with a second
 * factor is asked for it next, on the same page.
 */
export function LoginPage() {
  const [secondStep, setSecondStep] = useState<{ rememberDevice: boolean; methods: SecondFactorMethod[] } | null>(null);
  if (secondStep) {
    return (
      <TwoFactorStep
        offerRememberDevice={secondStep.rememberDevice}
        methods={secondStep.methods}
        onSignedIn={async () => enter(await fetchCurrentUser({ skipAuthRedirect: true }))}
        onStartOver={() => setSecondStep(null)}
      />
    );
  }
  return <PasswordStep onSecondStep={setSecondStep} />;
}

/** Email and password: the whole sign-in, or its first step. */
function PasswordStep({ onSecondStep }: { onSecondStep: (step: { rememberDevice: boolean; methods: SecondFactorMethod[] }) => void }) {
  const { t } = useTranslation();
  usePageTitle(t('auth.login.title'));
  const [throttle, setThrottle] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({
    initialValues: { email: '', password: '', remember: false },
  });

  const submit = form.onSubmit(async (values) => {
    setThrottle(null);
    setFailure(null);
    try {
      const answer = await login({ email: values.email.trim(), password: values.password, remember: values.remember });
      if ('two_factor' in answer) onSecondStep({ rememberDevice: answer.remember_device, methods: answer.methods });
      else enter(answer);
    } catch (e) {
      // The server checks the form against the login contract (the page carries no validator of its own).
      setServerErrors(form, e);
      if (isApiError(e) && e.status === 429) {
        setThrottle(e.retryAfter !== null ? t('errors.too_many_login_attempts', { seconds: e.retryAfter }) : e.message);
      } else {
        setFailure(e);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {t('auth.login.title')}
        </Title>
        <TextInput label={t('contact.email')} type="email" autoComplete="username" withAsterisk {...form.getInputProps('email')} />
        <SingleSignOnLogin email={form.values.email} remember={form.values.remember} />
        <PasswordInput label={t('auth.password')} autoComplete="current-password" withAsterisk {...form.getInputProps('password')} />
        <Group justify="space-between">
          <Checkbox label={t('auth.login.remember')} {...form.getInputProps('remember', { type: 'checkbox' })} />
          <Anchor href={paths.forgotPassword} size="sm">
            {t('auth.login.forgot')}
          </Anchor>
        </Group>
        {throttle && (
          <Alert color="orange" role="alert">
            {throttle}
          </Alert>
        )}
        <FormAlert error={failure} fields={form} />
        <Button type="submit" loading={form.submitting}>
          {t('auth.login.submit')}
        </Button>
        <PasskeySignIn
          label="sign_in"
          remember={form.values.remember}
          onSignedIn={async () => enter(await fetchCurrentUser({ skipAuthRedirect: true }))}
        />
        <Text size="sm" ta="center">
          {t('auth.login.no_account')} <Anchor href={paths.signup}>{t('auth.login.signup')}</Anchor> {t('auth.login.or')}{' '}
          <Anchor href={paths.publicQuote}>{t('auth.login.public_quote')}</Anchor>
        </Text>
      </Stack>
    </form>
  );
}
