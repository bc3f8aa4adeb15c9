import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStatus } from '../../../components/QueryStatus';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { accountApplicationsQuery } from '../api/creditApi';

const COLORS = { pending: 'yellow', approved: 'green', declined: 'red' } as const;

/** The account's credit applications on its credit panel, each opening its review page. */
export function CreditApplications({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const q = useQuery(accountApplicationsQuery(accountId));
  const rows = q.data?.data ?? [];
  return (
    <Stack gap={6} data-testid="account-credit-applications">
      <QueryStatus query={q} />
      {q.data && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('admin.credit.applications.none')}
        </Text>
      )}
      {rows.map((a) => (
        <Group key={a.id} gap="sm" wrap="nowrap">
          <Badge color={COLORS[a.status]} variant="light">
            {t(`credit_applications.status.${a.status}`)}
          </Badge>
          <Anchor component={Link} to={paths.admin.creditApplication(a.id)} size="sm">
            {t('admin.credit.applications.sent', { date: fmt.date(a.created_at), limit: fmt.money(a.requested_limit_cents / 100, 'USD') })}
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}
