import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { logout, useAuthUser } from '../lib/auth';

/**
 * A signed-in user whose roles open neither a customer account nor an admin page (the feature
 * preview role alone): what the role does and how to get further, instead of a portal whose
 * every call is refused.
 */
export function NoAccessRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  return (
    <Card withBorder padding="xl" maw={560} mx="auto">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('no_access.title')}
        </Title>
        {user && <Text>{t('no_access.signed_in_as', { email: user.email })}</Text>}
        <Text>{t('no_access.feature_role')}</Text>
        <List spacing="xs">
          <List.Item>{t('no_access.staff_role')}</List.Item>
          <List.Item>{t('no_access.customer_account')}</List.Item>
        </List>
        <Button variant="light" onClick={() => void logout()} style={{ alignSelf: 'flex-start' }}>
          {t('no_access.logout')}
        </Button>
      </Stack>
    </Card>
  );
}
