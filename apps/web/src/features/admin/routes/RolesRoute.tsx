import type { StaffUserView } from '@freight/contracts';
import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ActionsTh } from '../../../components/list/ActionsTh';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { rolesQuery } from '../api/adminApi';
import { EditRolesDialog, InviteDialog } from '../components/roles/RoleDialogs';
import { TwoFactorResetDialog } from '../components/roles/TwoFactorResetDialog';

/**
 * Role Management (super_admin): every user holding a role, and any user found by name or email;
 * grant and revoke roles, invite new staff, reset another user's lost second factor. A change
 * applies to the user's next request.
 */
export function RolesRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  // The audit log links a staff user here as ?q=<email>.
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const query = useQuery(rolesQuery(q));
  const [editing, setEditing] = useState<StaffUserView | null>(null);
  const [inviting, setInviting] = useState(false);
  const [resetting, setResetting] = useState<StaffUserView | null>(null);
  const me = useAuthUser();
  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.roles')} />
      <Group justify="space-between" align="flex-end">
        <TextInput
          type="search"
          label={t('admin.roles.search')}
          description={t('admin.roles.search_hint')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={100}
          w={360}
          maw="100%"
        />
        <Button onClick={() => setInviting(true)}>{t('admin.roles.invite')}</Button>
      </Group>
      <QueryStatus query={query} />
      {query.data && (
        <Table.ScrollContainer minWidth={940}>
          <Table striped verticalSpacing="sm">
            <Table.Caption>{q ? t('admin.roles.caption_search') : t('admin.roles.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.columns.name')}</Table.Th>
                <Table.Th>{t('admin.roles.roles')}</Table.Th>
                <Table.Th>{t('admin.accounts.last_login')}</Table.Th>
                <ActionsTh />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {u.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {u.email}
                      {u.account && (
                        <>
                          {' · '}
                          <Anchor component={Link} to={paths.admin.account(u.account.id)} size="xs">
                            {u.account.name}
                          </Anchor>
                        </>
                      )}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {u.roles.map((r) => (
                        <Badge key={r} size="sm" variant="light" color={r === 'super_admin' ? 'red' : undefined}>
                          {t(`roles.${r}`)}
                        </Badge>
                      ))}
                      {u.invited && (
                        <Badge size="sm" variant="outline" color="yellow">
                          {t('admin.roles.invited')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{u.last_login_at ? fmt.dateTime(u.last_login_at) : t('admin.accounts.never')}</Table.Td>
                  <Table.Td ta="right">
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => setEditing(u)}
                        aria-label={t('admin.roles.edit_named', { name: u.name })}
                      >
                        {t('admin.roles.edit')}
                      </Button>
                      {/* Nobody resets their own factor: a recovery code, or another super_admin. */}
                      {u.id !== me?.id && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          onClick={() => setResetting(u)}
                          aria-label={t('admin.roles.two_factor_reset.named', { name: u.name })}
                        >
                          {t('admin.roles.two_factor_reset.action')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && <EditRolesDialog user={editing} onClose={() => setEditing(null)} />}
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      {resetting && <TwoFactorResetDialog user={resetting} onClose={() => setResetting(null)} />}
    </Stack>
  );
}
