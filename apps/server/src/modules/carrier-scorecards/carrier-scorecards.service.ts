import type { CarrierComparison, CarrierComparisonQuery, CarrierScorecard, ScorecardCells } from '@freight/contracts';
import {
  addCounts,
  behindScorecardFigure,
  EMPTY_COUNTS,
  type ScorecardCounts,
  type ScorecardFigure,
  scorecardFigures,
} from '@freight/domain/analytics';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { carrierScorecardsRepository, type FailureRow, type MonthRow } from './carrier-scorecards.repository';
import { monthEnd, monthsBefore } from './scorecard-summary';

/**
 * Claims a carrier's shipments raised in some months: the hook a claims table will fill. The
 * portal records no claims yet, so there is nothing to count: null, which the screens show as "—".
 */
export const claimsOf = (_carrierId: string, _from: string, _to: string): number | null => null;

const cellsOf = (counts: ScorecardCounts, failures: FailureRow[], claims: number | null): ScorecardCells => ({
  ...counts,
  ...scorecardFigures(counts),
  rate_errors: failures.reduce((n, f) => n + f.errors, 0),
  rate_timeouts: failures.reduce((n, f) => n + f.timeouts, 0),
  claims,
});

const sum = (rows: MonthRow[]) =>
  rows.reduce<ScorecardCounts>((total, { carrierId: _c, month: _m, ...counts }) => addCounts(total, counts), EMPTY_COUNTS);

/**
 * The staff's carrier scorecards, read from the monthly summary (scorecard-summary.ts keeps it):
 * every carrier side by side over some months, one carrier month by month, and the shipments
 * behind a figure, counted again from the shipments by the same rules.
 */
export function carrierScorecardsService(ctx: AppContext) {
  const repo = carrierScorecardsRepository(ctx.db);
  const days = businessDays(ctx.config.BUSINESS_TIME_ZONE);
  const today = () => days.today(ctx.now());

  /** The months asked for (YYYY-MM), as first and last days; the last twelve months by default. */
  function rangeOf(q: CarrierComparisonQuery) {
    const to = q.to ? `${q.to}-01` : monthsBefore(today(), 0);
    const from = q.from ? `${q.from}-01` : monthsBefore(to, 11);
    return { from, to: monthEnd(to) };
  }

  return {
    async comparison(q: CarrierComparisonQuery): Promise<CarrierComparison> {
      const { from, to } = rangeOf(q);
      const [carriers, months, failures] = await Promise.all([repo.carriers(), repo.months(from, to), repo.failures(from, to)]);
      const rows = carriers.map((carrier) => ({
        carrier,
        ...cellsOf(
          sum(months.filter((m) => m.carrierId === carrier.id)),
          failures.filter((f) => f.carrierId === carrier.id),
          claimsOf(carrier.id, from, to),
        ),
      }));
      rows.sort((a, b) => a.carrier.name.localeCompare(b.carrier.name));
      return { from, to, rows };
    },

    async scorecard(carrierId: string): Promise<CarrierScorecard> {
      const carrier = (await repo.carriers()).find((c) => c.id === carrierId);
      if (!carrier) throw AppError.notFound();
      const { from, to } = rangeOf({});
      const [months, failures] = await Promise.all([repo.months(from, to, carrierId), repo.failures(from, to, carrierId)]);
      const list = [];
      for (let month = from; month <= to; month = monthsBefore(month, -1)) {
        const own = months.filter((m) => m.month === month);
        list.push({
          month: month.slice(0, 7),
          ...cellsOf(
            sum(own),
            failures.filter((f) => f.month === month),
            claimsOf(carrierId, month, monthEnd(month)),
          ),
        });
      }
      return { carrier, from, to, months: list, total: cellsOf(sum(months), failures, claimsOf(carrierId, from, to)) };
    },

    /** The ids of a carrier's shipments picked up in a range that stand behind a figure. */
    async shipmentIds(carrierId: string, from: string, to: string, figure: ScorecardFigure) {
      const day = today();
      const facts = await repo.facts([carrierId], from, to);
      return facts.filter((s) => behindScorecardFigure(s, figure, day)).map((s) => s.id);
    },
  };
}
