/**
 * The shipper's analytics, one shipment at a time: whether it was picked up and delivered on
 * time, how long it took against what was quoted, what it weighed and cost, how many pallets it
 * carried, whether the carrier corrected it and what the shipper saved. Pure: the figures of the
 * Analytics page and the shipments a figure opens are both counted by these (docs/analytics.md).
 */
import { addDays, estimatedDelivery, type IsoDate, isBusinessDay } from '../rating/calendar';
import { kgToPounds } from '../rating/units';
import { localDateTime, zoneOf } from '../rating/zones';
import type { Country, UnitSystem } from '../settings';

/** A booked handling unit line: its package type, how many, and each one's weight in pounds. */
export interface ItemFacts {
  package_type: string;
  quantity: number;
  weight_lb: number;
}

/** A charge line as booked: accessorials and surcharges name their kind in `detail`. */
export interface ChargeFacts {
  code: string;
  detail?: string | null;
  amount_cents: number;
}

/** A carrier's correction billed to the shipper as an adjustment invoice. */
export interface AdjustmentFacts {
  kind: 'reweigh' | 'reclass';
  amount_cents: number;
}

/** What the metrics read of one booked shipment (not canceled). Money in cents of `currency`. */
export interface ShipmentFacts {
  id: string;
  currency: string;
  carrierId: string | null;
  mode: string;
  originState: string;
  originCountry: Country;
  destinationState: string;
  destinationCountry: Country;
  userId: string;
  /** The booked pickup date at the origin. */
  pickupDate: IsoDate;
  /** The quoted transit in business days. */
  transitDays: number;
  /** The booked total charge. */
  totalCents: number;
  charges: readonly ChargeFacts[];
  items: readonly ItemFacts[];
  /** When the carrier picked the freight up (its first pickup event), if it has. */
  pickedUpAt: Date | null;
  /** When the carrier delivered (its first delivery event), if it has. */
  deliveredAt: Date | null;
  adjustments: readonly AdjustmentFacts[];
  /** The highest total among the rates the shipper was shown with this one, when the quote is kept. */
  highestQuotedCents: number | null;
}

/** Package types that are pallets (a pallet count is of handling units, not pieces). */
export const PALLET_TYPES: readonly string[] = ['pallets', 'non_standard_pallets'];

/** A place's local calendar day at an instant: the day its dock would write. */
const localDay = (at: Date, state: string, country: Country) => localDateTime(at, zoneOf(state, country)).date;

/**
 * A shipment's pickup and delivery days at their places, counted once per facts object however
 * many figures and groups read them (a page reads each shipment's days a dozen times; facts are
 * never changed once read, and a new read makes new objects).
 */
const localDays = new WeakMap<ShipmentFacts, { pickup: IsoDate | null; delivery: IsoDate | null; transit?: number | null }>();
function localDaysOf(s: ShipmentFacts) {
  let days = localDays.get(s);
  if (!days) {
    days = {
      pickup: s.pickedUpAt ? localDay(s.pickedUpAt, s.originState, s.originCountry) : null,
      delivery: s.deliveredAt ? localDay(s.deliveredAt, s.destinationState, s.destinationCountry) : null,
    };
    localDays.set(s, days);
  }
  return days;
}

/** The day the carrier picked up, at the origin. */
export const actualPickupDay = (s: ShipmentFacts): IsoDate | null => localDaysOf(s).pickup;

/** The day the carrier delivered, at the destination. */
export const actualDeliveryDay = (s: ShipmentFacts): IsoDate | null => localDaysOf(s).delivery;

/**
 * Picked up on time: on or before the booked pickup date, counted in the origin's own day; null
 * while the carrier has not picked it up.
 */
export function pickupOnTime(s: ShipmentFacts): boolean | null {
  const day = actualPickupDay(s);
  return day === null ? null : day <= s.pickupDate;
}

