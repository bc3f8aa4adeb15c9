import { portalEventKey } from '@freight/contracts';
import type { Country } from '@freight/domain';
import { addBusinessDays, estimatedDelivery } from '@freight/domain/rating';
import { plainText } from '../i18n';
import { offsetAt, zonedIso, zoneOf } from '../zones';
import type { CarrierEvent, TrackedShipment } from './adapter';
import { borderSteps, demoHeldAtBorder, type TimelineStep } from './demo-crossing';

/**
 * Demo movement (DEMO_TRACKING): the X12 214 events a carrier would report for a shipment, at
 * plausible times and places, computed from the shipment alone (pure and deterministic per
 * shipment id). A carrier's track() hands out the events whose time has come.
 *
 * LTL and parcel: XB tender accepted before the ready time, X3 arrived at pickup, AF departed
 * with the freight, X4/P1 in and out of the origin terminal, a hub terminal on the way (when the
 * ends are in different regions), X4 at the destination terminal in the small hours of the
 * delivery date, X6 out for delivery that morning, D1 delivered that afternoon. Truckload goes
 * door to door: XB, X3, AF, X1 arrived at delivery, D1. One shipment in eight (by its seed) meets
 * weather on the way: SD with reason AO, and delivery moves one business day later. Across a
 * border the crossing (demo-crossing.ts) takes the hub's place on the way.
 * Times are written with the offset of the event's place (its state's time zone, DST included).
 */

/** The instant of a local date and minute of the day in a zone. */
function zonedInstant(date: string, minuteOfDay: number, zone: string) {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, mo - 1, d, 0, minuteOfDay);
  const first = offsetAt(zone, guess);
  const at = guess - first * 60_000;
  const second = offsetAt(zone, at);
  return second === first ? at : guess - second * 60_000;
}

interface Hub {
  city: string;
  state: string;
  country: Country;
}
const US_REGIONS: Record<string, string> = {
  ...Object.fromEntries('ME NH VT MA RI CT NY NJ PA'.split(' ').map((s) => [s, 'northeast'])),
  ...Object.fromEntries('DE MD DC VA WV NC SC GA FL PR'.split(' ').map((s) => [s, 'southeast'])),
  ...Object.fromEntries('OH MI IN IL WI MN IA MO ND SD NE KS'.split(' ').map((s) => [s, 'midwest'])),
  ...Object.fromEntries('KY TN AL MS AR LA OK TX'.split(' ').map((s) => [s, 'south'])),
  ...Object.fromEntries('MT ID WY CO UT NV AZ NM'.split(' ').map((s) => [s, 'mountain'])),
  ...Object.fromEntries('CA OR WA AK HI'.split(' ').map((s) => [s, 'west'])),
};
/** Break-bulk hubs of the demo network, one per region. */
const HUBS: Record<string, Hub> = {
  northeast: { city: 'Harrisburg', state: 'PA', country: 'US' },
  southeast: { city: 'Atlanta', state: 'GA', country: 'US' },
  midwest: { city: 'Indianapolis', state: 'IN', country: 'US' },
  south: { city: 'Memphis', state: 'TN', country: 'US' },
  mountain: { city: 'Denver', state: 'CO', country: 'US' },
  west: { city: 'Sacramento', state: 'CA', country: 'US' },
  ca_east: { city: 'Toronto', state: 'ON', country: 'CA' },
  ca_west: { city: 'Calgary', state: 'AB', country: 'CA' },
  mx: { city: 'Monterrey', state: 'NL', country: 'MX' },
};
function regionOf(state: string, country: string) {
  const s = state.trim().toUpperCase();
  if (country === 'CA') return ['MB', 'SK', 'AB', 'BC', 'YT', 'NT', 'NU'].includes(s) ? 'ca_west' : 'ca_east';
  if (country === 'MX') return 'mx';
  return US_REGIONS[s] ?? 'midwest';
}

