import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './usePageTitle';

/** A page that states its title and, in one sentence, what it is for. */
export function InfoPage({ titleKey, bodyKey, values }: { titleKey: string; bodyKey: string; values?: Record<string, string> }) {
  const { t } = useTranslation();
  const title = t(titleKey, values);
  usePageTitle(title);
  return (
    <Stack gap="sm">
      <Title order={2}>{title}</Title>
      <Text>{t(bodyKey, values)}</Text>
    </Stack>
  );
}
