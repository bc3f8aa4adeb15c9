import type { StaffClaimListItem } from '@freight/contracts';
import { CLAIM_STATUSES, type ClaimStatus } from '@freight/domain';
import { Anchor, Badge, Checkbox, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager } from '../../../components/list/Pager';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { useListParams } from '../../../components/list/useListParams';
import { QueryStatus } from '../../../components/QueryStatus';
import { major } from '../../../components/shipment/format';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { listQueue, STAFF_CLAIMS_KEY } from '../api/claimsApi';
import { ClaimStatusBadge } from './ClaimParts';

const isStatus = (v: string | null): v is ClaimStatus => !!v && (CLAIM_STATUSES as readonly string[]).includes(v);

/** Staff's claims queue: open claims oldest first, the overdue flagged; by status and overdue, in the URL. */
export function StaffQueue() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const list = useListParams();
  const statusParam = list.params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const overdue = list.params.get('overdue') === 'true';
  const query = useQuery({
    queryKey: [...STAFF_CLAIMS_KEY, 'queue', { status, overdue, page: list.page }],
    queryFn: () => listQueue({ status, overdue, page: list.page }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('claims.queue.status_filter')}
          value={status ?? ''}
          onChange={(e) => list.update({ status: e.currentTarget.value || null, page: null })}
          data={[
            { value: '', label: t('claims.queue.all_statuses') },
            ...CLAIM_STATUSES.map((s) => ({ value: s, label: t(`claims.statuses.${s}`) })),
          ]}
          w={220}
          maw="100%"
        />
        <Checkbox
          label={t('claims.queue.overdue_only')}
          checked={overdue}
          onChange={(e) => list.update({ overdue: e.currentTarget.checked ? 'true' : null, page: null })}
          mb={8}
        />
      </Group>
      <QueryStatus query={query} />
      {query.data && rows.length === 0 && <Text>{t('claims.queue.empty')}</Text>}
      {rows.length > 0 && (
        <ResponsiveTable minWidth={980}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>{t('claims.queue.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('claims.columns.number')}</Table.Th>
                <Table.Th>{t('claims.columns.account')}</Table.Th>
                <Table.Th>{t('claims.columns.shipment')}</Table.Th>
                <Table.Th>{t('claims.columns.kind')}</Table.Th>
                <Table.Th>{t('claims.columns.status')}</Table.Th>
                <Table.Th ta="right">{t('claims.columns.amount')}</Table.Th>
                <Table.Th>{t('claims.columns.filed')}</Table.Th>
                <Table.Th>{t('claims.columns.assignee')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c: StaffClaimListItem) => (
                <Table.Tr key={c.id} data-testid="queue-row">
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      <Anchor component={Link} to={paths.admin.claim(c.id)} fw={600}>
                        {c.number}
                      </Anchor>
                      {c.overdue && (
                        <Badge color="red" variant="filled">
                          {t('claims.overdue')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{c.account_name}</Table.Td>
                  <Table.Td>
                    {t('claims.bol', { number: c.bol_number })}
                    <Text size="sm" c="dimmed">
                      {c.carrier_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`claims.kinds.${c.kind}`)}</Table.Td>
                  <Table.Td>
                    <ClaimStatusBadge status={c.status} />
                  </Table.Td>
                  <Table.Td ta="right">{fmt.money(major(c.amount_cents), c.currency)}</Table.Td>
                  <Table.Td>{fmt.date(c.filed_at)}</Table.Td>
                  <Table.Td>{c.assignee?.name ?? t('claims.queue.unassigned')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ResponsiveTable>
      )}
      <Pager page={list.page} hasMore={query.data?.has_more ?? false} onPage={(p) => list.setPage(p)} />
    </Stack>
  );
}
