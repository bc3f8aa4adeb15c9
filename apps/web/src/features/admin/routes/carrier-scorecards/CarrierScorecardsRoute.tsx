import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../../components/list/useListParams';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { carrierComparisonQuery } from '../../api/scorecardsApi';
import { COMPARISON_SORTS, type ComparisonSort, ComparisonTable } from '../../components/carrier-scorecards/ComparisonTable';
import { useScorecardFormat } from '../../components/carrier-scorecards/useScorecardFormat';

/** The months offered: the last two years (what the summary keeps), newest first, as 'YYYY-MM'. */
function recentMonths(count = 24) {
  const now = new Date();
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(now.getFullYear(), now.getMonth() - i, 1));
    return d.toISOString().slice(0, 7);
  });
}

/**
 * Admin > Carrier Scorecards: every carrier side by side over the chosen months (the last twelve
 * unless chosen), sortable by any figure; a carrier opens its scorecard, a figure its shipments.
 * The months and the order are in the URL.
 */
export function CarrierScorecardsRoute() {
  const { t } = useTranslation();
  const f = useScorecardFormat();
  const list = useListParams(COMPARISON_SORTS);
  const search = Object.fromEntries(['from', 'to'].flatMap((k) => (list.params.get(k) ? [[k, list.params.get(k) as string]] : [])));
  const query = useQuery(carrierComparisonQuery(search));
  const report = query.data;
  const sort: ComparisonSort = list.sort ?? 'carrier';
  const dir = list.sort ? (list.dir ?? 'asc') : 'asc';
  const months = recentMonths().map((m) => ({ value: m, label: f.month(m) }));
  const month = (name: 'from' | 'to') => ({
    value: search[name] ?? (report ? (name === 'from' ? report.from : report.to).slice(0, 7) : ''),
    onChange: (e: { currentTarget: { value: string } }) => list.update({ [name]: e.currentTarget.value }),
  });
  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.carrierScorecards')} />
      <Text size="sm" c="dimmed">
        {t('admin.scorecards.intro')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect label={t('admin.scorecards.from')} data={months} w={170} {...month('from')} />
        <NativeSelect label={t('admin.scorecards.to')} data={months} w={170} {...month('to')} />
        <Button variant="subtle" mb={2} onClick={() => list.clearFilters('from', 'to', 'sort', 'dir')}>
          {t('admin.scorecards.last_twelve')}
        </Button>
      </Group>
      <QueryStatus query={query} />
      {report &&
        (report.rows.length === 0 ? (
          <Text>{t('admin.scorecards.empty')}</Text>
        ) : (
          <ComparisonTable
            report={report}
            sort={sort}
            dir={dir}
            onSort={(column) => list.sortBy(column, { sort: 'carrier', dir: 'asc' })}
          />
        ))}
    </Stack>
  );
}
