import { canManageCredit } from '@freight/domain';
import { Anchor, Badge, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AddressCard } from '../../../components/AddressSummary';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { accountQuery } from '../api/adminApi';
import { CreditPanel } from '../components/CreditPanel';

export function AccountDetailRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { id = '' } = useParams();
  const q = useQuery(accountQuery(id));
  const user = useAuthUser();
  return (
    <>
      <PageHeader title={t('admin.pages.accounts')} />
      <Anchor component={Link} to={paths.admin.page('accounts')} size="sm" mb="md" display="block">
        {t('admin.accounts.back')}
      </Anchor>
      <QueryStatus query={q} />
      {q.data && (
        <Stack>
          <Group>
            <Title order={3}>{q.data.name}</Title>
            <Badge color={q.data.status === 'active' ? 'green' : 'red'}>{t(`account_status.${q.data.status}`)}</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('admin.accounts.created_on', { date: fmt.date(q.data.created_at) })}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <AddressCard title={t('settings.account.account_address')} value={q.data.account_address} />
            <AddressCard title={t('settings.account.billing_address')} value={q.data.billing_address} />
          </SimpleGrid>
          {user && canManageCredit(user.roles) && <CreditPanel accountId={q.data.id} />}
          <Title order={4}>{t('admin.accounts.users')}</Title>
          <Table.ScrollContainer minWidth={500}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.columns.name')}</Table.Th>
                  <Table.Th>{t('admin.columns.email')}</Table.Th>
                  <Table.Th>{t('admin.columns.verified')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.users.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>{u.name}</Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>{u.email_verified_at ? fmt.date(u.email_verified_at) : t('admin.accounts.not_verified')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </>
  );
}
