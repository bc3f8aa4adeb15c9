import '@mantine/charts/styles.css';
import type { AnalyticsReport } from '@freight/contracts';
import { AreaChart, BarChart } from '@mantine/charts';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/Section';
import { major } from '../../../components/shipment/format';
import { useAnalyticsFormat } from './useAnalyticsFormat';

/** Bars a chart shows: more would not be read, and the tables have them all. */
const BARS = 10;

/**
 * The figures drawn (@mantine/charts, loaded with this page only): spend over the period, by mode,
 * by carrier, on the top lanes and by accessorial kind. Each chart says the table below holds the
 * same figures, which is what a screen reader reads.
 */
export default function AnalyticsCharts({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  const f = useAnalyticsFormat(report.currency);
  const money = (v: number) => f.money(v, report.currency);
  const series = [{ name: 'spend', label: t('analytics.figures.spend'), color: 'indigo.6' }];
  const bars = (title: string, rows: { label: string; spend_cents: number }[]) =>
    rows.length > 0 && (
      <Section title={title}>
        <BarChart
          h={Math.max(140, 34 * Math.min(rows.length, BARS) + 40)}
          data={rows.slice(0, BARS).map((r) => ({ group: r.label, spend: major(r.spend_cents) }))}
          dataKey="group"
          orientation="vertical"
          yAxisProps={{ width: 130 }}
          series={series}
          valueFormatter={money}
        />
        <Text size="xs" c="dimmed" mt="xs">
          {t('analytics.charts.table_below')}
        </Text>
      </Section>
    );
  return (
    <SimpleGrid minColWidth="min(100%, 26rem)" spacing="md">
      <Section title={t(report.trend.step === 'day' ? 'analytics.charts.trend_day' : 'analytics.charts.trend_month')}>
        <AreaChart
          h={220}
          data={report.trend.points.map((p) => ({ bucket: f.bucket(report.trend.step, p.bucket), spend: major(p.spend_cents) }))}
          dataKey="bucket"
          series={series}
          valueFormatter={money}
        />
        <Text size="xs" c="dimmed" mt="xs">
          {t('analytics.charts.table_below')}
        </Text>
      </Section>
      {bars(
        t('analytics.charts.by_mode'),
        report.by_mode.map((g) => ({ ...g, label: t(`shipping_modes.${g.key}`) })),
      )}
      {bars(t('analytics.charts.by_carrier'), report.by_carrier)}
      {bars(t('analytics.charts.lanes'), report.top_lanes)}
      {bars(
        t('analytics.charts.accessorials'),
        report.accessorials.map((a) => ({ label: a.label, spend_cents: a.amount_cents })),
      )}
    </SimpleGrid>
  );
}
