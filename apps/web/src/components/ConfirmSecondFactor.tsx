import { type ConfirmationProof, recoveryCodeRequest, twoFactorConfirmRequest } from '@freight/contracts';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../lib/auth';
import { setServerErrors, zodErrors } from '../lib/forms';
import { confirmIdentity, confirmWithPasskey } from '../lib/identityConfirmation';
import { firstWay, otherWay, type TypedWay } from '../lib/secondFactorWays';
import { FormAlert } from './FormAlert';
import { PasskeyFailure } from './PasskeyFailure';
import { WRAPPING_BUTTON_STYLES } from './wrappingButton';

/**
 * A user with a second factor confirms who they are with it, in the words of the sign-in's second
 * step: a code from the authenticator app and/or a passkey, whichever they have, or one of the
 * recovery codes instead. A single sign-on user without a factor (no proof at all) is told to sign in
 * again through their identity provider, which counts as a confirmation.
 */
export function ConfirmSecondFactor({
  proofs,
  onConfirmed,
  intro,
  actions,
  again,
}: {
  proofs: ConfirmationProof[];
  onConfirmed: () => unknown;
  intro: string;
  actions: ReactNode;
  again?: boolean;
}) {
  const { t } = useTranslation();
  const passkey = proofs.includes('passkey');
  const [way, setWay] = useState<TypedWay | null>(firstWay(proofs));
  const other = otherWay(proofs, way);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({
    initialValues: { code: '', recovery_code: '' },
    validate: (v) =>
      way === 'code'
        ? zodErrors(twoFactorConfirmRequest, t, { code: v.code })
        : way === 'recovery_code'
          ? zodErrors(recoveryCodeRequest, t, { recovery_code: v.recovery_code })
          : {},
  });

  if (!proofs.length) return <SignInAgain actions={actions} />;

  const switchTo = (next: TypedWay) => {
    form.clearErrors();
    setFailure(null);
    setWay(next);
  };

  const submit = form.onSubmit(async (values) => {
    if (!way) return;
    setFailure(null);
    try {
      await confirmIdentity({ [way]: values[way] });
    } catch (e) {
      if (!setServerErrors(form, e)) setFailure(e);
      return;
    }
    await onConfirmed();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{again ? t('auth.confirm.factor_again') : t('auth.confirm.factor_required')}</Text>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {way === 'code' && <Text size="sm">{t('auth.two_factor.code_intro')}</Text>}
        {way === 'code' && (
          <TextInput
            key="code"
            label={t('auth.two_factor.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            withAsterisk
            data-autofocus
            {...form.getInputProps('code')}
          />
        )}
        {way === 'recovery_code' && <Text size="sm">{t('auth.two_factor.recovery_intro')}</Text>}
        {way === 'recovery_code' && (
          <TextInput
            key="recovery_code"
            label={t('auth.two_factor.recovery_code')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            withAsterisk
            data-autofocus
            {...form.getInputProps('recovery_code')}
          />
        )}
        {!way && <Text size="sm">{t('auth.confirm.passkey_intro')}</Text>}
        <FormAlert error={failure} fields={form} />
        {passkey && <PasskeyProof onConfirmed={onConfirmed} first={!way} />}
        {other && (
          <Anchor component="button" type="button" size="sm" onClick={() => switchTo(other)}>
            {other === 'recovery_code' ? t('auth.two_factor.use_recovery_code') : t('auth.two_factor.use_app')}
          </Anchor>
        )}
        <Group justify="flex-end">
          {actions}
          {way && (
            <Button type="submit" loading={form.submitting}>
              {t('auth.confirm.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** "Use a passkey": the browser's passkey dialog, then the server's check; `first` takes the dialog's first focus. */
function PasskeyProof({ onConfirmed, first }: { onConfirmed: () => unknown; first: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  async function use() {
    setFailure(null);
    setBusy(true);
    try {
      await confirmWithPasskey();
    } catch (e) {
      setFailure(e);
      setBusy(false);
      return;
    }
    setBusy(false);
    await onConfirmed();
  }

  return (
    <Stack gap="xs">
      {/* Its words ("Usar una llave de acceso") wrap on a narrow screen instead of being cut. */}
      <Button
        type="button"
        variant="default"
        leftSection={<IconKey size={18} aria-hidden />}
        loading={busy}
        data-autofocus={first || undefined}
        onClick={use}
        styles={WRAPPING_BUTTON_STYLES}
      >
        {t('auth.passkey.use')}
      </Button>
      <PasskeyFailure error={failure} />
    </Stack>
  );
}

/** No password and no second factor: the provider's sign-in is the proof (it counts as a confirmation). */
function SignInAgain({ actions }: { actions: ReactNode }) {
  const { t } = useTranslation();
  const email = useAuthUser()?.email;
  return (
    <Stack>
      <Text size="sm">{t('auth.confirm.sso_only')}</Text>
      <Group justify="flex-end">
        {actions}
        {email && (
          <Button component="a" href={`/sso/start?email=${encodeURIComponent(email)}`} data-autofocus>
            {t('auth.sso.continue')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
