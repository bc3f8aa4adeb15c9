/**
 * The staff's carrier scorecards: a carrier's service over its shipments of a month, counted by
 * the shipper analytics' own rules (metrics.ts, figures.ts) and one rule of their own, tender
 * acceptance for truckload. Rate failures and claims are not of a shipment: the server counts
 * them beside these (docs/analytics.md, "Carrier scorecards").
 */
import type { IsoDate } from '../rating/calendar';
import { accuracyOf, behindFigure, serviceOf } from './figures';
import { actualTransitDays, type ShipmentFacts, shareBp } from './metrics';

/** What a scorecard reads of a shipment beyond the analytics' facts: when its carrier accepted the tender. */
export interface ScorecardFacts extends ShipmentFacts {
  /** The carrier's first "tender accepted" event (214 XB), if any. */
  tenderAcceptedAt: Date | null;
}

/**
 * Whether the carrier accepted a truckload shipment's tender: yes once it reported the tender
 * accepted (XB) or picked the load up (a carrier that hauled it accepted it, whatever it skipped
 * reporting); no when the booked pickup day has passed (before `today`) with neither; null while
 * the answer may still come, and for every other mode (LTL and parcel are not tendered load by load).
 */
export function tenderAccepted(s: ScorecardFacts, today: IsoDate): boolean | null {
  if (s.mode !== 'truckload') return null;
  if (s.tenderAcceptedAt || s.pickedUpAt) return true;
  return s.pickupDate < today ? false : null;
}

/** A carrier's sums over some shipments: what the summary keeps per carrier and month, and adds up. */
export interface ScorecardCounts {
  shipments: number;
  pickup_measured: number;
  pickup_on_time: number;
  delivery_measured: number;
  delivery_on_time: number;
  transit_measured: number;
  transit_days: number;
  quoted_days: number;
  tenders: number;
  tenders_accepted: number;
  corrected: number;
  reweighed: number;
  reclassed: number;
}

export const EMPTY_COUNTS: ScorecardCounts = {
  shipments: 0,
  pickup_measured: 0,
  pickup_on_time: 0,
  delivery_measured: 0,
  delivery_on_time: 0,
  transit_measured: 0,
  transit_days: 0,
  quoted_days: 0,
  tenders: 0,
  tenders_accepted: 0,
  corrected: 0,
  reweighed: 0,
  reclassed: 0,
};

/** The counts of some shipments (one carrier's, one month's), by the analytics' definitions. */
export function scorecardCounts(list: readonly ScorecardFacts[], today: IsoDate): ScorecardCounts {
  const service = serviceOf(list);
  const accuracy = accuracyOf(list);
  let tenders = 0;
  let accepted = 0;
  for (const s of list) {
    const t = tenderAccepted(s, today);
    if (t === null) continue;
    tenders += 1;
    if (t) accepted += 1;
  }
  // serviceOf gives the averages; the summary keeps the sums so months add up exactly.
  let taken = 0;
  let quoted = 0;
  for (const s of list) {
    const days = actualTransitDays(s);
    if (days === null) continue;
    taken += days;
    quoted += s.transitDays;
  }
  return {
    shipments: list.length,
    pickup_measured: service.on_time_pickup.measured,
    pickup_on_time: service.on_time_pickup.on_time,
    delivery_measured: service.on_time_delivery.measured,
    delivery_on_time: service.on_time_delivery.on_time,
    transit_measured: service.transit_measured,
    transit_days: taken,
    quoted_days: quoted,
    tenders,
    tenders_accepted: accepted,
    corrected: accuracy.corrected,
    reweighed: accuracy.reweighed,
    reclassed: accuracy.reclassed,
  };
}

/** Counts added up (months into a period). */
export function addCounts(a: ScorecardCounts, b: ScorecardCounts): ScorecardCounts {
  const sum = { ...a };
  for (const k of Object.keys(sum) as (keyof ScorecardCounts)[]) sum[k] = a[k] + b[k];
  return sum;
}

/** The figures a scorecard shows of its counts: shares in basis points, averages in tenths of a day. */
export interface ScorecardFigures {
  on_time_pickup_bp: number | null;
  on_time_delivery_bp: number | null;
  avg_transit_tenths: number | null;
  avg_quoted_transit_tenths: number | null;
  tender_acceptance_bp: number | null;
  corrected_bp: number | null;
}

const tenths = (sum: number, n: number) => (n > 0 ? Math.round((sum * 10) / n) : null);

export function scorecardFigures(c: ScorecardCounts): ScorecardFigures {
  return {
    on_time_pickup_bp: shareBp(c.pickup_on_time, c.pickup_measured),
    on_time_delivery_bp: shareBp(c.delivery_on_time, c.delivery_measured),
    avg_transit_tenths: tenths(c.transit_days, c.transit_measured),
    avg_quoted_transit_tenths: tenths(c.quoted_days, c.transit_measured),
    tender_acceptance_bp: shareBp(c.tenders_accepted, c.tenders),
    corrected_bp: shareBp(c.corrected, c.shipments),
  };
}

/** The figures of a scorecard a link opens the shipments of. */
export const SCORECARD_FIGURES = [
  'shipments',
  'picked_up_on_time',
  'picked_up_late',
  'delivered_on_time',
  'delivered_late',
  'transit_measured',
  'tender_accepted',
  'tender_not_accepted',
  'corrected',
] as const;
export type ScorecardFigure = (typeof SCORECARD_FIGURES)[number];

/** Whether a shipment stands behind a scorecard figure: the analytics' rule, or tender acceptance's. */
export function behindScorecardFigure(s: ScorecardFacts, figure: ScorecardFigure, today: IsoDate): boolean {
  if (figure === 'tender_accepted') return tenderAccepted(s, today) === true;
  if (figure === 'tender_not_accepted') return tenderAccepted(s, today) === false;
  return behindFigure(s, figure);
}
