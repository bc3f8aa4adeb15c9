import { type AnalyticsReport, QUOTE_MODES } from '@freight/contracts';
import { ANALYTICS_PERIODS } from '@freight/domain';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_PARAMS, type AnalyticsSearch } from '../api/analyticsApi';

interface Props {
  search: AnalyticsSearch;
  /** What the filters offer: the last report's (the one on screen). */
  report: AnalyticsReport | undefined;
  update: (changes: Record<string, string | null>) => void;
}

/**
 * The period and the filters, all in the page's URL: a preset period or custom days (pickup dates),
 * then mode, carrier, lane, origin, destination, who booked and, when the account ships in several,
 * the currency amounts are read in. Choices are those of the period's shipments.
 */
export function AnalyticsFilters({ search, report, update }: Props) {
  const { t } = useTranslation();
  const period = search.period ?? 'this_month';
  const any = { value: '', label: t('analytics.filters.any') };
  const select = (name: keyof AnalyticsSearch) => ({
    value: search[name] ?? '',
    onChange: (e: { currentTarget: { value: string } }) => update({ [name]: e.currentTarget.value || null }),
  });
  // The one chosen stays offered when the period no longer has it.
  const withChosen = (values: { value: string; label: string }[], chosen: string | undefined) =>
    chosen && !values.some((v) => v.value === chosen) ? [...values, { value: chosen, label: chosen }] : values;
  const options = report?.options;
  const lanes = withChosen(
    (report?.top_lanes ?? []).map((l) => ({ value: l.key, label: l.label })),
    search.lane,
  );
  const states = (list: string[] | undefined, chosen: string | undefined) =>
    withChosen(
      (list ?? []).map((s) => ({ value: s, label: s })),
      chosen,
    );
  const currencies = report?.currencies ?? [];
  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('analytics.period')}
          data={ANALYTICS_PERIODS.map((p) => ({ value: p, label: t(`analytics.periods.${p}`) }))}
          w={180}
          value={period}
          onChange={(e) => {
            const next = e.currentTarget.value;
            // Custom starts from the days on screen, which the reader then moves.
            if (next === 'custom') update({ period: next, from: report?.period.from ?? null, to: report?.period.to ?? null });
            else update({ period: next === 'this_month' ? null : next, from: null, to: null });
          }}
        />
        {period === 'custom' && (
          <>
            <TextInput
              type="date"
              label={t('analytics.from')}
              w={170}
              value={search.from ?? ''}
              onChange={(e) => update({ from: e.currentTarget.value || null })}
            />
            <TextInput
              type="date"
              label={t('analytics.to')}
              w={170}
              value={search.to ?? ''}
              onChange={(e) => update({ to: e.currentTarget.value || null })}
            />
          </>
        )}
        {(currencies.length > 1 || search.currency) && (
          <NativeSelect
            label={t('analytics.filters.currency')}
            data={withChosen(
              currencies.map((c) => ({ value: c.currency, label: c.currency })),
              search.currency ?? report?.currency,
            )}
            w={120}
            value={search.currency ?? report?.currency ?? ''}
            onChange={(e) => update({ currency: e.currentTarget.value })}
          />
        )}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap" role="group" aria-label={t('analytics.filters.title')}>
        <NativeSelect
          label={t('analytics.filters.mode')}
          data={[any, ...QUOTE_MODES.map((m) => ({ value: m, label: t(`shipping_modes.${m}`) }))]}
          w={150}
          {...select('mode')}
        />
        <NativeSelect
          label={t('analytics.filters.carrier')}
          data={[
            any,
            ...withChosen(
              (options?.carriers ?? []).map((c) => ({ value: c.id, label: c.name })),
              search.carrier_id,
            ),
          ]}
          w={220}
          {...select('carrier_id')}
        />
        <NativeSelect label={t('analytics.filters.lane')} data={[any, ...lanes]} w={150} {...select('lane')} />
        <NativeSelect
          label={t('analytics.filters.origin')}
          data={[any, ...states(options?.origins, search.origin)]}
          w={120}
          {...select('origin')}
        />
        <NativeSelect
          label={t('analytics.filters.destination')}
          data={[any, ...states(options?.destinations, search.destination)]}
          w={120}
          {...select('destination')}
        />
        <NativeSelect
          label={t('analytics.filters.user')}
          data={[
            any,
            ...withChosen(
              (options?.users ?? []).map((u) => ({ value: u.id, label: u.name })),
              search.user_id,
            ),
          ]}
          w={200}
          {...select('user_id')}
        />
        <Button
          variant="subtle"
          mb={2}
          onClick={() =>
            update(Object.fromEntries(ANALYTICS_PARAMS.filter((p) => !['period', 'from', 'to'].includes(p)).map((p) => [p, null])))
          }
        >
          {t('analytics.filters.clear')}
        </Button>
      </Group>
    </>
  );
}
