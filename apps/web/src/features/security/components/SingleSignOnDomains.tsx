import type { SsoDomain } from '@freight/contracts';
import { Alert, Badge, Button, Code, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { showNotice } from '../../../components/notices/showNotice';
import { serverFieldErrors, setServerErrors } from '../../../lib/forms';
import { addSsoDomain, removeSsoDomain, SSO_KEY, verifySsoDomain } from '../api/ssoApi';

/**
 * The email domains whose users sign in through the provider. Each counts once verified: the
 * admin publishes its TXT record in the domain's DNS and asks us to look. Adding, verifying and
 * removing one are grants of power: the server may ask the admin to prove who they are again
 * (423), and the change goes on once they did.
 */
export function SingleSignOnDomains({ domains }: { domains: SsoDomain[] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: SSO_KEY });
  const form = useForm({ initialValues: { domain: '' } });
  const [failure, setFailure] = useState<{ id: string; error: unknown } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // One confirmation for every change here: the change itself is what is run again.
  const proven = useWithPasswordConfirmation((change: () => Promise<unknown>) => change());

  const add = form.onSubmit(async ({ domain }) => {
    try {
      if ((await proven.run(() => addSsoDomain(domain))) === null) return;
      form.reset();
      await refresh();
    } catch (e) {
      if (!setServerErrors(form, e)) setFailure({ id: 'new', error: e });
    }
  });

  const act = async (domain: SsoDomain, action: 'verify' | 'remove') => {
    setBusy(domain.id);
    setFailure(null);
    try {
      if (action === 'verify') {
        if ((await proven.run(() => verifySsoDomain(domain.id))) === null) return;
        showNotice({ color: 'green', message: { key: 'security.sso.verified_notice', params: { domain: domain.domain } } });
      } else if ((await proven.run(() => removeSsoDomain(domain.id))) === null) return;
      await refresh();
    } catch (e) {
      setFailure({ id: domain.id, error: e });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h4" fz="sm">
        {t('security.sso.domains')}
      </Title>
      <Text size="sm">{t('security.sso.domains_intro')}</Text>
      {domains.length ? (
        <List listStyleType="none" spacing="md" aria-label={t('security.sso.domains')}>
          {domains.map((domain) => (
            <List.Item key={domain.id}>
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{domain.domain}</Text>
                  <Badge color={domain.verified_at ? 'green' : 'orange'} variant="light">
                    {domain.verified_at ? t('security.sso.verified') : t('security.sso.not_verified')}
                  </Badge>
                </Group>
                {!domain.verified_at && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t('security.sso.txt_instructions')}
                    <br />
                    {t('security.sso.txt_name')} <Code>{domain.txt_name}</Code>
                    <br />
                    {t('security.sso.txt_value')} <Code>{domain.txt_value}</Code>
                  </Text>
                )}
                {failure?.id === domain.id &&
                  (serverFieldErrors(failure.error).domain ? (
                    <Alert color="red" role="alert">
                      {serverFieldErrors(failure.error).domain}
                    </Alert>
                  ) : (
                    <ErrorAlert error={failure.error} />
                  ))}
                <Group gap="xs">
                  {!domain.verified_at && (
                    <Button size="xs" loading={busy === domain.id} onClick={() => act(domain, 'verify')}>
                      {t('security.sso.verify')}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    disabled={busy === domain.id}
                    aria-label={t('security.sso.remove_named', { domain: domain.domain })}
                    onClick={() => act(domain, 'remove')}
                  >
                    {t('security.sso.remove')}
                  </Button>
                </Group>
              </Stack>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">{t('security.sso.no_domains')}</Text>
      )}
      {failure?.id === 'new' && <ErrorAlert error={failure.error} />}
      <form onSubmit={add} noValidate>
        <Group align="flex-end" gap="xs">
          <TextInput label={t('security.sso.domain')} placeholder="example.com" withAsterisk {...form.getInputProps('domain')} />
          <Button type="submit" variant="light" loading={form.submitting}>
            {t('security.sso.add_domain')}
          </Button>
        </Group>
      </form>
      {proven.modal}
    </Stack>
  );
}
