/**
 * The Analytics page's figures summed from shipments' facts (metrics.ts), and which shipments
 * stand behind each figure, so a figure and the list it opens always count the same shipments.
 * Every shipment summed is in one currency: amounts of different currencies are never added.
 */
import type { IsoDate } from '../rating/calendar';
import type { DrillFigure } from './drill';
import {
  accessorialLines,
  actualTransitDays,
  deliveryOnTime,
  pickupOnTime,
  type ShipmentFacts,
  savingsCents,
  spendCents,
  wasCorrected,
} from './metrics';
import {
  type Accuracy,
  accessorialContribution,
  accuracyFrom,
  type Service,
  serviceFrom,
  sumsOf,
  type Totals,
  totalsFrom,
  type Volume,
  volumeFrom,
} from './sums';

export * from './sums';

export const volumeOf = (list: readonly ShipmentFacts[]): Volume => volumeFrom(sumsOf(list));

export const serviceOf = (list: readonly ShipmentFacts[]): Service => serviceFrom(sumsOf(list));

export const accuracyOf = (list: readonly ShipmentFacts[]): Accuracy => accuracyFrom(sumsOf(list));

export const totalsOf = (list: readonly ShipmentFacts[]): Totals => totalsFrom(sumsOf(list));

/** The shipments of each key, in first-seen order. */
export function groupBy(list: readonly ShipmentFacts[], key: (s: ShipmentFacts) => string): Map<string, ShipmentFacts[]> {
  const groups = new Map<string, ShipmentFacts[]>();
  for (const s of list) {
    const k = key(s);
    const g = groups.get(k);
    if (g) g.push(s);
    else groups.set(k, [s]);
  }
  return groups;
}

/** What a page groups by; a carrier is 'none' when its row is gone. */
export const GROUP_KEYS = {
  mode: (s: ShipmentFacts) => s.mode,
  carrier: (s: ShipmentFacts) => s.carrierId ?? 'none',
  lane: (s: ShipmentFacts) => `${s.originState}-${s.destinationState}`,
} as const;

/** Accessorial spend by kind: the cents and the shipments that paid one, largest first. */
export function accessorialsOf(list: readonly ShipmentFacts[]): { kind: string; amount_cents: number; shipments: number }[] {
  const byKind = new Map<string, { amount_cents: number; shipments: number }>();
  for (const s of list)
    for (const [kind, c] of Object.entries(accessorialContribution(s))) {
      const k = byKind.get(kind) ?? { amount_cents: 0, shipments: 0 };
      k.amount_cents += c.cents;
      k.shipments += c.shipments;
      byKind.set(kind, k);
    }
  return rankAccessorials([...byKind].map(([kind, k]) => ({ kind, ...k })));
}

/** Accessorial kinds largest spend first, ties by kind. */
export const rankAccessorials = <T extends { kind: string; amount_cents: number }>(rows: T[]): T[] =>
  rows.sort((a, b) => b.amount_cents - a.amount_cents || a.kind.localeCompare(b.kind));

/** The trend's step: days for a period of up to two months, months beyond. */
export const trendStep = (from: IsoDate, to: IsoDate): 'day' | 'month' =>
  Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) <= 62 * 86_400_000 ? 'day' : 'month';

/** Spend and shipments per pickup day or month, oldest first (steps without shipments left out). */
export function trendOf(list: readonly ShipmentFacts[], step: 'day' | 'month') {
  const groups = groupBy(list, (s) => (step === 'day' ? s.pickupDate : s.pickupDate.slice(0, 7)));
  return [...groups]
    .map(([bucket, g]) => ({ bucket, shipments: g.length, spend_cents: g.reduce((sum, s) => sum + spendCents(s), 0) }))
    .sort((a, b) => a.bucket.localeCompare(b.bucket));
}

/** Whether a shipment stands behind a figure (`kind` names the accessorial). */
export function behindFigure(s: ShipmentFacts, figure: DrillFigure, kind?: string): boolean {
  switch (figure) {
    case 'shipments':
      return true;
    case 'picked_up_on_time':
      return pickupOnTime(s) === true;
    case 'picked_up_late':
      return pickupOnTime(s) === false;
    case 'delivered_on_time':
      return deliveryOnTime(s) === true;
    case 'delivered_late':
      return deliveryOnTime(s) === false;
    case 'transit_measured':
      return actualTransitDays(s) !== null;
    case 'corrected':
      return wasCorrected(s);
    case 'with_savings':
      return (savingsCents(s) ?? 0) > 0;
    case 'accessorial':
      return accessorialLines(s).some((l) => l.kind === kind);
  }
}

/** Which figures a shipment stands behind, as flags a table can keep and a query can filter by. */
export interface DrillFlags {
  /** Null until picked up. */
  pickupOnTime: boolean | null;
  /** Null until delivered. */
  deliveryOnTime: boolean | null;
  transitMeasured: boolean;
  corrected: boolean;
  withSavings: boolean;
  /** The kinds of its accessorial lines, each once. */
  accessorials: string[];
}

/** behindFigure's answers for every figure at once, read by the same rules (the drill-down filters by them in SQL). */
export const drillFlagsOf = (s: ShipmentFacts): DrillFlags => ({
  pickupOnTime: pickupOnTime(s),
  deliveryOnTime: deliveryOnTime(s),
  transitMeasured: behindFigure(s, 'transit_measured'),
  corrected: behindFigure(s, 'corrected'),
  withSavings: behindFigure(s, 'with_savings'),
  accessorials: [...new Set(accessorialLines(s).map((l) => l.kind))],
});
