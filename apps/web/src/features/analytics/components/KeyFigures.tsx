import type { AnalyticsReport } from '@freight/contracts';
import type { DrillFigure } from '@freight/domain';
import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../../components/Section';
import type { AnalyticsSearch } from '../api/analyticsApi';
import { drillTo } from './drill';
import type { AnalyticsFormat } from './useAnalyticsFormat';

/** A figure breaks only where it must: a long amount in a narrow card wraps rather than being cut. */
const BREAK_ONLY_IF_CUT = { overflowWrap: 'anywhere' } as const;

/** One figure: its value opens the shipments behind it; a second link may open a part of them (the late ones). */
function Figure({
  label,
  value,
  to,
  hint,
  more,
}: {
  label: string;
  value: string;
  to: string;
  hint?: string;
  more?: { label: string; to: string };
}) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Anchor component={Link} to={to} fw={700} fz={24} aria-label={`${label}: ${value}`} style={BREAK_ONLY_IF_CUT}>
        {value}
      </Anchor>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      {more && (
        <Anchor component={Link} to={more.to} size="xs">
          {more.label}
        </Anchor>
      )}
    </Card>
  );
}

/**
 * The period's figures, each a link to the shipments it counts (My Shipments, the figure in its
 * URL): spend and its change, volume, unit costs, service, invoice accuracy and savings.
 */
export function KeyFigures({ report, search, f }: { report: AnalyticsReport; search: AnalyticsSearch; f: AnalyticsFormat }) {
  const { t } = useTranslation();
  const tot = report.totals;
  const to = (figure: DrillFigure) => drillTo(report, search, figure);
  const all = to('shipments');
  const days = Math.round((Date.parse(report.previous.to) - Date.parse(report.previous.from)) / 86_400_000) + 1;
  const change =
    report.previous.spend_cents > 0
      ? t('analytics.figures.spend_change', {
          change: f.number((tot.spend_cents - report.previous.spend_cents) / report.previous.spend_cents, {
            style: 'percent',
            signDisplay: 'exceptZero',
            maximumFractionDigits: 1,
          }),
          count: days,
        })
      : t('analytics.figures.spend_before_none', { count: days });
  const late = tot.on_time_delivery.measured - tot.on_time_delivery.on_time;
  const latePickups = tot.on_time_pickup.measured - tot.on_time_pickup.on_time;
  const onTimeHint = (o: AnalyticsReport['totals']['on_time_pickup']) =>
    t('analytics.figures.on_time_hint', { onTime: f.number(o.on_time), measured: f.number(o.measured) });
  return (
    <Section title={t('analytics.figures.title')} testId="analytics-figures">
      <SimpleGrid minColWidth="min(100%, 13rem)" spacing="sm">
        <Figure label={t('analytics.figures.spend')} value={f.cents(tot.spend_cents)} to={all} hint={change} />
        <Figure label={t('analytics.figures.shipments')} value={f.number(tot.shipments)} to={all} />
        <Figure
          label={t('analytics.figures.weight')}
          value={f.weight(tot.weight_lb)}
          to={all}
          hint={t('analytics.figures.pallets', { count: tot.pallets, formatted: f.number(tot.pallets) })}
        />
        <Figure label={t('analytics.figures.cost_per_shipment')} value={f.maybeCents(tot.cost_per_shipment_cents)} to={all} />
        <Figure label={f.perWeightLabel} value={f.perWeight(tot)} to={all} />
        <Figure label={t('analytics.figures.cost_per_pallet')} value={f.maybeCents(tot.cost_per_pallet_cents)} to={all} />
        <Figure
          label={t('analytics.figures.on_time_pickup')}
          value={f.share(tot.on_time_pickup.share_bp)}
          to={to('picked_up_on_time')}
          hint={onTimeHint(tot.on_time_pickup)}
          more={
            latePickups > 0
              ? { label: t('analytics.figures.late_pickup_link', { count: latePickups }), to: to('picked_up_late') }
              : undefined
          }
        />
        <Figure
          label={t('analytics.figures.on_time_delivery')}
          value={f.share(tot.on_time_delivery.share_bp)}
          to={to('delivered_on_time')}
          hint={onTimeHint(tot.on_time_delivery)}
          more={late > 0 ? { label: t('analytics.figures.late_delivery_link', { count: late }), to: to('delivered_late') } : undefined}
        />
        <Figure
          label={t('analytics.figures.transit')}
          value={
            tot.avg_transit_tenths === null
              ? t('analytics.none')
              : t('analytics.figures.transit_value', { taken: f.days(tot.avg_transit_tenths) })
          }
          to={to('transit_measured')}
          hint={
            tot.transit_measured > 0
              ? t('analytics.figures.transit_hint', { quoted: f.days(tot.avg_quoted_transit_tenths), count: tot.transit_measured })
              : undefined
          }
        />
        <Figure
          label={t('analytics.figures.accuracy')}
          value={f.share(tot.accuracy.share_bp)}
          to={to('corrected')}
          hint={t('analytics.figures.accuracy_hint', { count: tot.accuracy.corrected, amount: f.cents(tot.accuracy.amount_cents) })}
        />
        <Figure
          label={t('analytics.figures.savings')}
          value={f.cents(tot.savings_cents)}
          to={to('with_savings')}
          hint={t('analytics.figures.savings_hint', { count: tot.savings_measured })}
        />
      </SimpleGrid>
    </Section>
  );
}
