import { Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { formatLocalDate } from '../../../components/tracking/localTime';
import { ANALYTICS_PARAMS, type AnalyticsSearch, analyticsReportQuery } from '../api/analyticsApi';
import { AnalyticsFilters } from '../components/AnalyticsFilters';
import { AnalyticsTables } from '../components/AnalyticsTables';
import { KeyFigures } from '../components/KeyFigures';
import { useAnalyticsFormat } from '../components/useAnalyticsFormat';
import { useLatestParams } from './useLatestParams';

// The chart library loads with this page only.
const AnalyticsCharts = lazy(() => import('../components/AnalyticsCharts'));

/**
 * /analytics: the account's shipments of a period (this month unless chosen) summed for the
 * shipper: spend and its trend, volume and unit costs, service (on-time pickup and delivery,
 * transit against quoted), invoice accuracy and savings; by mode, carrier, lane and accessorial.
 * Charts and tables of the same figures; every figure opens its shipments in My Shipments. The
 * period and the filters live in the URL.
 */
export function AnalyticsRoute() {
  const { t, i18n } = useTranslation();
  const { params, update } = useLatestParams();
  const search: AnalyticsSearch = Object.fromEntries(
    ANALYTICS_PARAMS.flatMap((p) => (params.get(p) ? [[p, params.get(p) as string]] : [])),
  );
  const query = useQuery(analyticsReportQuery(search));
  const report = query.data;
  const f = useAnalyticsFormat(report?.currency ?? 'USD');
  const others = report?.currencies.filter((c) => c.currency !== report.currency) ?? [];
  return (
    <Stack gap="md">
      <PageHeader title={t('analytics.title')} />
      <Text size="sm" c="dimmed" maw={760}>
        {t('analytics.intro')}
      </Text>
      <AnalyticsFilters search={search} report={report} update={update} />
      <QueryStatus query={query} />
      {report && (
        <>
          <Text size="sm" aria-live="polite" data-testid="analytics-range">
            {t('analytics.range', {
              from: formatLocalDate(report.period.from, i18n.language),
              to: formatLocalDate(report.period.to, i18n.language),
              currency: report.currency,
            })}
            {others.length > 0 &&
              ` ${t('analytics.other_currencies', {
                list: others.map((c) => t('analytics.currency_count', { currency: c.currency, count: c.shipments })).join(', '),
              })}`}
          </Text>
          {report.totals.shipments === 0 ? (
            <Text>{t('analytics.empty')}</Text>
          ) : (
            <>
              <KeyFigures report={report} search={search} f={f} />
              <Suspense fallback={<Loader size="sm" />}>
                <AnalyticsCharts report={report} />
              </Suspense>
              <AnalyticsTables report={report} search={search} f={f} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
