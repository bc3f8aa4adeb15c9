import { Anchor, Box, Container, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../lib/auth';
import { LanguageSwitcher } from './LanguageSwitcher';

/**
 * The frame of the auth and public pages, in both entries: product name, language switcher (for
 * guests and for signed-in users who have not verified their email yet, who cannot reach the
 * settings page), a centred card. The product name is a plain link: the guest entry has no router.
 */
export function PublicFrame({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  return (
    <Box mih="100vh" bg="gray.0" py="xl">
      <Container size={wide ? 'lg' : 'sm'}>
        <Group justify="space-between" mb="lg">
          <Anchor href="/" underline="never" c="dark">
            <Text fw={700} size="xl">
              {t('app.name')}
            </Text>
          </Anchor>
          {!user?.email_verified_at && <LanguageSwitcher />}
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
