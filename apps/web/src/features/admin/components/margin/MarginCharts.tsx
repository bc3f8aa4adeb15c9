import '@mantine/charts/styles.css';
import type { MarginReport } from '@freight/contracts';
import { AreaChart, BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { major } from '../../../../components/shipment/format';
import { useFormat } from '../../../../lib/useFormat';

/** The groups a bar chart shows: more would not be read, and the table has them all. */
const BARS = 15;
const COLORS = ['teal.6', 'indigo.6', 'orange.6'];

/**
 * The report drawn (@mantine/charts, loaded with this page only): margin by group, one bar per
 * currency, and margin by pickup month when the report spans more than one. The table under it
 * has the same figures.
 */
export default function MarginCharts({ report, labelOf }: { report: MarginReport; labelOf: (key: string, label: string) => string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const currencies = [...new Set(report.totals.map((r) => r.currency))];
  const one = currencies.length === 1 ? currencies[0] : undefined;
  const value = (v: number) => (one ? fmt.money(v, one) : fmt.number(v, { maximumFractionDigits: 2 }));
  const series = currencies.map((c, i) => ({ name: c, label: c, color: COLORS[i % COLORS.length] as string }));
  const bars = new Map<string, Record<string, string | number>>();
  for (const row of report.rows) {
    const name = labelOf(row.key, row.label);
    if (!bars.has(row.key) && bars.size === BARS) continue;
    bars.set(row.key, { ...(bars.get(row.key) ?? { group: name }), [row.currency]: major(row.margin_cents) });
  }
  const months = new Map<string, Record<string, string | number>>();
  for (const m of report.series)
    months.set(m.month, { ...(months.get(m.month) ?? { month: m.month }), [m.currency]: major(m.margin_cents) });
  return (
    <>
      <Section title={t('admin.margin.chart_groups', { group: t(`admin.margin.groups.${report.group_by}`).toLocaleLowerCase() })}>
        <BarChart
          h={Math.max(160, 36 * bars.size + 40)}
          data={[...bars.values()]}
          dataKey="group"
          orientation="vertical"
          yAxisProps={{ width: 120 }}
          withLegend={currencies.length > 1}
          series={series}
          valueFormatter={value}
        />
        <Text size="xs" c="dimmed" mt="xs">
          {t('admin.margin.chart_note', { count: Math.min(BARS, bars.size) })}
        </Text>
      </Section>
      {months.size > 1 && (
        <Section title={t('admin.margin.chart_months')}>
          <AreaChart
            h={220}
            data={[...months.values()]}
            dataKey="month"
            withLegend={currencies.length > 1}
            series={series}
            valueFormatter={value}
          />
        </Section>
      )}
    </>
  );
}
