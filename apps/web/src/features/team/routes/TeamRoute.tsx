import type { TeamInvitationView, TeamMemberView } from '@freight/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActionDialog } from '../../../components/ConfirmActionDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { showNotice } from '../../../components/notices/showNotice';
import { QueryStatus } from '../../../components/QueryStatus';
import { useAuthUser } from '../../../lib/auth';
import { afterTeamChange, teamActions, teamQuery } from '../api/teamApi';
import { AnalyticsAccessPanel } from '../components/AnalyticsAccessPanel';
import { InviteModal } from '../components/InviteModal';
import { MemberModal } from '../components/MemberModal';
import { RowMenu } from '../components/RowMenu';
import { TeamTable } from '../components/TeamTable';
import { TransferModal } from '../components/TransferModal';

type Dialog =
  | { kind: 'invite' }
  | { kind: 'transfer' }
  | { kind: 'edit'; member: TeamMemberView }
  | { kind: 'deactivate'; member: TeamMemberView }
  | { kind: 'revoke'; invitation: TeamInvitationView };

/**
 * Settings > Team (account admins): the account's users and invitations; invite, change a
 * colleague's role and limit, deactivate and reactivate, resend and revoke invitations, hand
 * the account admin role over, and open Analytics to the viewers.
 */
export function TeamRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const allowed = user?.account?.permissions.includes('team.manage') ?? false;
  if (!allowed) return <Text>{t('team.no_access')}</Text>;
  return <Team selfId={user?.id ?? ''} currency={user?.settings.currency ?? 'USD'} />;
}

function Team({ selfId, currency }: { selfId: string; currency: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const team = useQuery(teamQuery());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const done = async (key: string, params: Record<string, unknown>) => {
    await afterTeamChange(client);
    showNotice({ color: 'green', message: { key, params } });
  };
  const reactivate = useMutation({
    mutationFn: (m: TeamMemberView) => teamActions.reactivate(m.id),
    onSuccess: (m) => done('team.reactivated', { name: m.name }),
  });
  const resend = useMutation({
    mutationFn: (i: TeamInvitationView) => teamActions.resend(i.id),
    onSuccess: (i) => done('team.resent', { email: i.email }),
  });
  // A deactivation or revocation refused (the last admin, a record gone) is said in the dialog's place, on the page.
  const [refusal, setRefusal] = useState<unknown>(null);
  const confirmWith = (action: () => Promise<unknown>, key: string, params: Record<string, unknown>) => async () => {
    setRefusal(null);
    try {
      await action();
      await done(key, params);
    } catch (e) {
      setRefusal(e);
    }
    close();
  };

  const colleagues = team.data?.members.filter((m) => m.id !== selfId) ?? [];
  return (
    <Stack gap="md">
      <Text size="sm" maw={760}>
        {t('team.intro')}
      </Text>
      <Group gap="sm">
        <Button onClick={() => setDialog({ kind: 'invite' })}>{t('team.invite.button')}</Button>
        <Button variant="default" disabled={!colleagues.some((m) => m.status === 'active')} onClick={() => setDialog({ kind: 'transfer' })}>
          {t('team.transfer.button')}
        </Button>
      </Group>
      <QueryStatus query={team} />
      <ErrorAlert error={refusal ?? reactivate.error ?? resend.error} />
      {team.data && (
        <TeamTable
          team={team.data}
          currency={currency}
          selfId={selfId}
          memberActions={(m) =>
            m.id === selfId ? null : (
              <RowMenu
                name={m.name}
                actions={[
                  { label: t('team.row.edit'), onClick: () => setDialog({ kind: 'edit', member: m }) },
                  m.status === 'active'
                    ? { label: t('team.row.deactivate'), danger: true, onClick: () => setDialog({ kind: 'deactivate', member: m }) }
                    : { label: t('team.row.reactivate'), onClick: () => reactivate.mutate(m) },
                ]}
              />
            )
          }
          invitationActions={(i) => (
            <RowMenu
              name={i.name}
              actions={[
                { label: t('team.row.resend'), onClick: () => resend.mutate(i) },
                { label: t('team.row.revoke'), danger: true, onClick: () => setDialog({ kind: 'revoke', invitation: i }) },
              ]}
            />
          )}
        />
      )}

      <AnalyticsAccessPanel />

      {dialog?.kind === 'invite' && <InviteModal onClose={close} />}
      {dialog?.kind === 'edit' && <MemberModal member={dialog.member} onClose={close} />}
      {dialog?.kind === 'transfer' && <TransferModal colleagues={colleagues} onClose={close} onDone={close} />}
      {dialog?.kind === 'deactivate' && (
        <ConfirmActionDialog
          title={t('team.deactivate.title', { name: dialog.member.name })}
          warning={t('team.deactivate.warning', { name: dialog.member.name })}
          action={t('team.deactivate.confirm')}
          onCancel={close}
          onConfirm={confirmWith(() => teamActions.deactivate(dialog.member.id), 'team.deactivate.done', { name: dialog.member.name })}
        />
      )}
      {dialog?.kind === 'revoke' && (
        <ConfirmActionDialog
          title={t('team.revoke.title', { email: dialog.invitation.email })}
          warning={t('team.revoke.warning')}
          action={t('team.revoke.confirm')}
          onCancel={close}
          onConfirm={confirmWith(() => teamActions.revoke(dialog.invitation.id), 'team.revoke.done', { email: dialog.invitation.email })}
        />
      )}
    </Stack>
  );
}
