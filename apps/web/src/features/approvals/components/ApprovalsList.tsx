import { APPROVAL_STATUSES, type ApprovalStatus, type BookingApproval } from '@freight/contracts';
import { Anchor, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list/ListTable';
import { useListParams } from '../../../components/list/useListParams';
import { useFormat } from '../../../lib/useFormat';
import { APPROVALS_KEY, listApprovals } from '../api';
import { ApprovalReasons, ApprovalStatusBadge } from './ApprovalBadges';

const isStatus = (v: string | null): v is ApprovalStatus => !!v && (APPROVAL_STATUSES as readonly string[]).includes(v);
const COLUMNS = ['booking', 'booked_by', 'total', 'why', 'status'] as const;

/** The held bookings, newest first, filtered by status (the pending ones when the URL says nothing). */
export function ApprovalsList() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const list = useListParams();
  const statusParam = list.params.get('status');
  // 'all' in the URL lifts the default filter on the bookings still waiting.
  const status = statusParam === 'all' ? undefined : isStatus(statusParam) ? statusParam : 'pending';
  const query = useQuery({
    queryKey: [...APPROVALS_KEY, 'list', { page: list.page, status }],
    queryFn: () => listApprovals({ page: list.page, status }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="md">
      <NativeSelect
        label={t('approvals.status_filter')}
        value={status ?? 'all'}
        onChange={(e) => list.update({ status: e.currentTarget.value === 'pending' ? null : e.currentTarget.value, page: null })}
        data={[
          { value: 'all', label: t('approvals.statuses.all') },
          ...APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`approvals.statuses.${s}`) })),
        ]}
        w={220}
        maw="100%"
      />
      <ListTable<BookingApproval>
        list={list}
        query={query}
        minWidth={860}
        caption={t('approvals.caption')}
        head={COLUMNS.map((c) => (
          <Table.Th key={c} ta={c === 'total' ? 'right' : undefined}>
            {t(`approvals.columns.${c}`)}
          </Table.Th>
        ))}
        row={(a) => (
          <Table.Tr key={a.id}>
            <Table.Td>
              <Anchor component={Link} to={`/approvals/${a.id}`} fw={600}>
                {t('approvals.route', { origin: a.origin, destination: a.destination })}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t('approvals.carrier_pickup', { carrier: a.carrier_name, date: fmt.date(a.pickup_date) })}
              </Text>
            </Table.Td>
            <Table.Td>
              {a.requested_by?.name ?? ''}
              <Text size="sm" c="dimmed">
                {t('approvals.requested', { date: fmt.dateTime(a.created_at) })}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{fmt.money(a.total_cents / 100, a.currency)}</Table.Td>
            <Table.Td>
              <ApprovalReasons approval={a} />
            </Table.Td>
            <Table.Td>
              <ApprovalStatusBadge status={a.status} />
            </Table.Td>
          </Table.Tr>
        )}
        total={(count, formatted) => t('approvals.total', { count, formatted })}
        empty={<Text>{t('approvals.empty')}</Text>}
        emptyFiltered={t('approvals.empty_filtered')}
        clearLabel={t('approvals.statuses.pending')}
        filtered={status !== 'pending'}
        clears={['status']}
      />
    </Stack>
  );
}
