import { type StaffAccountDetail, suspendRequest, suspensionProposalRequest } from '@freight/contracts';
import { canManageCredit, canProposeSuspension, canSuspendAccounts } from '@freight/domain';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AddressCard } from '../../../components/AddressSummary';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { accountActions, accountQuery, afterAccountChange } from '../api/adminApi';
import { suspensionActions } from '../api/suspensionApi';
import { AccountStateBadge } from '../components/AccountStateBadge';
import { AuditTrail } from '../components/AuditTrail';
import { AccountActivity } from '../components/accounts/AccountActivity';
import { AccountEditDialog, type AccountPart } from '../components/accounts/AccountEditDialog';
import { AccountSalesRep } from '../components/accounts/AccountSalesRep';
import { AccountTeam } from '../components/accounts/AccountTeam';
import { AccountUsers } from '../components/accounts/AccountUsers';
import { SuspensionProposals } from '../components/accounts/SuspensionProposals';
import { CreditPanel } from '../components/CreditPanel';
import { NotesPanel } from '../components/NotesPanel';
import { ReasonDialog } from '../components/ReasonDialog';

export function AccountDetailRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const q = useQuery(accountQuery(id));
  return (
    <>
      <PageHeader title={t('admin.pages.accounts')} />
      <Anchor component={Link} to={paths.admin.page('accounts')} size="sm" mb="md" display="block">
        {t('admin.accounts.back')}
      </Anchor>
      <QueryStatus query={q} />
      {q.data && <AccountDetail account={q.data} />}
    </>
  );
}

const ADDRESSES = ['company_address', 'account_address', 'billing_address'] as const;

/** The account as staff see it: state, addresses, sales rep, users and their team, activity, credit (for credit staff), notes and audit log. */
function AccountDetail({ account: a }: { account: StaffAccountDetail }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const user = useAuthUser();
  const client = useQueryClient();
  const [editing, setEditing] = useState<AccountPart | null>(null);
  // The suspend dialog: closed (null), or open with the reason it starts from (a proposal's note).
  const [suspending, setSuspending] = useState<string | null>(null);
  const [proposing, setProposing] = useState(false);
  const roles = user?.roles ?? [];
  const maySuspend = canSuspendAccounts(roles);
  const reactivate = useMutation({
    mutationFn: () => accountActions.reactivate(a.id),
    onSuccess: (next) => afterAccountChange(client, next),
  });
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2} size="h3">
                {a.name}
              </Title>
              <AccountStateBadge state={a.state} />
            </Group>
            <Text size="sm" c="dimmed">
              {t('admin.accounts.created_on', { date: fmt.date(a.created_at) })} · {t(`admin.accounts.terms_${a.payment_terms}`)}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="default" onClick={() => setEditing('name')}>
              {t('admin.accounts.edit_name')}
            </Button>
            {maySuspend &&
              (a.suspended_at ? (
                <Button color="green" variant="light" loading={reactivate.isPending} onClick={() => reactivate.mutate()}>
                  {t('admin.accounts.reactivate')}
                </Button>
              ) : (
                <Button color="red" variant="light" onClick={() => setSuspending('')}>
                  {t('admin.accounts.suspend')}
                </Button>
              ))}
            {!a.suspended_at && canProposeSuspension(roles) && (
              <Button color="red" variant="light" onClick={() => setProposing(true)}>
                {t('admin.suspension.propose')}
              </Button>
            )}
          </Group>
        </Group>
        {reactivate.error && <ErrorAlert error={reactivate.error} />}
      </Paper>
      {a.suspended_at && (
        <Alert color="dark" variant="light" title={t('admin.accounts.suspended_title', { date: fmt.dateTime(a.suspended_at) })}>
          {t('admin.accounts.suspended_reason', { reason: a.suspended_reason ?? '' })}
        </Alert>
      )}
      <SuspensionProposals account={a} canSuspend={maySuspend} onSuspend={(p) => setSuspending(p.note)} />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {ADDRESSES.map((part) => (
          <AddressCard key={part} title={t(`admin.accounts.${part}`)} value={a[part]}>
            <Button variant="subtle" size="compact-sm" onClick={() => setEditing(part)} style={{ alignSelf: 'flex-start' }}>
              {t('admin.accounts.edit')}
            </Button>
          </AddressCard>
        ))}
      </SimpleGrid>
      <AccountSalesRep account={a} />
      <AccountUsers users={a.users} />
      <AccountTeam accountId={a.id} />
      <AccountActivity account={a} />
      {user && canManageCredit(user.roles) && <CreditPanel accountId={a.id} />}
      <NotesPanel notes={a.notes} onAdd={async (body) => afterAccountChange(client, await accountActions.note(a.id, body))} />
      <AuditTrail entries={a.audit} />

      {editing && <AccountEditDialog account={a} part={editing} onClose={() => setEditing(null)} />}
      {suspending !== null && (
        <ReasonDialog
          submit={async (body) => afterAccountChange(client, await accountActions.suspend(a.id, String(body.reason ?? '')))}
          schema={suspendRequest}
          field="reason"
          initial={suspending}
          title={t('admin.accounts.suspend')}
          intro={t('admin.accounts.suspend_intro', { name: a.name })}
          label={t('admin.accounts.suspend_reason')}
          submitLabel={t('admin.accounts.suspend')}
          danger
          onClose={() => setSuspending(null)}
        />
      )}
      {proposing && (
        <ReasonDialog
          submit={async (body) => afterAccountChange(client, await suspensionActions.propose(a.id, String(body.note ?? '')))}
          schema={suspensionProposalRequest}
          field="note"
          maxLength={1000}
          title={t('admin.suspension.propose')}
          intro={t('admin.suspension.propose_intro', { name: a.name })}
          label={t('admin.suspension.propose_note')}
          submitLabel={t('admin.suspension.propose_submit')}
          onClose={() => setProposing(false)}
        />
      )}
    </Stack>
  );
}
