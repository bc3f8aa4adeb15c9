/**
 * Freight between the United States and Canada or Mexico (docs/cross-border.md, Quoting).
 *
 * A carrier's tariff may carry a `BorderService`: the lanes it serves across a border, how it
 * crosses (one truck through, as US-Canada freight usually does, or handed over at the border, as
 * US-Mexico freight is: the US carrier to a yard in the US border city, a transfer carrier over the
 * bridge, the Mexican carrier on from the other side), the ports of entry it uses and what crossing
 * costs. The rate of a cross-border shipment is then the line haul on each side of the port the
 * carrier would use (the one making the shortest road), the crossing or transfer, and the customs
 * handling: the entry's manifest and the provider's customs broker on each side. Transit counts
 * each side's business days on its own country's calendar, plus the days at the border.
 */
import type { Country } from '../settings';
import { addBusinessDays, estimatedDelivery } from './calendar';
import type { IsoDate } from './days';
import { type LatLon, roadMiles } from './geo';
import {
  BORDER_LANES,
  type BorderLane,
  type BorderService,
  type BorderSide,
  type CrossingKind,
  PORTS_OF_ENTRY,
  type PortCode,
  type PortOfEntry,
  type RateCrossing,
} from './ports';
import type { Cents, ChargeLine } from './types';

/** The lane from `origin` to `destination`, or null when both are in one country or neither is the US. */
export function borderLaneOf(origin: Country, destination: Country): BorderLane | null {
  const lane = `${origin}-${destination}`;
  return (BORDER_LANES as readonly string[]).includes(lane) ? (lane as BorderLane) : null;
}

/** A point of a shipment: where it is and in which country. */
export interface BorderPoint extends LatLon {
  country: Country;
}

/** The crossing a shipment takes: the port, its side in the origin's country and the other, and each side's road miles. */
export interface CrossingPlan {
  lane: BorderLane;
  port: PortCode;
  kind: CrossingKind;
  /** The port's side in the origin's country, where the first leg ends. */
  exit: BorderSide;
  /** The port's side in the destination's country, where the second leg starts. */
  entry: BorderSide;
  /** Road miles origin to `exit`, then `entry` to destination. */
  miles: [number, number];
}

/**
 * How `service` takes a shipment from `origin` to `destination` across the border: through the
 * port the shipper chose (`only`), else the port among its own with the fewest road miles; null
 * when it does not serve the lane or the chosen port.
 */
export function planCrossing(service: BorderService, origin: BorderPoint, destination: BorderPoint, only?: PortCode): CrossingPlan | null {
  const lane = borderLaneOf(origin.country, destination.country);
  if (!lane || !service.lanes.includes(lane)) return null;
  const neighbour = origin.country === 'US' ? destination.country : origin.country;
  let best: CrossingPlan | null = null;
  for (const code of service.ports) {
    const port: PortOfEntry = PORTS_OF_ENTRY[code];
    if (port.neighbour !== neighbour || (only && code !== only)) continue;
    const [exit, entry] = origin.country === 'US' ? [port.us, port.across] : [port.across, port.us];
    const miles: [number, number] = [roadMiles(origin, exit), roadMiles(entry, destination)];
    if (!best || miles[0] + miles[1] < best.miles[0] + best.miles[1])
      best = { lane, port: code, kind: service.crossing, exit, entry, miles };
  }
  return best;
}

/**
 * The delivery date of a cross-border shipment: `first` business days on the origin's calendar
 * to the border, then the days at the border and `second` on the destination's.
 */
export function crossBorderDelivery(pickupDate: IsoDate, lane: BorderLane, first: number, atBorder: number, second: number): IsoDate {
  const [origin, destination] = lane.split('-') as [Country, Country];
  return addBusinessDays(addBusinessDays(pickupDate, first, origin), atBorder + second, destination);
}

/**
 * The delivery date of a rate picked up on `pickupDate`: across a border each side's days on its
 * own country's calendar (when the rate kept its days), else `transitDays` on the destination's.
 */
export function deliveryFrom(
  pickupDate: IsoDate,
  rate: { transit_days: number; crossing?: RateCrossing | null },
  origin: Country,
  destination: Country,
): IsoDate {
  const lane = borderLaneOf(origin, destination);
  const days = rate.crossing?.days;
  return lane && days ? crossBorderDelivery(pickupDate, lane, ...days) : estimatedDelivery(pickupDate, rate.transit_days, destination);
}

/** Splits `days` of a single-line transit between the two sides in proportion to their miles. */
export function splitTransit(days: number, miles: [number, number]): [number, number] {
  const whole = miles[0] + miles[1];
  const first = whole > 0 ? Math.round((days * miles[0]) / whole) : 0;
  return [first, days - first];
}

/** The details of the lines crossing adds: charges of the border, not services a shipment orders. */
export const CROSSING_CHARGE_DETAILS: readonly string[] = [
  'border_crossing',
  'border_transfer',
  'customs_entry_us',
  'customs_entry_ca',
  'customs_entry_mx',
  'customs_broker_us',
  'customs_broker_ca',
  'customs_broker_mx',
];

/** The line of the provider's customs broker on one side of the border (the shipper may bring its own). */
export const brokerChargeDetail = (side: Country) => `customs_broker_${side.toLowerCase()}`;

const accessorial = (detail: string, amount_cents: Cents): ChargeLine => ({
  code: 'accessorial',
  label: 'quote.charges.accessorial',
  detail,
  amount_cents,
});

/**
 * What crossing adds to the line haul: the crossing or transfer, the entry's manifest (named by
 * the country entered) and the provider's customs broker on each side, a line per side so that a
 * shipper with its own broker on one side is not charged for ours there. Lines of nothing are left out.
 */
export function crossingCharges(service: BorderService, plan: CrossingPlan): ChargeLine[] {
  const [origin, destination] = plan.lane.split('-') as [Country, Country];
  const lines = [
    accessorial(plan.kind === 'transfer' ? 'border_transfer' : 'border_crossing', service.crossing_cents),
    accessorial(`customs_entry_${destination.toLowerCase()}`, service.manifest_cents),
    accessorial(brokerChargeDetail(origin), service.broker_cents),
    accessorial(brokerChargeDetail(destination), service.broker_cents),
  ];
  return lines.filter((l) => l.amount_cents > 0);
}

/**
 * The lines of two legs as one breakdown: a charge both have (the same code and detail) once, with
 * both amounts, in the order the lines first appear.
 */
export function mergeLegLines(first: readonly ChargeLine[], second: readonly ChargeLine[]): ChargeLine[] {
  const out: ChargeLine[] = [];
  const at = new Map<string, ChargeLine>();
  for (const line of [...first, ...second]) {
    const key = `${line.code}|${line.detail ?? ''}`;
    const seen = at.get(key);
    if (seen) seen.amount_cents += line.amount_cents;
    else {
      const copy = { ...line };
      at.set(key, copy);
      out.push(copy);
    }
  }
  return out;
}
