import type { StaffClaimListItem } from '@freight/contracts';
import { canHandleClaims } from '@freight/domain';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager } from '../../../components/list/Pager';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { major } from '../../../components/shipment/format';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { listShipmentClaims, STAFF_CLAIMS_KEY } from '../api/claimsApi';
import { ClaimStatusBadge } from './ClaimParts';

/**
 * Staff's shipment page: the shipment's claims, closed ones too, each opening its staff page, or a
 * line saying there are none; for the staff who handle claims (the others are refused their API).
 */
export function ShipmentClaims({ shipmentId }: { shipmentId: string }) {
  const user = useAuthUser();
  return canHandleClaims(user?.roles ?? []) ? <Claims shipmentId={shipmentId} /> : null;
}

function Claims({ shipmentId }: { shipmentId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [page, setPage] = useState(1);
  // Under the queue's key: a staff step on one of them refreshes this list as it does the queue.
  const query = useQuery({
    queryKey: [...STAFF_CLAIMS_KEY, 'queue', { shipmentId, page }],
    queryFn: () => listShipmentClaims(shipmentId, page),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  return (
    <Section title={t('claims.title')} testId="shipment-claims">
      <Stack gap="sm">
        <QueryStatus query={query} />
        {query.data && rows.length === 0 && <Text size="sm">{t('claims.of_shipment.empty')}</Text>}
        {rows.length > 0 && (
          <ResponsiveTable minWidth={480}>
            <Table striped verticalSpacing="xs">
              <Table.Caption>{t('claims.of_shipment.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('claims.columns.number')}</Table.Th>
                  <Table.Th>{t('claims.columns.status')}</Table.Th>
                  <Table.Th ta="right">{t('claims.columns.amount')}</Table.Th>
                  <Table.Th>{t('claims.columns.filed')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c: StaffClaimListItem) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.admin.claim(c.id)} fw={600}>
                        {c.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <ClaimStatusBadge status={c.status} />
                    </Table.Td>
                    <Table.Td ta="right">{fmt.money(major(c.amount_cents), c.currency)}</Table.Td>
                    <Table.Td>{fmt.date(c.filed_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ResponsiveTable>
        )}
        <Pager page={page} hasMore={query.data?.has_more ?? false} onPage={setPage} />
      </Stack>
    </Section>
  );
}
