import { Button, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasskeyFailure } from '../../../components/PasskeyFailure';
import { WRAPPING_BUTTON_STYLES } from '../../../components/wrappingButton';
import { signInWithPasskey } from '../../security';

/**
 * Signs in with a passkey: on the login form without the password ('sign_in', `remember` being
 * the form's checkbox), or as the second step after it ('use'). `onSignedIn` runs once the
 * session exists. `autoFocus`: the step's only way (a user whose factor is a passkey alone).
 */
export function PasskeySignIn({
  label,
  remember = false,
  autoFocus = false,
  onSignedIn,
}: {
  label: 'sign_in' | 'use';
  remember?: boolean;
  autoFocus?: boolean;
  onSignedIn: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  async function signIn() {
    setFailure(null);
    setBusy(true);
    try {
      await signInWithPasskey(remember);
      await onSignedIn();
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs">
      {/* Its words ("Iniciar sesión con una llave de acceso") wrap on a narrow screen instead of being cut. */}
      <Button
        type="button"
        variant="default"
        leftSection={<IconKey size={18} aria-hidden />}
        loading={busy}
        autoFocus={autoFocus}
        onClick={signIn}
        styles={WRAPPING_BUTTON_STYLES}
      >
        {t(`auth.passkey.${label}`)}
      </Button>
      <PasskeyFailure error={failure} />
    </Stack>
  );
}
