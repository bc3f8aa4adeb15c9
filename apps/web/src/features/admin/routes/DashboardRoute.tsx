import { canManageCredit } from '@freight/domain';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { useAuthUser } from '../../../lib/auth';
import { useFormat } from '../../../lib/useFormat';
import { type DashboardStats, dashboardQuery } from '../api/dashboardApi';
import { OpenDisputes } from '../components/OpenDisputes';

const CARDS: (keyof DashboardStats)[] = ['accounts', 'users', 'unverified_users', 'credit_hold_accounts'];

export function DashboardRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const q = useQuery(dashboardQuery());
  const user = useAuthUser();
  return (
    <>
      <PageHeader title={t('admin.pages.dashboard')} />
      <QueryStatus query={q} />
      {q.data && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {CARDS.map((k) => (
            <Card key={k} withBorder padding="lg">
              <Text size="sm" c="dimmed">
                {t(`admin.dashboard.${k}`)}
              </Text>
              <Text fw={700} fz={32}>
                {fmt.number(q.data[k])}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {user && canManageCredit(user.roles) && <OpenDisputes />}
    </>
  );
}
