import { Anchor, Box, Container, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../lib/auth';
import { LiveRegion } from './a11y/LiveRegion';
import { MAIN_CONTENT_ID, SkipLink } from './a11y/SkipLink';
import { LanguageSwitcher } from './LanguageSwitcher';
import { SiteFooter } from './SiteFooter';

/**
 * The frame of the auth and public pages, in both entries: the skip link, product name, language
 * switcher (for guests and for signed-in users who have not verified their email yet, who cannot
 * reach the settings page), a centred card as the main content, the footer. Its links are plain
 * links: the guest entry has no router.
 */
export function PublicFrame({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  return (
    <Box mih="100vh" bg="gray.0" py="xl">
      <SkipLink />
      <Container size={wide ? 'lg' : 'sm'}>
        <Group component="header" justify="space-between" mb="lg">
          <Anchor href="/" underline="never" c="dark">
            <Text fw={700} size="xl">
              {t('app.name')}
            </Text>
          </Anchor>
          {!user?.email_verified_at && <LanguageSwitcher />}
        </Group>
        <Paper component="main" id={MAIN_CONTENT_ID} tabIndex={-1} withBorder shadow="sm" p="xl" radius="md">
          {children}
        </Paper>
        <SiteFooter mt="lg" />
      </Container>
      <LiveRegion />
    </Box>
  );
}
