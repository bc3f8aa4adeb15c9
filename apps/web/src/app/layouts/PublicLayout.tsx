import { Anchor, Box, Container, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { useAuthUser } from '../../lib/auth';

/**
 * Auth and public pages: product name, language switcher (for guests and for signed-in users who
 * have not verified their email yet, who cannot reach the settings page), a centred card.
 */
export function PublicLayout({ wide = false }: { wide?: boolean }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  return (
    <Box mih="100vh" bg="gray.0" py="xl">
      <Container size={wide ? 'lg' : 'sm'}>
        <Group justify="space-between" mb="lg">
          <Anchor component={Link} to="/" underline="never" c="dark">
            <Text fw={700} size="xl">
              {t('app.name')}
            </Text>
          </Anchor>
          {!user?.email_verified_at && <LanguageSwitcher />}
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
