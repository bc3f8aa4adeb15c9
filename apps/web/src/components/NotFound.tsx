import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from './usePageTitle';

/** 'Page not found: {name}' for a path no route resolves. */
export function NotFound() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = t('app.not_found_title');
  usePageTitle(title);
  return (
    <Stack p="xl">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text>{t('app.page_not_found', { name: pathname })}</Text>
      <Anchor component={Link} to="/">
        {t('app.go_home')}
      </Anchor>
    </Stack>
  );
}
