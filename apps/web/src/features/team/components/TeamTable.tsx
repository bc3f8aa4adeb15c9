import type { TeamInvitationView, TeamMemberView, TeamView } from '@freight/contracts';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionsTh } from '../../../components/list/ActionsTh';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { useFormat } from '../../../lib/useFormat';

const STATUS_COLORS = { active: 'green', invited: 'blue', expired: 'orange', deactivated: 'gray' } as const;

/** A status in its word, never a colour alone. */
function StatusBadge({ status }: { status: keyof typeof STATUS_COLORS }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`team.status.${status}`)}
    </Badge>
  );
}

/**
 * An account's team in one table (cards on a phone): its users with their role, status, last
 * sign-in, second factor and booking limit, then the invitations waiting. Settings > Team and the
 * staff's account page show the same; each gives the row actions it may take.
 */
export function TeamTable({
  team,
  currency,
  selfId,
  memberActions,
  invitationActions,
}: {
  team: TeamView;
  /** The booking limits' currency (the reader's). */
  currency: string;
  /** The reader's own row, marked 'You'. */
  selfId?: string;
  memberActions?: (member: TeamMemberView) => ReactNode;
  invitationActions?: (invitation: TeamInvitationView) => ReactNode;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const withActions = Boolean(memberActions || invitationActions);
  const limit = (cents: number | null) => (cents === null ? t('team.no_limit') : fmt.money(cents / 100, currency));
  const rules = (list: string[]) => list.map((r) => t(`team.rules.${r}`)).join(', ');
  return (
    <ResponsiveTable minWidth={withActions ? 960 : 880}>
      <Table verticalSpacing="sm" striped>
        <Table.Caption>{t('team.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('team.columns.name')}</Table.Th>
            <Table.Th>{t('team.columns.email')}</Table.Th>
            <Table.Th>{t('team.columns.role')}</Table.Th>
            <Table.Th>{t('team.columns.status')}</Table.Th>
            <Table.Th>{t('team.columns.last_sign_in')}</Table.Th>
            <Table.Th>{t('team.columns.two_factor')}</Table.Th>
            <Table.Th>{t('team.columns.booking_limit')}</Table.Th>
            {withActions && <ActionsTh />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {team.members.map((m) => (
            <Table.Tr key={m.id} data-testid={`team-member-${m.email}`}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{m.name}</Text>
                  {m.id === selfId && (
                    <Badge size="sm" variant="outline">
                      {t('team.you')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.email}</Table.Td>
              <Table.Td>{t(`team.roles.${m.role}`)}</Table.Td>
              <Table.Td>
                <StatusBadge status={m.status} />
              </Table.Td>
              <Table.Td>{m.last_login_at ? fmt.dateTime(m.last_login_at) : t('team.never')}</Table.Td>
              <Table.Td>{m.two_factor ? t('team.two_factor.on') : t('team.two_factor.off')}</Table.Td>
              <Table.Td>
                {m.role === 'account_admin' ? (
                  t('team.no_limit')
                ) : (
                  <Stack gap={0}>
                    <Text size="sm">{limit(m.booking_limit_cents)}</Text>
                    {m.approval_required_for.length > 0 && (
                      <Text size="xs" c="dimmed">
                        {t('team.rights.rules')}: {rules(m.approval_required_for)}
                      </Text>
                    )}
                  </Stack>
                )}
              </Table.Td>
              {withActions && <Table.Td>{memberActions?.(m)}</Table.Td>}
            </Table.Tr>
          ))}
          {team.invitations.map((i) => (
            <Table.Tr key={i.id} data-testid={`team-invitation-${i.email}`}>
              <Table.Td>{i.name}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{i.email}</Table.Td>
              <Table.Td>{t(`team.roles.${i.role}`)}</Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <StatusBadge status={i.expired ? 'expired' : 'invited'} />
                  <Text size="xs" c="dimmed">
                    {t(i.expired ? 'team.invited_expired' : 'team.invited_until', { date: fmt.dateTime(i.expires_at) })}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>{t('team.not_yet')}</Table.Td>
              <Table.Td>{t('team.not_yet')}</Table.Td>
              <Table.Td>{i.role === 'account_admin' ? t('team.no_limit') : limit(i.booking_limit_cents)}</Table.Td>
              {withActions && <Table.Td>{invitationActions?.(i)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
