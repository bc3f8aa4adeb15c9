import '@mantine/charts/styles.css';
import type { PartnerUsage } from '@freight/contracts';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/useFormat';

/** Requests and errors a day over the last 14 days (recharts, loaded with the partner page only). */
export default function PartnerUsageChart({ usage }: { usage: PartnerUsage }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const data = usage.days.map((d) => ({ day: fmt.date(`${d.day}T12:00:00Z`), requests: d.requests, errors: d.errors }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="day"
      withLegend
      series={[
        { name: 'requests', label: t('admin.partners.requests'), color: 'blue.8' },
        { name: 'errors', label: t('admin.partners.errors'), color: 'red.6' },
      ]}
      valueFormatter={(v) => fmt.number(v)}
    />
  );
}
