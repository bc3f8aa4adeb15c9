import type { DashboardPeriod, DashboardView } from '@freight/contracts';
import { canManageCredit } from '@freight/domain';
import { Anchor, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { StatusBadge } from '../../../components/tracking/StatusBadge';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { dashboardQuery } from '../api/dashboardApi';
import { Figure, ShipmentShortList } from '../components/dashboard/Figures';
import { PausedCarriers } from '../components/dashboard/PausedCarriers';
import { OpenDisputes } from '../components/OpenDisputes';

// recharts loads with the dashboard only, not with every admin page.
const DashboardCharts = lazy(() => import('../components/dashboard/DashboardCharts'));

const DAYS = ['14', '30', '90'] as const;

/** Dashboard: what the business did today and this month, and what needs attention; every figure opens its list. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const [days, setDays] = useState<(typeof DAYS)[number]>('30');
  const q = useQuery(dashboardQuery(Number(days)));
  return (
    <Stack gap="lg">
      <PageHeader title={t('admin.pages.dashboard')} />
      <QueryStatus query={q} />
      {q.data && <Dashboard view={q.data} />}
      {q.data && (
        <Stack gap="xs">
          <Group justify="flex-end">
            <SegmentedControl
              size="xs"
              value={days}
              onChange={(v) => setDays(v as (typeof DAYS)[number])}
              data={DAYS.map((d) => ({ value: d, label: t('admin.dashboard_page.days', { count: Number(d) }) }))}
              aria-label={t('admin.dashboard_page.period')}
            />
          </Group>
          <Suspense fallback={<Loader size="sm" />}>
            <DashboardCharts view={q.data} />
          </Suspense>
        </Stack>
      )}
      {user && canManageCredit(user.roles) && <OpenDisputes />}
    </Stack>
  );
}

function Dashboard({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const monthDays = Number(view.today.from.slice(8, 10));
  const rate = (p: DashboardPeriod) => (p.rate === null ? '—' : `${fmt.number(Math.round(p.rate * 1000) / 10)} %`);
  const period = (p: DashboardPeriod, label: string, signedUpDays: number, created: Record<string, string>) => (
    <Section title={label}>
      {/* Two by two while the period shares the row with the other one (below 88em). */}
      <SimpleGrid cols={{ base: 2, xl: 4 }}>
        <Figure label={t('admin.dashboard_page.quotes')} value={fmt.number(p.quotes)} />
        <Figure label={t('admin.dashboard_page.bookings')} value={fmt.number(p.bookings)} to={paths.admin.shipments(created)} />
        <Figure label={t('admin.dashboard_page.rate')} value={rate(p)} />
        <Figure
          label={t('admin.dashboard_page.new_accounts')}
          value={fmt.number(p.new_accounts)}
          to={`${paths.admin.page('accounts')}?signed_up_days=${signedUpDays}`}
        />
      </SimpleGrid>
    </Section>
  );
  const month = { created_from: view.month.from };
  return (
    <Stack gap="lg">
      <PausedCarriers carriers={view.paused_carriers} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {period(view.today, t('admin.dashboard_page.today'), 1, { created_from: view.today.from, created_to: view.today.from })}
        {period(view.month, t('admin.dashboard_page.month'), monthDays, month)}
      </SimpleGrid>
      {/* The credit applications' figure is there for those who decide them only. */}
      <SimpleGrid cols={{ base: 2, md: view.credit_applications ? 5 : 4 }}>
        <Figure
          label={t('admin.dashboard_page.action_required')}
          value={fmt.number(view.action_required.count)}
          to={paths.admin.shipments({ action_required: '1' })}
        />
        <Figure
          label={t('admin.dashboard_page.credit_hold')}
          value={fmt.number(view.accounts.credit_hold)}
          to={`${paths.admin.page('accounts')}?status=credit_hold`}
        />
        {view.credit_applications && (
          <Figure
            label={t('admin.dashboard_page.credit_applications')}
            value={fmt.number(view.credit_applications.pending)}
            to={paths.admin.page('creditApplications')}
          />
        )}
        <Figure
          label={t('admin.dashboard_page.suspended')}
          value={fmt.number(view.accounts.suspended)}
          to={`${paths.admin.page('accounts')}?status=suspended`}
        />
        <Figure
          label={t('admin.dashboard_page.incidents')}
          value={fmt.number(view.incidents.count)}
          to={paths.admin.page('incidents')}
          hint={t('admin.dashboard_page.last_24h')}
        />
      </SimpleGrid>
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
                    <Anchor component={Link} to={paths.admin.shipments({ ...month, status: s.status })} size="sm">
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
                <Anchor key={`${r.mode}-${r.currency}`} component={Link} to={paths.admin.shipments({ ...month, mode: r.mode })} size="sm">
                  {t(`shipping_modes.${r.mode}`)}: {fmt.money(r.total_cents / 100, r.currency)} ({fmt.number(r.shipments)})
                </Anchor>
              ))}
            </Group>
          )}
        </Section>
        <Paper withBorder p="md" component="section" aria-label={t('admin.dashboard_page.incidents')}>
          <Title order={3} fz="md" mb="sm">
            <Anchor component={Link} to={paths.admin.page('incidents')} inherit>
              {t('admin.dashboard_page.incidents_24h', { count: view.incidents.count })}
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
          to={paths.admin.shipments({ action_required: '1' })}
          shipments={view.action_required.latest}
          empty={t('admin.dashboard_page.none_waiting')}
        />
        <ShipmentShortList
          title={t('admin.dashboard_page.delayed_list', { count: view.delayed.count })}
          to={paths.admin.shipments({ status: 'delayed' })}
          shipments={view.delayed.latest}
          empty={t('admin.dashboard_page.none_delayed')}
        />
      </SimpleGrid>
    </Stack>
  );
}
