import type { ClaimListItem } from '@freight/contracts';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
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
import { CLAIMS_KEY, listClaims } from '../api/claimsApi';
import { ClaimStatusBadge, useDay } from './ClaimParts';
import { nextDeadline } from './deadline';

/** The account's claims, newest first: number, shipment, kind, status, amount and the carrier's next deadline. */
export function ClaimsList() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const day = useDay();
  const list = useListParams();
  const query = useQuery({
    queryKey: [...CLAIMS_KEY, 'list', { page: list.page }],
    queryFn: () => listClaims(list.page),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  return (
    <Stack gap="md">
      <QueryStatus query={query} />
      {query.data && rows.length === 0 && <Text>{t('claims.empty')}</Text>}
      {rows.length > 0 && (
        <ResponsiveTable minWidth={820}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>{t('claims.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('claims.columns.number')}</Table.Th>
                <Table.Th>{t('claims.columns.shipment')}</Table.Th>
                <Table.Th>{t('claims.columns.kind')}</Table.Th>
                <Table.Th>{t('claims.columns.status')}</Table.Th>
                <Table.Th ta="right">{t('claims.columns.amount')}</Table.Th>
                <Table.Th>{t('claims.columns.next_deadline')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c: ClaimListItem) => {
                const next = nextDeadline(c);
                return (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.claim(c.id)} fw={600}>
                        {c.number}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {fmt.date(c.filed_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={paths.trackDetail(c.shipment_id)}>
                        {t('claims.bol', { number: c.bol_number })}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {c.carrier_name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t(`claims.kinds.${c.kind}`)}</Table.Td>
                    <Table.Td>
                      <ClaimStatusBadge status={c.status} />
                    </Table.Td>
                    <Table.Td ta="right">{fmt.money(major(c.amount_cents), c.currency)}</Table.Td>
                    <Table.Td>
                      {next ? (
                        <Group gap="xs">
                          <Text size="sm">
                            {t('claims.deadline', {
                              clock: t(`claims.clocks.names.${next.clock}`),
                              date: day(next.due),
                            })}
                          </Text>
                          {next.overdue && (
                            <Badge color="red" variant="light">
                              {t('claims.overdue')}
                            </Badge>
                          )}
                        </Group>
                      ) : (
                        t('claims.no_deadline')
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ResponsiveTable>
      )}
      <Pager page={list.page} hasMore={query.data?.has_more ?? false} onPage={(p) => list.setPage(p)} />
    </Stack>
  );
}
