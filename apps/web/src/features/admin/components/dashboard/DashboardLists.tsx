import { type DashboardView, dashboardLinks } from '@freight/contracts';
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../../../components/Section';
import { StatusBadge } from '../../../../components/tracking/StatusBadge';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { ShipmentShortList } from './Figures';
import { listPath } from './listPath';

/** The dashboard's lists below its figures: shipments by status with revenue by mode, today's incidents, and the shipments that wait on staff or are late. */
export function DashboardLists({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const links = dashboardLinks(view);
  return (
    <>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Section title={t('admin.dashboard_page.statuses')}>
          <Table verticalSpacing={4} fz="sm">
            <Table.Tbody>
              {view.statuses.map((s) => (
                <Table.Tr key={s.status}>
                  <Table.Td>
                    <StatusBadge status={s.status} size="sm" />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Anchor component={Link} to={listPath(links.status(s.status))} size="sm">
                      {fmt.number(s.count)}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {view.revenue.length > 0 && (
            <Group gap="lg" mt="md">
              {view.revenue.map((r) => (
                <Anchor key={`${r.mode}-${r.currency}`} component={Link} to={listPath(links.revenue(r.mode))} size="sm">
                  {t(`shipping_modes.${r.mode}`)}: {fmt.money(r.total_cents / 100, r.currency)} ({fmt.number(r.shipments)})
                </Anchor>
              ))}
            </Group>
          )}
        </Section>
        <Paper withBorder p="md" component="section" aria-label={t('admin.dashboard_page.incidents')}>
          <Title order={2} size="h3" fz="md" mb="sm">
            <Anchor component={Link} to={listPath(links.incidents)} inherit>
              {t('admin.dashboard_page.incidents_today', { count: view.incidents.count })}
            </Anchor>
          </Title>
          {view.incidents.latest.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('admin.dashboard_page.no_incidents')}
            </Text>
          ) : (
            // A list, not a table: an error message needs the panel's width, not a squeezed column.
            <Stack gap="sm">
              {view.incidents.latest.map((i) => (
                <div key={i.id}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="xs" c="dimmed">
                      {fmt.dateTime(i.created_at)} · {i.carrier ?? '—'} · {i.operation}
                    </Text>
                    {i.occurrences > 1 && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        × {fmt.number(i.occurrences)}
                      </Text>
                    )}
                  </Group>
                  <Anchor
                    component={Link}
                    to={`${paths.admin.page('incidents')}/${encodeURIComponent(i.id)}`}
                    size="sm"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {i.error}
                  </Anchor>
                </div>
              ))}
            </Stack>
          )}
        </Paper>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xl: 2 }}>
        <ShipmentShortList
          title={t('admin.dashboard_page.action_required_list', { count: view.action_required.count })}
          to={listPath(links.action_required)}
          shipments={view.action_required.latest}
          empty={t('admin.dashboard_page.none_waiting')}
        />
        <ShipmentShortList
          title={t('admin.dashboard_page.delayed_list', { count: view.delayed.count })}
          to={listPath(links.delayed)}
          shipments={view.delayed.latest}
          empty={t('admin.dashboard_page.none_delayed')}
        />
      </SimpleGrid>
    </>
  );
}
