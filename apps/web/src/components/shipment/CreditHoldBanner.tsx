import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchCurrentUser } from '../../lib/auth';
import { CURRENT_USER_KEY } from '../../lib/currentUserQuery';
import { paths } from '../../lib/paths';
import { can } from '../../lib/permissions';

/**
 * Tells a shipper on credit hold before it quotes: it may quote but not book, and the
 * way out is paying its open invoices. Asks for the account's state afresh when shown, since a
 * hold comes and goes with payments and time.
 */
export function CreditHoldBanner() {
  const { t } = useTranslation();
  const user = useQuery({ queryKey: CURRENT_USER_KEY, queryFn: () => fetchCurrentUser(), refetchOnMount: 'always', retry: false });
  if (user.data?.account?.status !== 'credit_hold') return null;
  return (
    <Alert color="red" variant="light" mb="md" data-testid="credit-hold-banner">
      <Group gap="sm" justify="space-between">
        <Text size="sm">{t('shipment.credit_hold.banner')}</Text>
        {can(user.data, 'invoices.view') && (
          <Button component={Link} to={paths.myInvoices} size="xs" color="red">
            {t('shipment.credit_hold.invoices')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
