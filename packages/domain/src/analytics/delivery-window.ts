/**
 * Learned delivery windows: how long a carrier really takes on a lane, from the transit of its
 * delivered shipments (business days, pickup to delivery, as actualTransitDays counts them), kept
 * as a histogram per carrier, lane and day count. Where a lane has enough history the window is
 * its 50th percentile (typical) and 90th (late); otherwise the carrier's promise stands
 * (docs/delivery-windows.md).
 */
import { estimatedDelivery, type IsoDate } from '../rating/calendar';
import type { Country } from '../settings';
import { actualTransitDays, type ShipmentFacts } from './metrics';

/**
 * Deliveries a lane needs before its history is shown instead of the promise. Twenty keeps the
 * 90th percentile from being the single slowest load (with 20 it is the 18th of 20) and a lane
 * that ships weekly reaches it within half a year.
 */
export const MIN_WINDOW_SAMPLE = 20;
/** The typical and late percentiles. */
export const TYPICAL_PERCENTILE = 50;
export const LATE_PERCENTILE = 90;

/** How many deliveries took each number of business days (days -> deliveries). */
export type TransitHistogram = ReadonlyMap<number, number>;

/** A delivery window in business days after pickup; `source` says whether it is learned or promised. */
export interface DeliveryWindowDays {
  source: 'history' | 'promise';
  typical_days: number;
  late_days: number;
  /** The deliveries it was learned from (0 or too few when promised). */
  sample: number;
}

/** A lane: origin and destination zones, each a country and its state or province ("US-IL>US-TX"). */
export const laneKey = (originCountry: string, originState: string, destinationCountry: string, destinationState: string) =>
  `${originCountry}-${originState}>${destinationCountry}-${destinationState}`;

/** The deliveries a histogram counts. */
export function sampleOf(histogram: TransitHistogram): number {
  let n = 0;
  for (const count of histogram.values()) n += count;
  return n;
}

/**
 * The smallest day count that at least `percentile`% of the deliveries took no longer than
 * (the nearest-rank percentile); null for an empty histogram.
 */
export function transitPercentile(histogram: TransitHistogram, percentile: number): number | null {
  const total = sampleOf(histogram);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((percentile / 100) * total));
  let seen = 0;
  for (const days of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(days) ?? 0;
    if (seen >= rank) return days;
  }
  return null;
}

/**
 * The window a shipment can expect: the lane's typical and late transit when it has at least
 * MIN_WINDOW_SAMPLE deliveries, else the carrier's promise (`promisedDays`) for both.
 */
export function deliveryWindowDays(histogram: TransitHistogram | undefined, promisedDays: number): DeliveryWindowDays {
  const sample = histogram ? sampleOf(histogram) : 0;
  if (!histogram || sample < MIN_WINDOW_SAMPLE) return { source: 'promise', typical_days: promisedDays, late_days: promisedDays, sample };
  return {
    source: 'history',
    typical_days: transitPercentile(histogram, TYPICAL_PERCENTILE) as number,
    late_days: transitPercentile(histogram, LATE_PERCENTILE) as number,
    sample,
  };
}

/** A window with its days: delivery is typically by `typical_date`, late by `late_date` (the destination's calendar). */
export interface LearnedWindow extends DeliveryWindowDays {
  typical_date: IsoDate;
  late_date: IsoDate;
}

/** The window's days counted from the pickup date on the destination's business calendar. */
export function deliveryWindowFrom(pickupDate: IsoDate, days: DeliveryWindowDays, destinationCountry: Country): LearnedWindow {
  return {
    ...days,
    typical_date: estimatedDelivery(pickupDate, days.typical_days, destinationCountry),
    late_date: estimatedDelivery(pickupDate, days.late_days, destinationCountry),
  };
}

/** One histogram bar: a carrier's deliveries on a lane that took `days`, with the business days they were promised in total. */
export interface TransitBucket {
  carrierId: string;
  lane: string;
  days: number;
  shipments: number;
  promisedDays: number;
}

/**
 * The histogram bars of delivered shipments (those with a carrier, a pickup and a delivery),
 * counted with actualTransitDays, as the analytics count transit.
 */
export function transitBuckets(facts: readonly ShipmentFacts[]): TransitBucket[] {
  const bars = new Map<string, TransitBucket>();
  for (const s of facts) {
    const days = actualTransitDays(s);
    if (days === null || !s.carrierId) continue;
    const lane = laneKey(s.originCountry, s.originState, s.destinationCountry, s.destinationState);
    const key = `${s.carrierId}|${lane}|${days}`;
    const bar = bars.get(key) ?? { carrierId: s.carrierId, lane, days, shipments: 0, promisedDays: 0 };
    bar.shipments += 1;
    bar.promisedDays += s.transitDays;
    bars.set(key, bar);
  }
  return [...bars.values()];
}
