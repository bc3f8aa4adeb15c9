import '@mantine/charts/styles.css';
import type { DashboardView } from '@freight/contracts';
import { BarChart, LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { major } from '../../../../components/shipment/format';
import { useFormat } from '../../../../lib/useFormat';
import { CHART_HEIGHTS } from './chartHeights';

/**
 * The dashboard's charts (@mantine/charts over recharts), loaded into their sections
 * (ChartSections.tsx) when they come near the screen.
 */

/** Quotes and bookings a day, and the rate a day. */
export function PerDayCharts({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const perDay = view.series.map((d) => ({
    day: fmt.date(`${d.date}T12:00:00Z`),
    quotes: d.quotes,
    bookings: d.bookings,
    // The day's quotes booked since (the server's rate, a day at a time): never over 100 %.
    rate: d.quotes ? Math.round((d.quotes_booked / d.quotes) * 100) : 0,
  }));
  return (
    <>
      <BarChart
        h={CHART_HEIGHTS.perDay}
        data={perDay}
        dataKey="day"
        withLegend
        series={[
          { name: 'quotes', label: t('admin.dashboard_page.quotes'), color: 'blue.8' },
          { name: 'bookings', label: t('admin.dashboard_page.bookings'), color: 'teal.6' },
        ]}
        valueFormatter={(v) => fmt.number(v)}
      />
      <Text size="sm" fw={500} mt="md" mb="xs">
        {t('admin.dashboard_page.rate_per_day')}
      </Text>
      <LineChart
        h={CHART_HEIGHTS.ratePerDay}
        data={perDay}
        dataKey="day"
        series={[{ name: 'rate', label: t('admin.dashboard_page.rate'), color: 'grape.6' }]}
        valueFormatter={(v) => `${fmt.number(v)} %`}
        yAxisProps={{ domain: [0, 100] }}
      />
    </>
  );
}

/** This month's revenue by mode, a bar per currency. */
export function RevenueChart({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const currencies = [...new Set(view.revenue.map((r) => r.currency))];
  const revenue = (['ltl', 'parcel', 'truckload'] as const).map((mode) => ({
    mode: t(`shipping_modes.${mode}`),
    ...Object.fromEntries(
      currencies.map((c) => [c, major(view.revenue.find((r) => r.mode === mode && r.currency === c)?.total_cents ?? 0)]),
    ),
  }));
  return (
    <BarChart
      h={CHART_HEIGHTS.revenue}
      data={revenue}
      dataKey="mode"
      withLegend={currencies.length > 1}
      series={currencies.map((c, i) => ({ name: c, label: c, color: ['indigo.6', 'orange.6', 'green.6'][i % 3] }))}
      valueFormatter={(v) => fmt.money(v, currencies[0])}
    />
  );
}
