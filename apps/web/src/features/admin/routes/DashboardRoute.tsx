import { type DashboardPeriod, type DashboardView, dashboardLinks } from '@freight/contracts';
import { canManageCredit } from '@freight/domain';
import { Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstPaint } from '../../../components/AfterFirstPaint';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { zoneLabel } from '../../../components/tracking/localTime';
import { useAuthUser } from '../../../lib/auth';
import { useFormat } from '../../../lib/useFormat';
import { dashboardQuery, FIRST_DASHBOARD_DAYS, prefetchDashboard } from '../api/dashboardApi';
import { ChartSections } from '../components/dashboard/ChartSections';
import { DashboardLists } from '../components/dashboard/DashboardLists';
import { Figure } from '../components/dashboard/Figures';
import { listPath } from '../components/dashboard/listPath';
import { MarginFigures } from '../components/dashboard/MarginFigures';
import { PausedCarriers } from '../components/dashboard/PausedCarriers';
import { OpenDisputes } from '../components/OpenDisputes';

const DAYS = ['14', '30', '90'] as const;

/**
 * The figures' grid: as many columns as fit, each wide enough for a figure on one line. In rem,
 * so enlarged text gets fewer columns, and never wider than the page on a phone.
 */
const FIGURE_MIN_WIDTH = 'min(100%, 9rem)';

/** Dashboard: what the business did today and this month, and what needs attention; every figure opens its list. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const [days, setDays] = useState<(typeof DAYS)[number]>(FIRST_DASHBOARD_DAYS);
  const q = useQuery(dashboardQuery(Number(days)));
  const showsDisputes = !!user && canManageCredit(user.roles);
  const client = useQueryClient();
  // The disputes are asked for beside the figures but drawn below them once the figures are in:
  // drawn first, with their spinner, the figures' arrival pushed them off the screen (a layout
  // shift of 0.26 at first visit, over the 0.25 that counts as poor).
  // Asked as the portal starts when it opens here (app/firstPageData.ts); again on arriving from another page.
  useEffect(() => {
    if (user) prefetchDashboard(client, user);
  }, [user, client]);
  return (
    <Stack gap="lg">
      <PageHeader title={t('admin.pages.dashboard')} />
      <QueryStatus query={q} />
      {q.data && <Dashboard view={q.data} />}
      {/* Below the figures: drawn a paint later on a first visit, so the figures show sooner. */}
      {q.data && (
        <AfterFirstPaint>
          <DashboardLists view={q.data} />
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
            <ChartSections view={q.data} />
          </Stack>
        </AfterFirstPaint>
      )}
      {showsDisputes && !q.isPending && (
        <AfterFirstPaint>
          <OpenDisputes />
        </AfterFirstPaint>
      )}
    </Stack>
  );
}

function Dashboard({ view }: { view: DashboardView }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const links = dashboardLinks(view);
  const rate = (p: DashboardPeriod) => (p.rate === null ? '—' : `${fmt.number(Math.round(p.rate * 1000) / 10)} %`);
  const period = (p: DashboardPeriod, label: string, to: (typeof links)['today']) => (
    <Section title={label}>
      <SimpleGrid minColWidth={FIGURE_MIN_WIDTH}>
        <Figure label={t('admin.dashboard_page.quotes')} value={fmt.number(p.quotes)} />
        <Figure label={t('admin.dashboard_page.bookings')} value={fmt.number(p.bookings)} to={listPath(to.bookings)} />
        <Figure label={t('admin.dashboard_page.rate')} value={rate(p)} />
        <Figure label={t('admin.dashboard_page.new_accounts')} value={fmt.number(p.new_accounts)} to={listPath(to.new_accounts)} />
      </SimpleGrid>
    </Section>
  );
  return (
    <Stack gap="lg">
      <Text size="xs" c="dimmed">
        {t('admin.dashboard_page.days_in_zone', { zone: zoneLabel(view.time_zone, i18n.language) })}
      </Text>
      <PausedCarriers carriers={view.paused_carriers} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {period(view.today, t('admin.dashboard_page.today'), links.today)}
        {period(view.month, t('admin.dashboard_page.month'), links.month)}
      </SimpleGrid>
      {view.margin && <MarginFigures view={view} margin={view.margin} />}
      {/* The credit applications' figure is there for those who decide them only. */}
      <SimpleGrid minColWidth={FIGURE_MIN_WIDTH}>
        <Figure
          label={t('admin.dashboard_page.action_required')}
          value={fmt.number(view.action_required.count)}
          to={listPath(links.action_required)}
        />
        <Figure
          label={t('admin.dashboard_page.credit_hold')}
          value={fmt.number(view.accounts.credit_hold)}
          to={listPath(links.credit_hold)}
        />
        {view.credit_applications && (
          <Figure
            label={t('admin.dashboard_page.credit_applications')}
            value={fmt.number(view.credit_applications.pending)}
            to={listPath(links.credit_applications)}
          />
        )}
        <Figure label={t('admin.dashboard_page.suspended')} value={fmt.number(view.accounts.suspended)} to={listPath(links.suspended)} />
        <Figure
          label={t('admin.dashboard_page.incidents')}
          value={fmt.number(view.incidents.count)}
          to={listPath(links.incidents)}
          hint={t('admin.dashboard_page.seen_today')}
        />
      </SimpleGrid>
    </Stack>
  );
}
