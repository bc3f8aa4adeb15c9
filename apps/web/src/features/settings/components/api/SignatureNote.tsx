import { Alert, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiDocsLink } from './ApiDocsLink';

/** The headers of the Standard Webhooks convention, as a receiver reads them. */
const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];

/** How a receiver checks that a request is ours, beside the webhooks it would receive. */
export function SignatureNote() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" title={t('settings.api.webhooks.verify.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('settings.api.webhooks.verify.body')}</Text>
        <Group gap="xs">
          {SIGNATURE_HEADERS.map((header) => (
            <Code key={header}>{header}</Code>
          ))}
        </Group>
        <Text size="sm">{t('settings.api.webhooks.verify.how')}</Text>
        <Text size="sm">
          {/* On the light blue of the alert the link's usual blue reads under 4.5:1; a shade darker reads at AA. */}
          {t('settings.api.webhooks.verify.libraries')} <ApiDocsLink c="blue.8">{t('settings.api.docs_link')}</ApiDocsLink>
        </Text>
      </Stack>
    </Alert>
  );
}
