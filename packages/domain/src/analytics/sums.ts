/**
 * The Analytics page's figures as sums that add up: what one shipment adds to each, counted by the
 * rules of metrics.ts, and the figures (shares, averages, unit costs) worked out of any sum of them.
 * The page adds up an account's summary rows (one per pickup day and dimension, refreshed each
 * minute) instead of reading every shipment, and the figures of a list of shipments are worked out
 * of the same sums, so both always agree.
 */
import {
  accessorialLines,
  actualTransitDays,
  adjustedCents,
  costPerCwt,
  costPerHundredKg,
  deliveryOnTime,
  palletCount,
  pickupOnTime,
  type ShipmentFacts,
  savingsCents,
  shareBp,
  spendCents,
  wasCorrected,
  weightLb,
} from './metrics';

/** What every figure is worked out of: counts and amounts only, so any rows add up to their shipments' own. */
export interface FigureSums {
  shipments: number;
  spend_cents: number;
  /** Not rounded: the unit costs divide by the exact weight. */
  weight_lb: number;
  pallets: number;
  pickup_measured: number;
  pickup_on_time: number;
  delivery_measured: number;
  delivery_on_time: number;
  /** Delivered shipments whose pickup is known, their business days taken and quoted. */
  transit_measured: number;
  transit_days: number;
  quoted_days: number;
  corrected: number;
  reweighed: number;
  reclassed: number;
  /** What the corrected shipments' adjustments moved. */
  corrected_cents: number;
  savings_measured: number;
  savings_cents: number;
}

export const FIGURE_SUM_KEYS = [
  'shipments',
  'spend_cents',
  'weight_lb',
  'pallets',
  'pickup_measured',
  'pickup_on_time',
  'delivery_measured',
  'delivery_on_time',
  'transit_measured',
  'transit_days',
  'quoted_days',
  'corrected',
  'reweighed',
  'reclassed',
  'corrected_cents',
  'savings_measured',
  'savings_cents',
] as const satisfies readonly (keyof FigureSums)[];

export const noSums = (): FigureSums => Object.fromEntries(FIGURE_SUM_KEYS.map((k) => [k, 0])) as unknown as FigureSums;

/** What one shipment adds to each sum. */
export function contributionOf(s: ShipmentFacts): FigureSums {
  const pickup = pickupOnTime(s);
  const delivery = deliveryOnTime(s);
  const transit = actualTransitDays(s);
  const corrected = wasCorrected(s);
  const savings = savingsCents(s);
  const has = (kind: 'reweigh' | 'reclass') => (s.adjustments.some((a) => a.kind === kind) ? 1 : 0);
  return {
    shipments: 1,
    spend_cents: spendCents(s),
    weight_lb: weightLb(s.items),
    pallets: palletCount(s.items),
    pickup_measured: pickup === null ? 0 : 1,
    pickup_on_time: pickup === true ? 1 : 0,
    delivery_measured: delivery === null ? 0 : 1,
    delivery_on_time: delivery === true ? 1 : 0,
    transit_measured: transit === null ? 0 : 1,
    transit_days: transit ?? 0,
    quoted_days: transit === null ? 0 : s.transitDays,
    corrected: corrected ? 1 : 0,
    reweighed: corrected ? has('reweigh') : 0,
    reclassed: corrected ? has('reclass') : 0,
    corrected_cents: corrected ? adjustedCents(s) : 0,
    savings_measured: savings === null ? 0 : 1,
    savings_cents: savings ?? 0,
  };
}

/** Adds `b` into `a` (and answers `a`). */
export function addSums(a: FigureSums, b: FigureSums): FigureSums {
  for (const k of FIGURE_SUM_KEYS) a[k] += b[k];
  return a;
}

export const sumsOf = (list: readonly ShipmentFacts[]): FigureSums => list.reduce((sum, s) => addSums(sum, contributionOf(s)), noSums());

/** A shipment's accessorial and surcharge spend by kind: the cents, and 1 shipment that paid one. */
export function accessorialContribution(s: ShipmentFacts): Record<string, { cents: number; shipments: number }> {
  const byKind: Record<string, { cents: number; shipments: number }> = {};
  for (const line of accessorialLines(s)) {
    const k = byKind[line.kind] ?? { cents: 0, shipments: 1 };
    k.cents += line.cents;
    byKind[line.kind] = k;
  }
  return byKind;
}

/** On time out of those measured (picked up, or delivered), with the share in basis points. */
export interface OnTime {
  measured: number;
  on_time: number;
  share_bp: number | null;
}

/** Reweighed or reclassed shipments out of all, and the dollars their adjustments moved. */
export interface Accuracy {
  shipments: number;
  corrected: number;
  reweighed: number;
  reclassed: number;
  share_bp: number | null;
  amount_cents: number;
}

/** Service figures: on-time pickup and delivery, transit taken against quoted (averages in tenths of a day). */
export interface Service {
  on_time_pickup: OnTime;
  on_time_delivery: OnTime;
  /** Delivered shipments whose pickup and delivery are both known: the averages' base. */
  transit_measured: number;
  avg_transit_tenths: number | null;
  avg_quoted_transit_tenths: number | null;
}

/** Spend, volume and unit costs of some shipments. */
export interface Volume {
  shipments: number;
  spend_cents: number;
  weight_lb: number;
  pallets: number;
  cost_per_shipment_cents: number | null;
  cost_per_cwt_cents: number | null;
  cost_per_100kg_cents: number | null;
  cost_per_pallet_cents: number | null;
}

export interface Totals extends Volume, Service {
  accuracy: Accuracy;
  /** Shipments whose quote is kept, so the highest rate shown is known, and what booking saved against it. */
  savings_measured: number;
  savings_cents: number;
}

const avgTenths = (sum: number, n: number) => (n > 0 ? Math.round((sum * 10) / n) : null);

export const volumeFrom = (s: FigureSums): Volume => ({
  shipments: s.shipments,
  spend_cents: s.spend_cents,
  weight_lb: Math.round(s.weight_lb),
  pallets: s.pallets,
  cost_per_shipment_cents: s.shipments ? Math.round(s.spend_cents / s.shipments) : null,
  cost_per_cwt_cents: costPerCwt(s.spend_cents, s.weight_lb),
  cost_per_100kg_cents: costPerHundredKg(s.spend_cents, s.weight_lb),
  cost_per_pallet_cents: s.pallets > 0 ? Math.round(s.spend_cents / s.pallets) : null,
});

const onTime = (measured: number, yes: number): OnTime => ({ measured, on_time: yes, share_bp: shareBp(yes, measured) });

export const serviceFrom = (s: FigureSums): Service => ({
  on_time_pickup: onTime(s.pickup_measured, s.pickup_on_time),
  on_time_delivery: onTime(s.delivery_measured, s.delivery_on_time),
  transit_measured: s.transit_measured,
  avg_transit_tenths: avgTenths(s.transit_days, s.transit_measured),
  avg_quoted_transit_tenths: avgTenths(s.quoted_days, s.transit_measured),
});

export const accuracyFrom = (s: FigureSums): Accuracy => ({
  shipments: s.shipments,
  corrected: s.corrected,
  reweighed: s.reweighed,
  reclassed: s.reclassed,
  share_bp: shareBp(s.corrected, s.shipments),
  amount_cents: s.corrected_cents,
});

export const totalsFrom = (s: FigureSums): Totals => ({
  ...volumeFrom(s),
  ...serviceFrom(s),
  accuracy: accuracyFrom(s),
  savings_measured: s.savings_measured,
  savings_cents: s.savings_cents,
});