/**
 * The day delivery was due: the quoted transit in business days after the booked pickup date, on
 * the destination's calendar (weekends and holidays do not count), as the quote promised it.
 */
export const deliveryDueDay = (s: ShipmentFacts): IsoDate => estimatedDelivery(s.pickupDate, s.transitDays, s.destinationCountry);

/** Delivered on time: on or before the due day, counted in the destination's own day; null until delivered. */
export function deliveryOnTime(s: ShipmentFacts): boolean | null {
  const day = actualDeliveryDay(s);
  return day === null ? null : day <= deliveryDueDay(s);
}

/** Business days (the destination's calendar) after `from` up to and including `to`; 0 the same day. */
export function businessDaysBetween(from: IsoDate, to: IsoDate, country: Country): number {
  let n = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isBusinessDay(day, country)) n += 1;
  return n;
}

/** The transit the shipment took, pickup to delivery in business days; null unless both happened. */
export function actualTransitDays(s: ShipmentFacts): number | null {
  const days = localDaysOf(s);
  if (days.transit === undefined)
    days.transit =
      days.pickup === null || days.delivery === null ? null : businessDaysBetween(days.pickup, days.delivery, s.destinationCountry);
  return days.transit;
}

/** The shipment's weight in pounds: every line's units times each unit's weight. */
export const weightLb = (items: readonly ItemFacts[]) => items.reduce((sum, i) => sum + i.quantity * i.weight_lb, 0);

/** Handling units that are pallets. */
export const palletCount = (items: readonly ItemFacts[]) =>
  items.reduce((sum, i) => sum + (PALLET_TYPES.includes(i.package_type) ? i.quantity : 0), 0);

/** A weight given in the user's units, in pounds (metric weights are kilograms). */
export const poundsOf = (weight: number, unitSystem: UnitSystem) => (unitSystem === 'metric' ? kgToPounds(weight) : weight);

/**
 * Cost per hundredweight: the cost over the weight in hundreds of pounds, rounded to the cent;
 * `weight` is in the user's units (kilograms converted first). Null without weight.
 */
export function costPerCwt(costCents: number, weight: number, unitSystem: UnitSystem = 'imperial'): number | null {
  const lb = poundsOf(weight, unitSystem);
  return lb > 0 ? Math.round((costCents * 100) / lb) : null;
}

/** Cost per 100 kg, what a metric reader compares instead of the hundredweight. Null without weight. */
export function costPerHundredKg(costCents: number, weightInLb: number): number | null {
  return weightInLb > 0 ? Math.round((costCents * 100) / (weightInLb * 0.45359237)) : null;
}

/** The adjustments' amount: what the carrier's corrections added (or took off). */
export const adjustedCents = (s: ShipmentFacts) => s.adjustments.reduce((sum, a) => sum + a.amount_cents, 0);

/** What the shipper paid for the shipment: the booked total and its corrections. */
export const spendCents = (s: ShipmentFacts) => s.totalCents + adjustedCents(s);

/** Reweighed or reclassed by the carrier (an adjustment invoice of either kind). */
export const wasCorrected = (s: ShipmentFacts) => s.adjustments.length > 0;

/** The accessorial and surcharge lines by kind (`detail`), in cents. */
export function accessorialLines(s: ShipmentFacts): { kind: string; cents: number }[] {
  return s.charges
    .filter((c) => (c.code === 'accessorial' || c.code === 'surcharge') && c.detail)
    .map((c) => ({ kind: c.detail as string, cents: c.amount_cents }));
}

/**
 * Saved against the highest rate shown with the one booked: that rate less the booked total, never
 * below zero; null when the quote is not kept (nothing to compare).
 */
export function savingsCents(s: ShipmentFacts): number | null {
  return s.highestQuotedCents === null ? null : Math.max(0, s.highestQuotedCents - s.totalCents);
}

/** A share in basis points (10,000 = 100%), rounded; null when nothing was measured. */
export const shareBp = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part * 10_000) / whole) : null);
