import type { StaffAccountUser } from '@freight/contracts';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { Section } from '../../../../components/Section';
import { useFormat } from '../../../../lib/useFormat';
import { accountActions } from '../../api/adminApi';

/** The account's users: roles, whether their email is verified (with a resend), when they last signed in. */
export function AccountUsers({ users }: { users: StaffAccountUser[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const resend = useMutation({
    mutationFn: (userId: string) => accountActions.resendVerification(userId),
    onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
  });
  return (
    <Section title={t('admin.accounts.users')}>
      {resend.error && <ErrorAlert error={resend.error} />}
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.columns.name')}</Table.Th>
              <Table.Th>{t('admin.columns.email')}</Table.Th>
              <Table.Th>{t('admin.accounts.roles')}</Table.Th>
              <Table.Th>{t('admin.columns.verified')}</Table.Th>
              <Table.Th>{t('admin.accounts.last_login')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>
                  {u.name}
                  <Text size="xs" c="dimmed">
                    {u.phone}
                  </Text>
                </Table.Td>
                <Table.Td>{u.email}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {u.roles.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t('admin.accounts.customer')}
                      </Text>
                    ) : (
                      u.roles.map((r) => (
                        <Badge key={r} size="sm" variant="light">
                          {t(`roles.${r}`)}
                        </Badge>
                      ))
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {u.email_verified_at ? (
                    fmt.date(u.email_verified_at)
                  ) : (
                    <Group gap="xs">
                      <Text size="sm" c="orange">
                        {t('admin.accounts.not_verified')}
                      </Text>
                      <Button
                        size="compact-xs"
                        variant="light"
                        loading={resend.isPending && resend.variables === u.id}
                        onClick={() => resend.mutate(u.id)}
                      >
                        {t('admin.accounts.resend')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
                <Table.Td>{u.last_login_at ? fmt.dateTime(u.last_login_at) : t('admin.accounts.never')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}
