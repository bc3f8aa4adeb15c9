import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../components/QueryStatus';
import { isApiError } from '../../../lib/api';
import { useAuthUser } from '../../../lib/auth';
import { credentialsQuery } from '../api/apiAccessApi';
import { ApiDocsLink } from '../components/api/ApiDocsLink';
import { CredentialsSection } from '../components/api/CredentialsSection';
import { PartnersSection } from '../components/api/PartnersSection';
import { WebhooksSection } from '../components/api/WebhooksSection';

/**
 * /settings/api: the account admin's API credentials, partners with access and webhooks.
 * Only the server knows who the admin is (the account's first user), so the credentials list is
 * asked first and its 403 turns the page into one sentence, without a button that would fail.
 */
export function ApiSettingsRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const hasAccount = Boolean(user?.account);
  const credentials = useQuery({ ...credentialsQuery(), enabled: hasAccount });
  if (!hasAccount) return <Text>{t('settings.api.no_account')}</Text>;
  if (isApiError(credentials.error) && credentials.error.status === 403)
    return (
      <Alert color="blue" variant="light" maw={720} role="status">
        {t('settings.api.not_admin')}
      </Alert>
    );
  if (credentials.isPending) return <QueryStatus query={credentials} />;
  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Text>{t('settings.api.intro')}</Text>
        <div>
          <ApiDocsLink>{t('settings.api.docs_link')}</ApiDocsLink>
        </div>
      </Stack>
      <CredentialsSection />
      <PartnersSection />
      <WebhooksSection />
    </Stack>
  );
}
