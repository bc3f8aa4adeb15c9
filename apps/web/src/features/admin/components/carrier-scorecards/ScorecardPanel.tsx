import type { CarrierScorecard, ScorecardCells } from '@freight/contracts';
import type { ScorecardFigure } from '@freight/domain/analytics';
import { Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../components/QueryStatus';
import { carrierScorecardQuery } from '../../api/scorecardsApi';
import { COMPARISON_SORTS } from './ComparisonTable';
import { FigureLink } from './FigureLink';
import { monthEnd, useScorecardFormat } from './useScorecardFormat';

// recharts loads with the scorecard only.
const ScorecardTrend = lazy(() => import('./ScorecardTrend'));

/** The scorecard's months as a table (what the chart draws, readable without it), each figure opening its shipments. */
function MonthsTable({ scorecard }: { scorecard: CarrierScorecard }) {
  const { t } = useTranslation();
  const f = useScorecardFormat();
  const cell = (from: string, to: string, figure: ScorecardFigure, text: string, measured: number) => (
    <Table.Td ta="right">
      <FigureLink carrier={scorecard.carrier} from={from} to={to} figure={figure} text={text} measured={measured} />
    </Table.Td>
  );
  const figures = (c: ScorecardCells, from: string, to: string) => (
    <>
      {cell(from, to, 'shipments', f.number(c.shipments), c.shipments)}
      {cell(from, to, 'picked_up_on_time', f.share(c.on_time_pickup_bp), c.pickup_measured)}
      {cell(from, to, 'delivered_on_time', f.share(c.on_time_delivery_bp), c.delivery_measured)}
      {cell(from, to, 'transit_measured', f.transit(c), c.transit_measured)}
      {cell(from, to, 'tender_accepted', f.share(c.tender_acceptance_bp), c.tenders)}
      <Table.Td ta="right">{f.failures(c)}</Table.Td>
      {cell(from, to, 'corrected', f.share(c.corrected_bp), c.corrected)}
      <Table.Td ta="right">{f.claims(c)}</Table.Td>
    </>
  );
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped fz="sm" captionSide="top">
        <Table.Caption ta="left">{t('admin.scorecards.months_caption', { carrier: scorecard.carrier.name })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.scorecards.columns.month')}</Table.Th>
            {[...COMPARISON_SORTS.filter((c) => c !== 'carrier'), 'claims'].map((c) => (
              <Table.Th key={c} ta="right">
                {t(`admin.scorecards.columns.${c}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...scorecard.months].reverse().map((m) => (
            <Table.Tr key={m.month}>
              <Table.Th scope="row" fw={400}>
                {f.month(m.month)}
              </Table.Th>
              {figures(m, `${m.month}-01`, monthEnd(m.month))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">{t('admin.scorecards.twelve_months')}</Table.Th>
            {figures(scorecard.total, scorecard.from, scorecard.to)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A carrier's scorecard: its last twelve months, charted and tabled, each figure opening the
 * shipments behind it. On its own page (every staff role) and on the carrier's admin page.
 */
export function ScorecardPanel({ carrierId }: { carrierId: string }) {
  const { t } = useTranslation();
  const query = useQuery(carrierScorecardQuery(carrierId));
  const scorecard = query.data;
  return (
    <Stack gap="md">
      <QueryStatus query={query} />
      {scorecard && (
        <>
          <Text size="sm" c="dimmed">
            {t('admin.scorecards.definitions')}
          </Text>
          <Suspense fallback={<Loader size="sm" />}>
            <ScorecardTrend scorecard={scorecard} />
          </Suspense>
          <MonthsTable scorecard={scorecard} />
        </>
      )}
    </Stack>
  );
}
