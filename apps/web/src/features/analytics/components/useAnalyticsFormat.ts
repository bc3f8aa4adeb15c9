import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { major } from '../../../components/shipment/format';
import { formatLocalDate } from '../../../components/tracking/localTime';
import { useFormat } from '../../../lib/useFormat';

/** The page's figures as the reader writes them: money in the report's currency, shares, days, weights in their units. */
export function useAnalyticsFormat(currency: string) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  return useMemo(() => {
    const month = new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    return {
      ...fmt,
      /** A step of the trend: a pickup day, or a month ('2026-11'). */
      bucket: (step: 'day' | 'month', bucket: string) =>
        step === 'day' ? formatLocalDate(bucket, i18n.language) : month.format(new Date(`${bucket}-01T00:00:00Z`)),
      cents: (cents: number) => fmt.money(major(cents), currency),
      /** A price per weight unit: per hundredweight in imperial, per 100 kg in metric. */
      perWeight: (f: { cost_per_cwt_cents: number | null; cost_per_100kg_cents: number | null }) => {
        const cents = fmt.unitSystem === 'metric' ? f.cost_per_100kg_cents : f.cost_per_cwt_cents;
        return cents === null ? t('analytics.none') : fmt.money(major(cents), currency);
      },
      perWeightLabel: t(fmt.unitSystem === 'metric' ? 'analytics.figures.cost_per_100kg' : 'analytics.figures.cost_per_cwt'),
      maybeCents: (cents: number | null) => (cents === null ? t('analytics.none') : fmt.money(major(cents), currency)),
      share: (bp: number | null) =>
        bp === null ? t('analytics.none') : fmt.number(bp / 10_000, { style: 'percent', maximumFractionDigits: 1 }),
      days: (tenths: number | null) => (tenths === null ? t('analytics.none') : fmt.number(tenths / 10, { maximumFractionDigits: 1 })),
    };
  }, [fmt, currency, t, i18n.language]);
}
export type AnalyticsFormat = ReturnType<typeof useAnalyticsFormat>;
