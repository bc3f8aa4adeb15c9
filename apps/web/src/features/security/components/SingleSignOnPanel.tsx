import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { isApiError } from '../../../lib/api';
import { useAuthUser } from '../../../lib/auth';
import { ssoQuery } from '../api/ssoApi';
import { SingleSignOnDomains } from './SingleSignOnDomains';
import { SingleSignOnProviderForm } from './SingleSignOnProviderForm';

/**
 * The account's single sign-on, for its admin: the identity provider (OpenID Connect) and the
 * email domains whose users sign in through it. Only the server knows who the admin is (the
 * account's first user): for anyone else its 403 hides the panel.
 */
export function SingleSignOnPanel() {
  const { t } = useTranslation();
  const hasAccount = Boolean(useAuthUser()?.account);
  const settings = useQuery({ ...ssoQuery(), enabled: hasAccount });
  if (!hasAccount || (isApiError(settings.error) && settings.error.status === 403)) return null;
  return (
    <Section title={t('security.sso.title')} testId="single-sign-on">
      <Stack gap="lg">
        <Text size="sm">{t('security.sso.intro')}</Text>
        <QueryStatus query={settings} />
        {settings.data && (
          <>
            <SingleSignOnProviderForm settings={settings.data} />
            <SingleSignOnDomains domains={settings.data.domains} />
          </>
        )}
      </Stack>
    </Section>
  );
}
