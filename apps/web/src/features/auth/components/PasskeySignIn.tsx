import { Button, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signInWithPasskey } from '../../security/api/passkeysApi';
import { PasskeyFailure } from './PasskeySignInErrors';

/**
 * Signs in with a passkey: on the login form without the password ('sign_in', `remember` being
 * the form's checkbox), or as the second step after it ('use'). `onSignedIn` runs once the
 * session exists.
 */
export function PasskeySignIn({
  label,
  remember = false,
  onSignedIn,
}: {
  label: 'sign_in' | 'use';
  remember?: boolean;
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
      <Button type="button" variant="default" leftSection={<IconKey size={18} aria-hidden />} loading={busy} onClick={signIn}>
        {t(`auth.passkey.${label}`)}
      </Button>
      <PasskeyFailure error={failure} />
    </Stack>
  );
}
