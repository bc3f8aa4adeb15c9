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

const whole = z.number().int();
const shareOrNone = whole.nullable();

/**
 * A carrier's figures over some months: the summed counts, the shares (basis points) and averages
 * (tenths of a business day) they give, the failed rate requests (errors and timeouts), and claims:
 * null until the portal records claims.
 */
export const scorecardCells = z.strictObject({
  shipments: whole,
  pickup_measured: whole,
  pickup_on_time: whole,
  delivery_measured: whole,
  delivery_on_time: whole,
  transit_measured: whole,
  transit_days: whole,
  quoted_days: whole,
  tenders: whole,
  tenders_accepted: whole,
  corrected: whole,
  reweighed: whole,
  reclassed: whole,
  on_time_pickup_bp: shareOrNone,
  on_time_delivery_bp: shareOrNone,
  avg_transit_tenths: shareOrNone,
  avg_quoted_transit_tenths: shareOrNone,
  tender_acceptance_bp: shareOrNone,
  corrected_bp: shareOrNone,
  rate_errors: whole,
  rate_timeouts: whole,
  claims: whole.nullable().meta({ description: 'Null until the portal records claims' }),
}) satisfies z.ZodType<ScorecardCounts & ScorecardFigures>;
export type ScorecardCells = z.output<typeof scorecardCells>;

/** A carrier as its scorecard names it. */
export const scorecardCarrier = z.strictObject({ id: z.uuid(), name: z.string(), scac: z.string(), mode: z.string(), active: z.boolean() });
export type ScorecardCarrier = z.output<typeof scorecardCarrier>;

/** Every carrier's figures side by side, for the months from `from` to `to` (first and last days). */
export const carrierComparison = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  rows: z.array(scorecardCells.extend({ carrier: scorecardCarrier })),
});
export type CarrierComparison = z.output<typeof carrierComparison>;

/** One carrier's last twelve months, oldest first (`month` is YYYY-MM), and their sum. */
export const carrierScorecard = z.strictObject({
  carrier: scorecardCarrier,
  from: z.iso.date(),
  to: z.iso.date(),
  months: z.array(scorecardCells.extend({ month })),
  total: scorecardCells,
});
export type CarrierScorecard = z.output<typeof carrierScorecard>;
