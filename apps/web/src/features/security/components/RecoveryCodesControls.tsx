import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { newRecoveryCodes, TWO_FACTOR_KEY } from '../api/twoFactorApi';
import { RecoveryCodesShown } from './RecoveryCodesShown';

/**
 * The recovery codes of a user with a second factor (the app's panel, or the passkeys' for a user
 * of passkeys alone): how many are left and "New recovery codes", which asks who the user is when
 * that was not confirmed in the last minutes and then shows the new ones once. `children` are the
 * panel's own buttons, beside it.
 */
export function RecoveryCodesControls({ remaining, children }: { remaining: number; children?: ReactNode }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const regenerate = useWithPasswordConfirmation(newRecoveryCodes);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function makeNew() {
    setFailure(null);
    setBusy(true);
    try {
      const made = await regenerate.run(undefined);
      if (made !== null) {
        setCodes(made.data.recovery_codes);
        void qc.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
      }
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  }

  if (codes) return <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('security.recovery.remaining', { count: remaining })}</Text>
      <Group>
        <Button variant="default" loading={busy} onClick={makeNew}>
          {t('security.recovery.regenerate')}
        </Button>
        {children}
      </Group>
      <ErrorAlert error={failure} />
      {regenerate.modal}
    </Stack>
  );
}
