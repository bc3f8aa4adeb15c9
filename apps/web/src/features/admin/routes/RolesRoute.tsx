import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { rolesQuery } from '../api/adminApi';

export function RolesRoute() {
  const { t } = useTranslation();
  const q = useQuery(rolesQuery());
  return (
    <>
      <PageHeader title={t('admin.pages.roles')} />
      <QueryStatus query={q} />
      <Stack>
        {q.data?.map((r) => (
          <Card key={r.role} withBorder>
            <Group mb="sm">
              <Title order={4}>{t(`roles.${r.role}`)}</Title>
              <Badge variant="light">{r.users.length}</Badge>
            </Group>
            {r.users.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('admin.roles.no_users')}
              </Text>
            ) : (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.columns.name')}</Table.Th>
                    <Table.Th>{t('admin.columns.email')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.users.map((u) => (
                    <Table.Tr key={u.id}>
                      <Table.Td>{u.name}</Table.Td>
                      <Table.Td>{u.email}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Card>
        ))}
      </Stack>
    </>
  );
}
