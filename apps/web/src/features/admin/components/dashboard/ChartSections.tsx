import type { DashboardView } from '@freight/contracts';
import { SimpleGrid, Text } from '@mantine/core';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadWhenNearView } from '../../../../components/LoadWhenNearView';
import { Section } from '../../../../components/Section';

// recharts (a third of the dashboard's scripts) loads only when the charts come near the screen:
// they sit below every figure, so a visit that reads the figures never downloads it.
const charts = () => import('./DashboardCharts');
const PerDayCharts = lazy(() => charts().then((m) => ({ default: m.PerDayCharts })));
const RevenueChart = lazy(() => charts().then((m) => ({ default: m.RevenueChart })));

/** The charts' room on the page before they arrive (DashboardCharts.tsx's heights). */
const PER_DAY_HEIGHT = 220 + 140 + 40;
const REVENUE_HEIGHT = 260;

/** The dashboard's charts, each titled at once and drawn when scrolled near: quotes and bookings a day with the rate, and this month's revenue by mode. */
export function ChartSections({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Section title={t('admin.dashboard_page.per_day', { days: view.series.length })}>
        <LoadWhenNearView height={PER_DAY_HEIGHT}>
          <PerDayCharts view={view} />
        </LoadWhenNearView>
      </Section>
      <Section title={t('admin.dashboard_page.revenue')}>
        {view.revenue.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.dashboard_page.no_revenue')}
          </Text>
        ) : (
          <LoadWhenNearView height={REVENUE_HEIGHT}>
            <RevenueChart view={view} />
          </LoadWhenNearView>
        )}
      </Section>
    </SimpleGrid>
  );
}
