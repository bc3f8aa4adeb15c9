import type { SsoDefaultRole, SsoSettings } from '@freight/contracts';
import { Button, Checkbox, Code, Group, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { showNotice } from '../../../components/notices/showNotice';
import { setServerErrors } from '../../../lib/forms';
import { SSO_KEY, saveSsoProvider } from '../api/ssoApi';

/**
 * The identity provider: its issuer URL, the client id and secret the provider gave this portal,
 * the role of users it creates and whether the domains' users may still use passwords. The secret
 * is never shown again: an empty field keeps it. Saving is a grant of power: the server asks the
 * admin to prove who they are again (423), and the save goes on once they did.
 */
export function SingleSignOnProviderForm({ settings }: { settings: SsoSettings }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const proven = useWithPasswordConfirmation(saveSsoProvider);
  const provider = settings.provider;
  const form = useForm({
    initialValues: {
      issuer: provider?.issuer ?? '',
      client_id: provider?.client_id ?? '',
      client_secret: '',
      default_role: (provider?.default_role ?? 'shipper') as SsoDefaultRole,
      passwords_allowed: provider?.passwords_allowed ?? true,
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await proven.run(values);
      if (!saved) return;
      qc.setQueryData(SSO_KEY, saved);
      form.setFieldValue('client_secret', '');
      showNotice({ color: 'green', message: { key: 'security.sso.saved' } });
    } catch (e) {
      if (!setServerErrors(form, e)) setFailure(e);
    }
  });

  return (
    <>
      <form onSubmit={submit} noValidate aria-labelledby="sso-provider-title">
        <Stack gap="sm">
          <Title order={3} size="h4" fz="sm" id="sso-provider-title">
            {t('security.sso.provider')}
          </Title>
          <Text size="sm">
            {t('security.sso.redirect_uri')} <Code>{settings.redirect_uri}</Code>
          </Text>
          <TextInput
            label={t('security.sso.issuer')}
            description={t('security.sso.issuer_help')}
            type="url"
            withAsterisk
            {...form.getInputProps('issuer')}
          />
          <TextInput label={t('security.sso.client_id')} withAsterisk autoComplete="off" {...form.getInputProps('client_id')} />
          <PasswordInput
            label={t('security.sso.client_secret')}
            description={provider?.has_client_secret ? t('security.sso.client_secret_kept') : t('security.sso.client_secret_help')}
            autoComplete="new-password"
            {...form.getInputProps('client_secret')}
          />
          <Select
            label={t('security.sso.default_role')}
            description={t('security.sso.default_role_help')}
            data={settings.default_roles.map((role) => ({ value: role, label: t(`team.roles.${role}`) }))}
            allowDeselect={false}
            {...form.getInputProps('default_role')}
          />
          <Checkbox
            label={t('security.sso.passwords_allowed')}
            description={t('security.sso.passwords_allowed_help')}
            {...form.getInputProps('passwords_allowed', { type: 'checkbox' })}
          />
          <ErrorAlert error={failure} />
          <Group>
            <Button type="submit" loading={form.submitting}>
              {provider ? t('security.sso.save') : t('security.sso.connect')}
            </Button>
          </Group>
        </Stack>
      </form>
      {proven.modal}
    </>
  );
}
