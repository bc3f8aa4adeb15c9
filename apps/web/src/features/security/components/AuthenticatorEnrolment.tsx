import type { RecoveryCodes, TwoFactorEnrolment } from '@freight/contracts';
import { Button, Code, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { setServerErrors } from '../../../lib/forms';
import { confirmEnrolment } from '../api/twoFactorApi';
import { QrCode } from './QrCode';

/** The secret in groups of four, as it is easiest to read out and type into an app by hand. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up the authenticator app: the QR code (or the secret to type), then a code from the
 * app proves it was set up; `onConfirmed` receives the first recovery codes.
 */
export function AuthenticatorEnrolment({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  onConfirmed: (codes: RecoveryCodes) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ initialValues: { code: '' } });
  const { run: confirm, modal } = useWithPasswordConfirmation(confirmEnrolment);
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const res = await confirm(values);
      if (res) onConfirmed(res.data);
    } catch (e) {
      if (!setServerErrors(form, e)) setFailure(e);
    }
  });
  return (
    <>
      <form onSubmit={submit} noValidate aria-labelledby="authenticator-setup-title">
        <Stack>
          <Text fw={600} id="authenticator-setup-title">
            {t('security.app.setup_title')}
          </Text>
          <List type="ordered" spacing="sm">
            <List.Item>{t('security.app.step_scan')}</List.Item>
            <List.Item>
              <Stack gap="xs">
                <QrCode value={enrolment.otpauth_url} alt={t('security.app.qr_alt')} />
                <Text size="sm">{t('security.app.step_manual')}</Text>
                <Code fz="md" data-testid="authenticator-secret" aria-label={t('security.app.secret')}>
                  {groupedSecret(enrolment.secret_key)}
                </Code>
              </Stack>
            </List.Item>
            <List.Item>{t('security.app.step_code')}</List.Item>
          </List>
          <TextInput
            label={t('security.app.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            withAsterisk
            maw={240}
            {...form.getInputProps('code')}
          />
          <ErrorAlert error={failure} />
          <Group>
            <Button type="submit" loading={form.submitting}>
              {t('security.app.confirm')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
      {modal}
    </>
  );
}
