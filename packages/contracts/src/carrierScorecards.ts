import type { ScorecardCounts, ScorecardFigures } from '@freight/domain/analytics';
import { z } from 'zod';

/**
 * The staff's carrier scorecards (GET /api/admin/carrier-scorecards and
 * /api/admin/carrier-scorecards/:id): each carrier's service by the month its shipments were
 * picked up, from the monthly summary (docs/analytics.md, "Carrier scorecards").
 */
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.invalid' });

/** The longest comparison: two years of months (what the summary keeps). */
export const SCORECARD_MAX_MONTHS = 24;

const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;

/** Months as YYYY-MM, both included; without them, the last twelve months to this one. */
export const carrierComparisonQuery = z
  .object({ from: month.optional(), to: month.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: 'validation.date_range' })
  .refine((q) => !q.from || !q.to || monthIndex(q.to) - monthIndex(q.from) < SCORECARD_MAX_MONTHS, {
    path: ['to'],
    error: 'validation.range_two_years',
  });
export type CarrierComparisonQuery = z.output<typeof carrierComparisonQuery>;

/**
 * A carrier's figures over some months: the summed counts, the shares (basis points) and averages
 * (tenths of a business day) they give, the failed rate requests (errors and timeouts), and claims:
 * null until the portal records claims.
 */
export interface ScorecardCells extends ScorecardCounts, ScorecardFigures {
  rate_errors: number;
  rate_timeouts: number;
  claims: number | null;
}

export interface ScorecardCarrier {
  id: string;
  name: string;
  scac: string;
  mode: string;
  active: boolean;
}

/** GET /api/admin/carrier-scorecards: one row per carrier for the months from `from` to `to` (first and last days). */
export interface CarrierComparison {
  from: string;
  to: string;
  rows: (ScorecardCells & { carrier: ScorecardCarrier })[];
}

/** GET /api/admin/carrier-scorecards/:id: the last twelve months, oldest first (`month` is YYYY-MM), and their sum. */
export interface CarrierScorecard {
  carrier: ScorecardCarrier;
  from: string;
  to: string;
  months: (ScorecardCells & { month: string })[];
  total: ScorecardCells;
}
