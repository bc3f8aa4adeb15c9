import { MARGIN_GROUPS, MARGIN_SORTS, type MarginGroup, QUOTE_MODES } from '@freight/contracts';
import { Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../../../../components/csv/useFileDownload';
import { useListParams } from '../../../../components/list/useListParams';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { formatLocalDate } from '../../../../components/tracking/localTime';
import { MARGIN_CSV_PATH, marginReportQuery } from '../../api/marginApi';
import { salesRepsQuery } from '../../api/salesRepsApi';
import { AccountSelect } from '../../components/AccountSelect';
import { MARGIN_FILTERS } from '../../components/margin/drill';
import { MarginTable } from '../../components/margin/MarginTable';
import { TextFilter } from '../../components/shipments/ShipmentFilters';
import { CarrierFilter } from '../../components/UrlFilters';

// recharts loads with this page (and the dashboard) only.
const MarginCharts = lazy(() => import('../../components/margin/MarginCharts'));

/** The URL's params the report is asked with. */
const PARAMS = ['group_by', 'sort', 'dir', 'pickup_from', 'pickup_to', ...MARGIN_FILTERS] as const;

/**
 * Admin > Margin: price, cost and margin of the bookings picked up in a range (the current month to
 * date unless chosen), grouped by customer, lane, carrier, mode, sales rep or month, per currency; a
 * chart and a table of the same figures, each row opening its shipments, and the CSV. A sales rep
 * reads its own accounts' (the server narrows the report). Every choice is in the URL.
 */
export function MarginRoute() {
  const { t, i18n } = useTranslation();
  const list = useListParams();
  const p = list.params;
  const search = Object.fromEntries(PARAMS.flatMap((f) => (p.get(f) ? [[f, p.get(f) as string]] : [])));
  const groupBy = (MARGIN_GROUPS as readonly string[]).includes(search.group_by ?? '') ? (search.group_by as MarginGroup) : 'customer';
  const query = useQuery(marginReportQuery(search));
  const reps = useQuery(salesRepsQuery());
  const { download, downloading } = useFileDownload();
  const report = query.data;
  const filters = Object.fromEntries(MARGIN_FILTERS.flatMap((f) => (search[f] ? [[f, search[f]]] : [])));
  const select = (name: string) => ({
    value: p.get(name) ?? '',
    onChange: (e: { currentTarget: { value: string } }) => list.update({ [name]: e.currentTarget.value }),
  });
  const labelOf = (key: string, label: string) => (groupBy === 'mode' ? t(`shipping_modes.${key}`) : label);
  const anyOption = { value: '', label: t('admin.margin.any') };
  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.margin')} />
      <Text size="sm" c="dimmed">
        {t('admin.margin.intro')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('admin.margin.group_by')}
          data={MARGIN_GROUPS.map((g) => ({ value: g, label: t(`admin.margin.groups.${g}`) }))}
          w={180}
          value={groupBy}
          onChange={(e) => list.update({ group_by: e.currentTarget.value === 'customer' ? null : e.currentTarget.value })}
        />
        <TextFilter list={list} name="pickup_from" type="date" label={t('admin.margin.pickup_from')} w={160} />
        <TextFilter list={list} name="pickup_to" type="date" label={t('admin.margin.pickup_to')} w={160} />
        <NativeSelect
          label={t('admin.margin.sort')}
          data={MARGIN_SORTS.map((s) => ({ value: s, label: t(`admin.margin.sorts.${s}`) }))}
          w={180}
          value={search.sort ?? 'margin'}
          onChange={(e) => list.update({ sort: e.currentTarget.value === 'margin' ? null : e.currentTarget.value })}
        />
        <NativeSelect
          label={t('admin.margin.dir')}
          data={[
            { value: '', label: t('admin.margin.desc') },
            { value: 'asc', label: t('admin.margin.asc') },
          ]}
          w={160}
          {...select('dir')}
        />
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <AccountSelect
          key={search.account_id ?? ''}
          label={t('admin.margin.filters.account')}
          placeholder={t('admin.margin.filters.account_hint')}
          value={search.account_id ?? null}
          initial={
            search.account_id && groupBy === 'customer'
              ? { id: search.account_id, name: report?.rows.find((r) => r.key === search.account_id)?.label ?? '' }
              : null
          }
          onChange={(id) => list.update({ account_id: id })}
        />
        <CarrierFilter label={t('admin.margin.filters.carrier')} w={220} {...select('carrier_id')} />
        <NativeSelect
          label={t('admin.margin.filters.mode')}
          data={[anyOption, ...QUOTE_MODES.map((m) => ({ value: m, label: t(`shipping_modes.${m}`) }))]}
          w={140}
          {...select('mode')}
        />
        <NativeSelect
          label={t('admin.margin.filters.sales_rep')}
          data={[
            anyOption,
            { value: 'none', label: t('admin.margin.filters.no_sales_rep') },
            ...(reps.data ?? []).map((r) => ({ value: r.id, label: r.name })),
          ]}
          w={200}
          {...select('sales_rep_id')}
        />
        <TextFilter list={list} name="origin_state" label={t('admin.margin.filters.origin_state')} w={90} maxLength={3} />
        <TextFilter list={list} name="destination_state" label={t('admin.margin.filters.destination_state')} w={90} maxLength={3} />
        <Button variant="subtle" mb={2} onClick={() => list.clearFilters(...PARAMS)}>
          {t('admin.margin.clear')}
        </Button>
        <Button
          variant="default"
          ml="auto"
          loading={downloading === MARGIN_CSV_PATH}
          disabled={!report || report.rows.length === 0}
          onClick={() =>
            report &&
            download(MARGIN_CSV_PATH, {
              fileName: `margin-${report.group_by}-${report.pickup_from}-${report.pickup_to}.csv`,
              query: search,
            })
          }
        >
          {t('admin.margin.csv')}
        </Button>
      </Group>
      <QueryStatus query={query} />
      {report && (
        <>
          <Text size="sm" aria-live="polite">
            {t('admin.margin.range', {
              from: formatLocalDate(report.pickup_from, i18n.language),
              to: formatLocalDate(report.pickup_to, i18n.language),
            })}
            {report.totals.some((r) => r.without_cost > 0) &&
              ` ${t('admin.margin.without_cost', { count: report.totals.reduce((n, r) => n + r.without_cost, 0) })}`}
          </Text>
          {report.rows.length === 0 ? (
            <Text>{t('admin.margin.empty')}</Text>
          ) : (
            <>
              <Suspense fallback={<Loader size="sm" />}>
                <MarginCharts report={report} labelOf={labelOf} />
              </Suspense>
              <MarginTable report={report} filters={filters} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
