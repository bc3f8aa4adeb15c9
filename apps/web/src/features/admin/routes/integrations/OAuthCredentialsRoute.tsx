import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { credentialsQuery } from '../../api/integrationsApi';
import { NewCredentialButton } from '../../components/oauth/CredentialForm';
import { StaffCredentialsTable } from '../../components/oauth/CredentialsTable';

/**
 * OAuth Credentials (super_admin): every client credential of every partner and account, a new
 * one (its secret shown once), rotation with an overlap, and revocation.
 */
export function OAuthCredentialsRoute() {
  const { t } = useTranslation();
  const query = useQuery(credentialsQuery());
  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.oauth')} />
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" maw={760}>
          {t('admin.oauth.intro')}
        </Text>
        <NewCredentialButton />
      </Group>
      <QueryStatus query={query} />
      {query.data?.length === 0 && <Text>{t('admin.oauth.none')}</Text>}
      {query.data && query.data.length > 0 && (
        <StaffCredentialsTable credentials={query.data} showOwner caption={t('admin.oauth.caption')} />
      )}
    </Stack>
  );
}