/** The hub a shipment passes through between regions, or none (same region, or the hub is an end). */
function hubFor(s: TrackedShipment): Hub | null {
  const from = regionOf(s.origin.state, s.origin.country);
  const to = regionOf(s.destination.state, s.destination.country);
  if (from === to) return null;
  const isEnd = (h: Hub) => [s.origin.city, s.destination.city].some((c) => c.trim().toLowerCase() === h.city.toLowerCase());
  const candidates = [HUBS[to], HUBS[from]].filter((h): h is Hub => Boolean(h) && !isEnd(h as Hub));
  return candidates[0] ?? null;
}

/** A 32-bit seed of a string (FNV-1a). */
export function seedOf(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether the demo movement of this shipment meets weather (one in eight, by its id). */
export function demoDelayed(shipmentId: string) {
  return seedOf(`${shipmentId}:weather`) % 8 === 0;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export function demoTimeline(shipment: TrackedShipment, carrier: { scac: string }): CarrierEvent[] {
  const rand = generator(seedOf(`${shipment.id}:${carrier.scac}`));
  const between = (min: number, max: number) => Math.round(min + rand() * (max - min));
  const country = (c: string): Country => (c === 'CA' || c === 'MX' ? c : 'US');
  const destCountry = country(shipment.destination.country);
  const originZone = zoneOf(shipment.origin.state, shipment.origin.country);
  const destZone = zoneOf(shipment.destination.state, shipment.destination.country);
  const delayed = demoDelayed(shipment.id);

  let deliveryDate =
    shipment.estimated_delivery ?? estimatedDelivery(shipment.pickup_date, Math.max(1, shipment.transit_days), destCountry);
  if (deliveryDate <= shipment.pickup_date) deliveryDate = addBusinessDays(shipment.pickup_date, 1, destCountry);
  if (delayed) deliveryDate = addBusinessDays(deliveryDate, 1, destCountry);

  const [readyH, readyM] = (/^\d{2}:\d{2}$/.test(shipment.ready_time) ? shipment.ready_time : '09:00').split(':').map(Number) as [
    number,
    number,
  ];
  const ready = readyH * 60 + readyM;

  const steps: TimelineStep[] = [];
  const origin = { city: shipment.origin.city, state: shipment.origin.state };
  const destination = { city: shipment.destination.city, state: shipment.destination.state };
  const add = (code: string, at: number, place: TimelineStep['place'], zone: string, text: string, reason?: string) => {
    // Strictly after the previous event, whatever the draw: a timeline never runs backwards.
    const previous = steps.at(-1)?.at ?? Number.NEGATIVE_INFINITY;
    steps.push({ code, reason, at: Math.max(at, previous + 10 * MINUTE), place, zone, text });
  };

  add(
    'XB',
    zonedInstant(shipment.pickup_date, Math.max(6 * 60, ready - between(60, 150)), originZone),
    origin,
    originZone,
    'tender_accepted',
  );
  const arrived = zonedInstant(shipment.pickup_date, Math.min(ready + between(45, 180), 17 * 60 + 30), originZone);
  add('X3', arrived, origin, originZone, 'arrived_pickup');
  add('AF', arrived + between(20, 70) * MINUTE, origin, originZone, 'departed_pickup');

  // Drawn in this order since the timeline began, so a shipment's demo times stay what they were.
  const morningMinute = between(7 * 60, 9 * 60);
  const deliveredMinute = between(12 * 60, 16 * 60 + 30);
  const hub = shipment.mode === 'truckload' || shipment.crossing ? null : hubFor(shipment);
  const hubZone = hub ? zoneOf(hub.state, hub.country) : originZone;
  const hubPlace = hub ? { city: hub.city, state: hub.state } : origin;
  // Terminal-to-terminal freight leaves the origin terminal that evening; a truck goes straight on.
  let terminalMinute = 0;
  if (shipment.mode !== 'truckload') {
    const afterPickup = (steps.at(-1)?.at ?? arrived) + between(45, 120) * MINUTE;
    add('X4', afterPickup, origin, originZone, 'arrived_origin_terminal');
    const evening = zonedInstant(shipment.pickup_date, between(20 * 60, 23 * 60), originZone);
    add('P1', Math.max(evening, afterPickup + 90 * MINUTE), origin, originZone, 'departed_origin_terminal');
    terminalMinute = between(2 * 60, 5 * 60);
  }
  // Where the freight ends its line haul: a truck at the door that morning, the rest at the destination terminal before dawn.
  const lineHaulEnd = () => zonedInstant(deliveryDate, shipment.mode === 'truckload' ? morningMinute : terminalMinute, destZone);
  let atDestTerminal = lineHaulEnd();

  if (shipment.crossing) {
    const leftOrigin = steps.at(-1)?.at ?? arrived;
    const span = Math.max(atDestTerminal - leftOrigin, 4 * 60 * MINUTE);
    const plan = borderSteps(shipment.crossing, shipment.origin.country, Math.round(leftOrigin + span * (0.35 + rand() * 0.15)), {
      held: demoHeldAtBorder(seedOf(`${shipment.id}:customs`)),
      correctedAt: shipment.customs_corrected_at,
      draw: between,
    });
    for (const step of plan.steps) add(step.code, step.at, step.place, step.zone, step.text, step.reason);
    if (plan.waiting) return carrierEvents(shipment.id, steps);
    if (plan.lateBy > 0) {
      deliveryDate = addBusinessDays(deliveryDate, Math.ceil(plan.lateBy / DAY), destCountry);
      atDestTerminal = lineHaulEnd();
    }
  }

  const deliveryMorning = zonedInstant(deliveryDate, morningMinute, destZone);
  const deliveredAt = zonedInstant(deliveryDate, deliveredMinute, destZone);
  if (shipment.mode === 'truckload') {
    const departed = steps.at(-1)?.at ?? arrived;
    if (delayed) {
      const at = departed + (deliveryMorning - departed) * (0.3 + rand() * 0.2);
      add('SD', Math.round(at), origin, originZone, 'weather_delay', 'AO');
    }
    add('X1', deliveryMorning, destination, destZone, 'arrived_delivery');
    add('D1', Math.max(deliveredAt, deliveryMorning + between(60, 180) * MINUTE), destination, destZone, 'delivered');
  } else {
    const leftLast = steps.at(-1)?.at ?? arrived;
    const span = Math.max(atDestTerminal - leftLast, 4 * 60 * MINUTE);
    const hubArrival = Math.round(leftLast + span * (0.35 + rand() * 0.15));
    if (hub) add('X4', hubArrival, hubPlace, hubZone, 'arrived_hub_terminal');
    if (delayed) add('SD', hubArrival + between(60, 120) * MINUTE, hubPlace, hubZone, 'weather_delay', 'AO');
    // Weather holds the freight at the hub for most of the time left; otherwise a few hours' sort.
    const hubStay = delayed
      ? (atDestTerminal - hubArrival) * 0.6
      : Math.min(between(180, 360) * MINUTE, (atDestTerminal - hubArrival) * 0.8);
    if (hub) add('P1', Math.round(hubArrival + hubStay), hubPlace, hubZone, 'departed_hub_terminal');
    add('X4', atDestTerminal, destination, destZone, 'arrived_destination_terminal');
    add('X6', deliveryMorning, destination, destZone, 'out_for_delivery');
    add('D1', deliveredAt, destination, destZone, 'delivered');
  }
  return carrierEvents(shipment.id, steps);
}

function carrierEvents(shipmentId: string, steps: readonly TimelineStep[]): CarrierEvent[] {
  return steps.map((s, n) => ({
    event_id: `demo-${shipmentId}-${n + 1}-${s.code}`,
    status_code: s.code,
    reason_code: s.reason ?? 'NS',
    occurred_at: zonedIso(s.at, s.zone),
    city: s.place.city,
    state: s.place.state,
    description: plainText('en', portalEventKey(s.text)),
  }));
}

/** The timeline's events that have happened by `now` (what a carrier's tracking would answer). */
export function demoEventsUntil(shipment: TrackedShipment, carrier: { scac: string }, now: Date): CarrierEvent[] {
  const limit = now.getTime();
  return demoTimeline(shipment, carrier).filter((e) => new Date(e.occurred_at).getTime() <= limit);
}
