import type { CarrierComparison, ScorecardCells } from '@freight/contracts';
import type { ScorecardFigure } from '@freight/domain/analytics';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SortableTh } from '../../../../components/list/SortableTh';
import type { SortDir } from '../../../../components/list/useListParams';
import { scorecardPath } from '../../api/scorecardsApi';
import { FigureLink } from './FigureLink';
import { useScorecardFormat } from './useScorecardFormat';

/** The comparison's columns, each sortable (the order is in the page's URL). */
export const COMPARISON_SORTS = [
  'carrier',
  'shipments',
  'on_time_pickup',
  'on_time_delivery',
  'transit',
  'tender_acceptance',
  'rate_failures',
  'corrected',
] as const;
export type ComparisonSort = (typeof COMPARISON_SORTS)[number];

type Row = CarrierComparison['rows'][number];

/** What a column sorts by; a carrier without a figure sorts after every carrier with one. */
const SORT_VALUE: Record<Exclude<ComparisonSort, 'carrier'>, (r: ScorecardCells) => number | null> = {
  shipments: (r) => r.shipments,
  on_time_pickup: (r) => r.on_time_pickup_bp,
  on_time_delivery: (r) => r.on_time_delivery_bp,
  transit: (r) => r.avg_transit_tenths,
  tender_acceptance: (r) => r.tender_acceptance_bp,
  rate_failures: (r) => r.rate_errors + r.rate_timeouts,
  corrected: (r) => r.corrected_bp,
};

export function sortRows(rows: readonly Row[], sort: ComparisonSort, dir: SortDir): Row[] {
  const sign = dir === 'desc' ? -1 : 1;
  const byName = (a: Row, b: Row) => a.carrier.name.localeCompare(b.carrier.name);
  if (sort === 'carrier') return [...rows].sort((a, b) => sign * byName(a, b));
  const value = SORT_VALUE[sort];
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byName(a, b);
  });
}

/**
 * Every carrier's figures over the chosen months, one row each: the carrier opens its scorecard,
 * each figure the Admin Shipments list of the shipments behind it.
 */
export function ComparisonTable({
  report,
  sort,
  dir,
  onSort,
}: {
  report: CarrierComparison;
  sort: ComparisonSort;
  dir: SortDir;
  onSort: (column: ComparisonSort) => void;
}) {
  const { t } = useTranslation();
  const f = useScorecardFormat();
  const header = (column: ComparisonSort, ta?: 'right') => {
    const label = t(`admin.scorecards.columns.${column}`);
    const active = sort === column;
    return (
      <SortableTh
        key={column}
        label={label}
        title={t('admin.scorecards.sort_by', { column: label })}
        active={active}
        dir={dir}
        onSort={() => onSort(column)}
        ta={ta}
      />
    );
  };
  const link = (row: Row, figure: ScorecardFigure, text: string, measured: number) => (
    <FigureLink carrier={row.carrier} from={report.from} to={report.to} figure={figure} text={text} measured={measured} />
  );
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover fz="sm" captionSide="top">
        <Table.Caption ta="left">{t('admin.scorecards.comparison_caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {header('carrier')}
            {header('shipments', 'right')}
            {header('on_time_pickup', 'right')}
            {header('on_time_delivery', 'right')}
            {header('transit', 'right')}
            {header('tender_acceptance', 'right')}
            {header('rate_failures', 'right')}
            {header('corrected', 'right')}
            <Table.Th ta="right">{t('admin.scorecards.columns.claims')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortRows(report.rows, sort, dir).map((row) => (
            <Table.Tr key={row.carrier.id}>
              <Table.Th scope="row" fw={400}>
                <Anchor component={Link} to={scorecardPath(row.carrier.id)} size="sm" fw={600}>
                  {row.carrier.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {row.carrier.scac} · {t(`shipping_modes.${row.carrier.mode}`)}{' '}
                  {!row.carrier.active && (
                    <Badge size="xs" color="gray" variant="light">
                      {t('admin.scorecards.inactive')}
                    </Badge>
                  )}
                </Text>
              </Table.Th>
              <Table.Td ta="right">{link(row, 'shipments', f.number(row.shipments), row.shipments)}</Table.Td>
              <Table.Td ta="right">{link(row, 'picked_up_on_time', f.share(row.on_time_pickup_bp), row.pickup_measured)}</Table.Td>
              <Table.Td ta="right">{link(row, 'delivered_on_time', f.share(row.on_time_delivery_bp), row.delivery_measured)}</Table.Td>
              <Table.Td ta="right">{link(row, 'transit_measured', f.transit(row), row.transit_measured)}</Table.Td>
              <Table.Td ta="right">{link(row, 'tender_accepted', f.share(row.tender_acceptance_bp), row.tenders)}</Table.Td>
              <Table.Td ta="right">{f.failures(row)}</Table.Td>
              <Table.Td ta="right">{link(row, 'corrected', f.share(row.corrected_bp), row.corrected)}</Table.Td>
              <Table.Td ta="right">{f.claims(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
