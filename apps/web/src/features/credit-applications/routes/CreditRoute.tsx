import type { CreditApplicationView, CreditStandingView } from '@freight/contracts';
import { Alert, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../components/QueryStatus';
import { useAuthUser } from '../../../lib/auth';
import { CURRENT_USER_KEY } from '../../../lib/currentUserQuery';
import { useFormat } from '../../../lib/useFormat';
import { standingQuery } from '../api/creditApplicationsApi';
import { ApplicationForm } from '../components/ApplicationForm';
import { ApplicationStatusBadge } from '../components/StatusBadge';

/**
 * Settings > Credit terms: how the account pays today, its application under review or the form
 * to apply (while it pays by card), and its applications with their decisions.
 */
export function CreditRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  // Staff users have no account to apply for: nothing to ask the server.
  const q = useQuery({ ...standingQuery(), enabled: Boolean(user?.account) });
  const client = useQueryClient();
  const terms = q.data?.payment_terms;
  // Terms granted since the user was loaded: the booking form reads them from the stored user.
  useEffect(() => {
    if (terms && user?.account && user.account.payment_terms !== terms) void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  }, [terms, user?.account, client]);
  if (!user?.account) return <Text>{t('credit_applications.no_account')}</Text>;
  return (
    <Stack maw={960} gap="lg">
      <QueryStatus query={q} />
      {q.data && <Standing standing={q.data} />}
    </Stack>
  );
}

function Standing({ standing }: { standing: CreditStandingView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const usd = (cents: number) => fmt.money(cents / 100, 'USD');
  const pending = standing.applications.find((a) => a.status === 'pending');
  const onCredit = standing.payment_terms === 'credit';
  return (
    <>
      <Card withBorder padding="md" component="section" aria-label={t('credit_applications.terms.title')}>
        <Text size="sm" c="dimmed">
          {t('credit_applications.terms.title')}
        </Text>
        <Title order={2} size="h3" data-testid="payment-terms">
          {onCredit ? t('credit_applications.terms.credit', { days: standing.net_days }) : t('credit_applications.terms.prepaid')}
        </Title>
        <Text size="sm" mt={4}>
          {onCredit
            ? t('credit_applications.terms.credit_hint', { days: standing.net_days, limit: usd(standing.credit_limit_cents) })
            : t('credit_applications.terms.prepaid_hint')}
        </Text>
      </Card>
      {pending && (
        <Alert color="blue" title={t('credit_applications.pending.title')} role="status">
          {t('credit_applications.pending.body', { date: fmt.date(pending.created_at), limit: usd(pending.requested_limit_cents) })}
        </Alert>
      )}
      {standing.can_apply && (
        <Card withBorder padding="md">
          <ApplicationForm />
        </Card>
      )}
      {standing.applications.length > 0 && <History applications={standing.applications} />}
    </>
  );
}

function History({ applications }: { applications: CreditApplicationView[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const usd = (cents: number) => fmt.money(cents / 100, 'USD');
  const decision = (a: CreditApplicationView) => {
    if (a.status === 'approved')
      return t('credit_applications.history.granted', { days: a.net_days, limit: usd(a.credit_limit_cents ?? 0), grace: a.grace_days });
    if (a.status === 'declined') return t('credit_applications.history.reason', { reason: a.decision_reason ?? '' });
    return '—';
  };
  return (
    <Stack gap="xs" component="section" aria-label={t('credit_applications.history.title')}>
      <Title order={2} size="h4">
        {t('credit_applications.history.title')}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('credit_applications.history.submitted')}</Table.Th>
              <Table.Th>{t('credit_applications.history.requested')}</Table.Th>
              <Table.Th>{t('credit_applications.history.status')}</Table.Th>
              <Table.Th>{t('credit_applications.history.decision')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {applications.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.date(a.created_at)}</Table.Td>
                <Table.Td>{usd(a.requested_limit_cents)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <ApplicationStatusBadge status={a.status} />
                    {a.decided_at && (
                      <Text size="xs" c="dimmed">
                        {fmt.date(a.decided_at)}
                      </Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{decision(a)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
