import type { AnalyticsGroup, AnalyticsReport, OnTimeFigure } from '@freight/contracts';
import { Anchor, Group, Stack, Table, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportMenu } from '../../../components/export/ExportMenu';
import type { AnalyticsSearch } from '../api/analyticsApi';
import { drillTo } from './drill';
import type { AnalyticsFormat } from './useAnalyticsFormat';

type Grouping = 'mode' | 'carrier' | 'lane';
/** The page's filter a group's links narrow by. */
const FILTER_OF: Record<Grouping, keyof AnalyticsSearch> = { mode: 'mode', carrier: 'carrier_id', lane: 'lane' };

/**
 * A table named by a heading above its scroll box: a caption inside would be as wide as the
 * scrolled table, and a phone would show only its start.
 */
function FigureTable({
  caption,
  head,
  children,
  minWidth = 720,
  exported,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
  minWidth?: number;
  /** The table's export: the page's filters and currency, and which table. */
  exported?: { query: Record<string, string | undefined>; table: string };
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <div>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <Title order={2} size="h3" fz="md" id={titleId}>
          {caption}
        </Title>
        {exported && (
          <ExportMenu
            path="/api/analytics/export"
            query={{ ...exported.query, table: exported.table }}
            fileName={`analytics-${exported.table}`}
            label={`${t('export.button')}: ${caption}`}
          />
        )}
      </Group>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped fz="sm" aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              {head.map((h, i) => (
                <Table.Th key={h} ta={i === 0 ? undefined : 'right'}>
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

/** A figure opening its shipments; its name starts with what it shows, then says which shipments. */
function DrillLink({ to, text, what }: { to: string; text: string; what: string }) {
  return (
    <Anchor component={Link} to={to} aria-label={`${text}: ${what}`}>
      {text}
    </Anchor>
  );
}

/**
 * The figures the charts draw, as tables (what a screen reader and a printout read): spend over the
 * period, by mode, carrier and top lanes with each group's service and invoice accuracy, and the
 * accessorials by kind. Every count opens its shipments.
 */
export function AnalyticsTables({ report, search, f }: { report: AnalyticsReport; search: AnalyticsSearch; f: AnalyticsFormat }) {
  const { t } = useTranslation();
  const col = (key: string) => t(`analytics.tables.columns.${key}`);
  const share = (o: OnTimeFigure) =>
    o.share_bp === null
      ? t('analytics.none')
      : t('analytics.tables.share_of', { share: f.share(o.share_bp), part: o.on_time, whole: o.measured });
  const groupRows = (grouping: Grouping, groups: AnalyticsGroup[]) =>
    groups.map((g) => {
      const name = grouping === 'mode' ? t(`shipping_modes.${g.key}`) : g.label;
      // A carrier whose row is gone cannot be filtered by: its shipments are the unfiltered ones' part.
      const narrowed = grouping === 'carrier' && g.key === 'none' ? {} : { [FILTER_OF[grouping]]: g.key };
      const late = g.on_time_delivery.measured - g.on_time_delivery.on_time;
      return (
        <Table.Tr key={g.key}>
          <Table.Th scope="row" fw={500}>
            {name}
          </Table.Th>
          <Table.Td ta="right">
            <DrillLink
              to={drillTo(report, search, 'shipments', narrowed)}
              text={f.number(g.shipments)}
              what={t('analytics.tables.open_shipments', { count: g.shipments, name })}
            />
          </Table.Td>
          <Table.Td ta="right">{f.cents(g.spend_cents)}</Table.Td>
          <Table.Td ta="right">{f.maybeCents(g.cost_per_shipment_cents)}</Table.Td>
          <Table.Td ta="right">{share(g.on_time_pickup)}</Table.Td>
          <Table.Td ta="right">
            {late > 0 ? (
              <DrillLink
                to={drillTo(report, search, 'delivered_late', narrowed)}
                text={share(g.on_time_delivery)}
                what={t('analytics.tables.open_late', { count: late, name })}
              />
            ) : (
              share(g.on_time_delivery)
            )}
          </Table.Td>
          <Table.Td ta="right">
            {g.avg_transit_tenths === null
              ? t('analytics.none')
              : t('analytics.tables.transit_cell', { taken: f.days(g.avg_transit_tenths), quoted: f.days(g.avg_quoted_transit_tenths) })}
          </Table.Td>
          <Table.Td ta="right">
            {g.accuracy.corrected > 0 ? (
              <DrillLink
                to={drillTo(report, search, 'corrected', narrowed)}
                text={`${f.share(g.accuracy.share_bp)} · ${f.cents(g.accuracy.amount_cents)}`}
                what={t('analytics.tables.open_corrected', { count: g.accuracy.corrected, name })}
              />
            ) : (
              f.share(g.accuracy.share_bp)
            )}
          </Table.Td>
        </Table.Tr>
      );
    });
  const groupHead = (first: string) =>
    [first, 'shipments', 'spend', 'cost_per_shipment', 'on_time_pickup', 'on_time_delivery', 'transit', 'accuracy'].map(col);
  // The file holds the tables as shown: the page's filters and the currency on screen.
  const exported = (table: string) => ({ query: { ...search, currency: report.currency }, table });
  return (
    <Stack gap="lg">
      <FigureTable caption={t('analytics.tables.by_carrier')} head={groupHead('carrier')} minWidth={960} exported={exported('by_carrier')}>
        {groupRows('carrier', report.by_carrier)}
      </FigureTable>
      <FigureTable caption={t('analytics.tables.lanes')} head={groupHead('lane')} minWidth={960} exported={exported('top_lanes')}>
        {groupRows('lane', report.top_lanes)}
      </FigureTable>
      <FigureTable caption={t('analytics.tables.by_mode')} head={groupHead('mode')} minWidth={960} exported={exported('by_mode')}>
        {groupRows('mode', report.by_mode)}
      </FigureTable>
      {report.accessorials.length > 0 && (
        <FigureTable
          caption={t('analytics.tables.accessorials')}
          head={['kind', 'shipments', 'amount'].map(col)}
          minWidth={420}
          exported={exported('accessorials')}
        >
          {report.accessorials.map((a) => (
            <Table.Tr key={a.kind}>
              <Table.Th scope="row" fw={500}>
                {a.label}
              </Table.Th>
              <Table.Td ta="right">
                <DrillLink
                  to={drillTo(report, search, 'accessorial', { kind: a.kind })}
                  text={f.number(a.shipments)}
                  what={t('analytics.tables.open_shipments', { count: a.shipments, name: a.label })}
                />
              </Table.Td>
              <Table.Td ta="right">{f.cents(a.amount_cents)}</Table.Td>
            </Table.Tr>
          ))}
        </FigureTable>
      )}
      <FigureTable caption={t('analytics.tables.trend')} head={['bucket', 'shipments', 'spend'].map(col)} minWidth={420}>
        {report.trend.points.map((p) => (
          <Table.Tr key={p.bucket}>
            <Table.Th scope="row" fw={500}>
              {f.bucket(report.trend.step, p.bucket)}
            </Table.Th>
            <Table.Td ta="right">{f.number(p.shipments)}</Table.Td>
            <Table.Td ta="right">{f.cents(p.spend_cents)}</Table.Td>
          </Table.Tr>
        ))}
      </FigureTable>
    </Stack>
  );
}
