import type { RecoveryCodes, TwoFactorEnrolment } from '@freight/contracts';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActionDialog } from '../../../components/ConfirmActionDialog';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { showNotice } from '../../../components/notices/showNotice';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { formatDate } from '../../../lib/format';
import { listPasskeys, PASSKEYS_KEY } from '../api/passkeysApi';
import { startEnrolment, TWO_FACTOR_KEY, turnOff, twoFactorStatus } from '../api/twoFactorApi';
import { AuthenticatorEnrolment } from './AuthenticatorEnrolment';
import { RecoveryCodesControls } from './RecoveryCodesControls';
import { RecoveryCodesShown } from './RecoveryCodesShown';

/**
 * The authenticator app: whether sign-in asks for its code, setting it up (QR code, then a code to
 * confirm), new recovery codes and turning it off (which tells whether passkeys and the codes
 * stay). Every change asks for the password when it was not confirmed in the last minutes.
 */
export function AuthenticatorAppPanel() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const status = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: twoFactorStatus });
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: listPasskeys });
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<RecoveryCodes | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const start = useWithPasswordConfirmation(startEnrolment);
  const off = useWithPasswordConfirmation(turnOff);
  const refresh = () => qc.invalidateQueries({ queryKey: TWO_FACTOR_KEY });

  /** Runs one change, its failure shown under the panel's buttons. */
  async function change<R>(action: () => Promise<R | null>, then: (result: R) => void) {
    setFailure(null);
    setBusy(true);
    try {
      const result = await action();
      if (result !== null) then(result);
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  }

  const data = status.data?.data;
  return (
    <Section title={t('security.app.title')} testId="authenticator-app">
      <QueryStatus query={status} />
      {data && (
        <Stack>
          <Text size="sm">{t('security.app.intro')}</Text>
          <Group gap="xs">
            <Badge color={data.enabled ? 'green' : 'gray'} variant="light">
              {data.enabled ? t('security.app.on') : t('security.app.off')}
            </Badge>
            {data.enabled && data.confirmed_at && (
              <Text size="sm">{t('security.app.on_since', { date: formatDate(data.confirmed_at, i18n.language) })}</Text>
            )}
          </Group>
          {codes ? (
            <RecoveryCodesShown codes={codes.recovery_codes} onDone={() => setCodes(null)} />
          ) : enrolment ? (
            <AuthenticatorEnrolment
              enrolment={enrolment}
              onCancel={() => setEnrolment(null)}
              onConfirmed={(fresh) => {
                setEnrolment(null);
                setCodes(fresh);
                showNotice({ color: 'green', message: { key: 'security.app.turned_on' } });
                void refresh();
              }}
            />
          ) : data.enabled ? (
            <RecoveryCodesControls remaining={data.recovery_codes_remaining}>
              <Button variant="default" color="red" onClick={() => setTurningOff(true)}>
                {t('security.app.turn_off')}
              </Button>
            </RecoveryCodesControls>
          ) : (
            <Group>
              <Button
                loading={busy}
                onClick={() =>
                  change(
                    () => start.run(undefined),
                    (res) => setEnrolment(res.data),
                  )
                }
              >
                {t('security.app.set_up')}
              </Button>
            </Group>
          )}
          <ErrorAlert error={failure} />
        </Stack>
      )}
      {turningOff && (
        <ConfirmActionDialog
          title={t('security.app.turn_off_title')}
          warning={passkeys.data?.data.length ? t('security.app.turn_off_warning_passkeys') : t('security.app.turn_off_warning')}
          action={t('security.app.turn_off')}
          onCancel={() => setTurningOff(false)}
          onConfirm={() =>
            change(
              () => off.run(undefined),
              () => {
                setTurningOff(false);
                showNotice({ color: 'green', message: { key: 'security.app.turned_off' } });
                void refresh();
              },
            )
          }
        />
      )}
      {start.modal}
      {off.modal}
    </Section>
  );
}
