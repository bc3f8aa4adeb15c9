import type { DashboardShipment } from '@freight/contracts';
import { Anchor, Card, Paper, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLocalDate } from '../../../../components/tracking/localTime';
import { StatusBadge } from '../../../../components/tracking/StatusBadge';
import { paths } from '../../../../lib/paths';

/**
 * A figure breaks only where it must: Intl joins '38,9 %' and 'USD 2,872.14' with no-break spaces,
 * so they stay whole while they fit; with large text in a narrow card, a long amount wraps inside
 * the card rather than being cut at its edge.
 */
const BREAK_ONLY_IF_CUT = { overflowWrap: 'anywhere' } as const;

/** One figure of the dashboard; with `to`, the figure opens the list behind it. */
export function Figure({ label, value, to, hint }: { label: string; value: string; to?: string; hint?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {to ? (
        <Anchor component={Link} to={to} fw={700} fz={28} aria-label={`${label}: ${value}`} style={BREAK_ONLY_IF_CUT}>
          {value}
        </Anchor>
      ) : (
        <Text fw={700} fz={28} style={BREAK_ONLY_IF_CUT}>
          {value}
        </Text>
      )}
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** A short list of shipments that need attention, each opening its staff detail; the title opens them all. */
export function ShipmentShortList({
  title,
  to,
  shipments,
  empty,
}: {
  title: ReactNode;
  to: string;
  shipments: DashboardShipment[];
  empty: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="md" component="section">
      <Title order={2} size="h3" fz="md" mb="sm">
        <Anchor component={Link} to={to} inherit>
          {title}
        </Anchor>
      </Title>
      {shipments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        // Five columns scroll in their own box on a phone, not the page.
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.dashboard_page.bol')}</Table.Th>
                <Table.Th>{t('admin.dashboard_page.account')}</Table.Th>
                <Table.Th>{t('admin.dashboard_page.status')}</Table.Th>
                <Table.Th>{t('admin.dashboard_page.carrier')}</Table.Th>
                <Table.Th>{t('admin.dashboard_page.pickup')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shipments.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.admin.shipment(s.id)} size="sm">
                      {s.bol_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{s.account}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={s.status} size="sm" />
                  </Table.Td>
                  <Table.Td>{s.carrier_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLocalDate(s.pickup_date, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
