import { type AdminCreditApplicationView, CREDIT_APPLICATION_STATUS } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { Anchor, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list/ListTable';
import { useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { type QueueStatus, queueQuery } from '../api/creditApplicationsApi';
import { ApplicationStatusBadge } from '../components/StatusBadge';

const STATUSES: QueueStatus[] = [...CREDIT_APPLICATION_STATUS, 'all'];

/** The staff queue: applications waiting for a decision (the longest waiting first), or the decided ones. */
export function CreditApplicationsRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const user = useAuthUser();
  const list = useListParams();
  const status = (STATUSES as string[]).includes(list.params.get('status') ?? '') ? (list.params.get('status') as QueueStatus) : 'pending';
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;
  const query = useQuery(queueQuery({ status, page: list.page, per_page: perPage }));
  const usd = (cents: number) => fmt.money(cents / 100, 'USD');
  const k = (key: string) => t(`credit_applications.queue.${key}`);
  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.creditApplications')} />
      <SegmentedControl
        w="fit-content"
        aria-label={k('filter')}
        value={status}
        onChange={(v) => list.update({ status: v === 'pending' ? null : v, page: null })}
        data={STATUSES.map((s) => ({ value: s, label: s === 'all' ? k('all') : t(`credit_applications.status.${s}`) }))}
      />
      <ListTable
        list={list}
        query={query}
        minWidth={860}
        caption={k('caption')}
        // Each state says its own empty list; there is no search to clear.
        filtered={false}
        head={
          <>
            <Table.Th>{k('account')}</Table.Th>
            <Table.Th>{k('legal_name')}</Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              {k('requested')}
            </Table.Th>
            <Table.Th>{k('submitted')}</Table.Th>
            <Table.Th>{t('credit_applications.history.status')}</Table.Th>
            <Table.Th>{k('decided')}</Table.Th>
          </>
        }
        row={(a: AdminCreditApplicationView) => (
          <Table.Tr key={a.id}>
            <Table.Td>
              <Anchor component={Link} to={paths.admin.creditApplication(a.id)} fw={600} size="sm">
                {a.account.name}
              </Anchor>
              {a.submitted_by && (
                <Text size="xs" c="dimmed">
                  {a.submitted_by.name} · {a.submitted_by.email}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{a.legal_name}</Table.Td>
            <Table.Td ta="right">{usd(a.requested_limit_cents)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(a.created_at)}</Table.Td>
            <Table.Td>
              <ApplicationStatusBadge status={a.status} size="sm" />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{a.decided_at ? fmt.date(a.decided_at) : '—'}</Table.Td>
          </Table.Tr>
        )}
        total={(count, formatted) => t('credit_applications.queue.total', { count, formatted })}
        empty={<Text c="dimmed">{status === 'pending' ? k('empty_pending') : k('empty')}</Text>}
        emptyFiltered={k('empty')}
        clearLabel={k('all')}
      />
    </Stack>
  );
}
