import type { CarrierDeliveryWindows } from '@freight/contracts';
import { Badge, Table, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../components/QueryStatus';
import { api } from '../../../../lib/api';
import { useFormat } from '../../../../lib/useFormat';

/** A carrier's lanes: its promise against the transit its deliveries took (GET /api/admin/carriers/:id/delivery-windows). */
export const deliveryWindowsQuery = (carrierId: string) =>
  queryOptions({
    queryKey: ['admin', 'carriers', carrierId, 'delivery-windows'],
    queryFn: ({ signal }) =>
      api
        .get<{ data: CarrierDeliveryWindows }>(`/api/admin/carriers/${encodeURIComponent(carrierId)}/delivery-windows`, { signal })
        .then((r) => r.data),
  });

/**
 * How the carrier's promise compares with its learned transit, lane by lane (origin and
 * destination state): the deliveries of the last year, the promised business days on average, the
 * typical (50th percentile) and late (90th) transit, and whether quotes and tracking show the
 * learned window (enough deliveries) or the promise.
 */
export function DeliveryWindowsPanel({ carrierId, carrierName }: { carrierId: string; carrierName: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const query = useQuery(deliveryWindowsQuery(carrierId));
  if (!query.data) return <QueryStatus query={query} />;
  const { lanes, min_sample } = query.data;
  if (lanes.length === 0) return <Text size="sm">{t('admin.delivery_windows.empty')}</Text>;
  const days = (n: number) => t('admin.delivery_windows.days', { count: n });
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped fz="sm" captionSide="top" data-testid="delivery-windows">
        <Table.Caption ta="left">{t('admin.delivery_windows.caption', { carrier: carrierName, count: min_sample })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.delivery_windows.columns.lane')}</Table.Th>
            <Table.Th ta="right">{t('admin.delivery_windows.columns.sample')}</Table.Th>
            <Table.Th ta="right">{t('admin.delivery_windows.columns.promised')}</Table.Th>
            <Table.Th ta="right">{t('admin.delivery_windows.columns.typical')}</Table.Th>
            <Table.Th ta="right">{t('admin.delivery_windows.columns.late')}</Table.Th>
            <Table.Th>{t('admin.delivery_windows.columns.shown')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lanes.map((l) => (
            <Table.Tr key={`${l.origin.country}-${l.origin.state}-${l.destination.country}-${l.destination.state}`}>
              <Table.Th scope="row" fw={400}>
                {t('admin.delivery_windows.lane', { from: l.origin.state, to: l.destination.state })}
              </Table.Th>
              <Table.Td ta="right">{fmt.number(l.sample)}</Table.Td>
              <Table.Td ta="right">{t('admin.delivery_windows.promised', { days: fmt.number(l.promised_tenths / 10) })}</Table.Td>
              <Table.Td ta="right">{days(l.typical_days)}</Table.Td>
              <Table.Td ta="right">{days(l.late_days)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={l.learned ? 'teal' : 'gray'}>
                  {t(l.learned ? 'admin.delivery_windows.learned' : 'admin.delivery_windows.promise')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
