import { staffTeamActionRequest, type TeamView } from '@freight/contracts';
import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/FormAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { showNotice } from '../../../../components/notices/showNotice';
import { QueryStatus } from '../../../../components/QueryStatus';
import { Section } from '../../../../components/Section';
import { api } from '../../../../lib/api';
import { useAuthUser } from '../../../../lib/auth';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { TeamTable } from '../../../team';

const teamPath = (accountId: string, rest = '') => `/api/admin/accounts/${encodeURIComponent(accountId)}/team${rest}`;
const staffTeamQuery = (accountId: string) =>
  queryOptions({
    queryKey: ['admin', 'accounts', 'detail', accountId, 'team'],
    queryFn: ({ signal }) => api.get<{ data: TeamView }>(teamPath(accountId), { signal }).then((r) => r.data),
  });

/** What a staff member is about to do, and to whom. */
type Pending = { kind: 'deactivate' | 'reactivate'; id: string; name: string } | { kind: 'resend'; id: string; email: string };

/**
 * The account's team as its admins see it in Settings > Team (the same table), and what staff may
 * do for them: send an invitation again, deactivate or reactivate a user, each with an optional
 * reason for the audit log. The last active account admin is protected here as there.
 */
export function AccountTeam({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const team = useQuery(staffTeamQuery(accountId));
  const [pending, setPending] = useState<Pending | null>(null);
  const currency = useAuthUser()?.settings.currency ?? 'USD';
  return (
    <Section title={t('admin.team.title')} testId="account-team">
      <Stack gap="sm">
        <QueryStatus query={team} />
        {team.data && (
          <TeamTable
            team={team.data}
            currency={currency}
            memberActions={(m) =>
              m.status === 'active' ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  aria-label={`${t('team.row.deactivate')} ${m.name}`}
                  onClick={() => setPending({ kind: 'deactivate', id: m.id, name: m.name })}
                >
                  {t('team.row.deactivate')}
                </Button>
              ) : (
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={`${t('team.row.reactivate')} ${m.name}`}
                  onClick={() => setPending({ kind: 'reactivate', id: m.id, name: m.name })}
                >
                  {t('team.row.reactivate')}
                </Button>
              )
            }
            invitationActions={(i) => (
              <Button
                size="compact-sm"
                variant="light"
                aria-label={`${t('team.row.resend')} (${i.email})`}
                onClick={() => setPending({ kind: 'resend', id: i.id, email: i.email })}
              >
                {t('team.row.resend')}
              </Button>
            )}
          />
        )}
      </Stack>
      {pending && <StaffTeamDialog accountId={accountId} pending={pending} onClose={() => setPending(null)} />}
    </Section>
  );
}

function StaffTeamDialog({ accountId, pending, onClose }: { accountId: string; pending: Pending; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm({ initialValues: { reason: '' }, validate: (v) => zodErrors(staffTeamActionRequest, t, v) });
  const words =
    pending.kind === 'resend'
      ? {
          title: t('admin.team.resend_title', { email: pending.email }),
          intro: t('admin.team.resend_intro'),
          done: { key: 'admin.team.resent', params: { email: pending.email } },
        }
      : {
          title: t(`admin.team.${pending.kind}_title`, { name: pending.name }),
          intro: t(`admin.team.${pending.kind}_intro`, { name: pending.name }),
          done: { key: `admin.team.${pending.kind}d`, params: { name: pending.name } },
        };
  const send = useMutation({
    mutationFn: (body: { reason: string }) =>
      api.post(
        pending.kind === 'resend'
          ? teamPath(accountId, `/invitations/${encodeURIComponent(pending.id)}/resend`)
          : teamPath(accountId, `/users/${encodeURIComponent(pending.id)}/${pending.kind}`),
        body,
      ),
    onSuccess: async () => {
      // The account's page reads its audit trail again too.
      await client.invalidateQueries({ queryKey: ['admin', 'accounts', 'detail', accountId] });
      showNotice({ color: 'green', message: words.done });
      onClose();
    },
    onError: (e) => setServerErrors(form, e),
  });
  const submitLabel = pending.kind === 'resend' ? t('team.row.resend') : t(`team.row.${pending.kind}`);
  return (
    <Modal opened onClose={onClose} title={words.title} centered>
      <form noValidate onSubmit={form.onSubmit((v) => send.mutate(v))}>
        <Stack gap="sm">
          <Text size="sm">{words.intro}</Text>
          <Textarea
            label={t('admin.team.reason')}
            description={t('admin.team.reason_hint')}
            rows={3}
            maxLength={500}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <FormAlert error={send.error} fields={form} />
          <ModalActions onCancel={onClose} submitLabel={submitLabel} submitting={send.isPending} danger={pending.kind === 'deactivate'} />
        </Stack>
      </form>
    </Modal>
  );
}
