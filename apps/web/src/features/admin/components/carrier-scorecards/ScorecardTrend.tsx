import '@mantine/charts/styles.css';
import type { CarrierScorecard } from '@freight/contracts';
import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { useScorecardFormat } from './useScorecardFormat';

const percent = (bp: number | null) => (bp === null ? null : bp / 100);

/**
 * The carrier's shares month by month (@mantine/charts, loaded with the scorecard only): on-time
 * pickup, on-time delivery and, for truckload, tender acceptance. The table below holds the same
 * figures, which is what a screen reader reads.
 */
export default function ScorecardTrend({ scorecard }: { scorecard: CarrierScorecard }) {
  const { t } = useTranslation();
  const f = useScorecardFormat();
  const series = [
    { name: 'pickup', label: t('admin.scorecards.columns.on_time_pickup'), color: 'indigo.6' },
    { name: 'delivery', label: t('admin.scorecards.columns.on_time_delivery'), color: 'teal.6' },
    ...(scorecard.carrier.mode === 'truckload'
      ? [{ name: 'tender', label: t('admin.scorecards.columns.tender_acceptance'), color: 'orange.6' }]
      : []),
  ];
  return (
    <Section title={t('admin.scorecards.trend')}>
      <LineChart
        h={240}
        data={scorecard.months.map((m) => ({
          month: f.month(m.month),
          pickup: percent(m.on_time_pickup_bp),
          delivery: percent(m.on_time_delivery_bp),
          tender: percent(m.tender_acceptance_bp),
        }))}
        dataKey="month"
        series={series}
        withLegend
        connectNulls
        yAxisProps={{ domain: [0, 100] }}
        valueFormatter={(v) => f.share(Math.round(v * 100))}
      />
      <Text size="xs" c="dimmed" mt="xs">
        {t('admin.scorecards.table_below')}
      </Text>
    </Section>
  );
}
