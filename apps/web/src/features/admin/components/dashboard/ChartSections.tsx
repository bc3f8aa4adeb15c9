import type { DashboardView } from '@freight/contracts';
import { SimpleGrid, Text } from '@mantine/core';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadWhenNearView } from '../../../../components/LoadWhenNearView';
import { Section } from '../../../../components/Section';
import { CHART_HEIGHTS } from './chartHeights';

// recharts (a third of the dashboard's scripts) loads only when the charts come near the screen:
// they sit below every figure, so a visit that reads the figures never downloads it.
const charts = () => import('./DashboardCharts');
const PerDayCharts = lazy(() => charts().then((m) => ({ default: m.PerDayCharts })));
const RevenueChart = lazy(() => charts().then((m) => ({ default: m.RevenueChart })));

/** The per-day section's two charts and the rate chart's title between them. */
const PER_DAY_HEIGHT = CHART_HEIGHTS.perDay + CHART_HEIGHTS.ratePerDay + 40;

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
          <LoadWhenNearView height={CHART_HEIGHTS.revenue}>
            <RevenueChart view={view} />
          </LoadWhenNearView>
        )}
      </Section>
    </SimpleGrid>
  );
}
