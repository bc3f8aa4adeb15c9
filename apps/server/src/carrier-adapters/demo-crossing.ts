import type { Country } from '@freight/domain';
import { PORTS_OF_ENTRY, type RateCrossing } from '@freight/domain/rating';
import { zoneOf } from '../zones';

/**
 * The border in the demo movement of a shipment across it, as the carriers of each side would
 * report it with X12 214 codes:
 * - X4 arrived at the border, on the near side of the port of entry;
 * - leaving Mexico, RH released by Mexican customs (the export pedimento's clearance) on the near
 *   side; the United States and Canada do not release exports by truck, so no event for them;
 * - one shipment in four (by its id) is held by the entered country's customs for a missing
 *   document: SD with reason BC (missing documents), which asks the shipper to act. It stays held
 *   until a corrected document goes to the broker (`customs_corrected_at`), and is released an
 *   hour or so after that;
 * - RH released by the entered country's customs, on the far side;
 * - with a transfer (US-Mexico lanes), J1 handed to the carrier of the far side.
 */

export interface BorderPlace {
  city: string;
  state: string;
  country: Country;
}

/** One event of a demo timeline, before it is written as a carrier's. */
export interface TimelineStep {
  code: string;
  /** X12 214 reason (AT7-02); absent: normal. */
  reason?: string;
  at: number;
  place: { city: string; state: string };
  zone: string;
  /** The portal's own event text (`tracking.event.<key>`), stored in English like a carrier's. */
  text: string;
}

const MINUTE = 60_000;

/** Whether the demo movement of this shipment is held at the border for a missing document (one in four, by its id). */
export function demoHeldAtBorder(seed: number) {
  return seed % 4 === 0;
}

/** The two sides of a crossing: where the freight arrives (the origin country's side) and where it enters. */
export function borderSides(crossing: RateCrossing, originCountry: string): { near: BorderPlace; far: BorderPlace } {
  const port = PORTS_OF_ENTRY[crossing.port];
  const us: BorderPlace = { city: port.us.city, state: port.us.state, country: 'US' };
  const across: BorderPlace = { city: port.across.city, state: port.across.state, country: port.neighbour };
  return originCountry === 'US' ? { near: us, far: across } : { near: across, far: us };
}

const RELEASED: Record<Country, string> = { US: 'released_us_customs', CA: 'released_ca_customs', MX: 'released_mx_customs' };
const TRANSFERRED: Partial<Record<Country, string>> = { US: 'transferred_us_carrier', MX: 'transferred_mx_carrier' };

export interface BorderPlan {
  steps: TimelineStep[];
  /** The freight waits at the border for a corrected document: nothing after the hold happens yet. */
  waiting: boolean;
  /** How much later than planned the freight leaves the border (ms; 0 when on time). */
  lateBy: number;
}

/**
 * The border's steps from the freight's arrival at `arrival`. `draw(min, max)` is the shipment's
 * own generator, so the same shipment always crosses the same way.
 */
export function borderSteps(
  crossing: RateCrossing,
  originCountry: string,
  arrival: number,
  options: { held: boolean; correctedAt: string | null; draw: (min: number, max: number) => number },
): BorderPlan {
  const { near, far } = borderSides(crossing, originCountry);
  const nearZone = zoneOf(near.state, near.country);
  const farZone = zoneOf(far.state, far.country);
  const at = (place: BorderPlace) => ({ city: place.city, state: place.state });
  const steps: TimelineStep[] = [{ code: 'X4', at: arrival, place: at(near), zone: nearZone, text: 'arrived_border' }];
  let clock = arrival;
  if (near.country === 'MX') {
    clock += options.draw(40, 120) * MINUTE;
    steps.push({ code: 'RH', at: clock, place: at(near), zone: nearZone, text: RELEASED.MX });
  }
  const plannedRelease = clock + options.draw(60, 180) * MINUTE;
  let release = plannedRelease;
  if (options.held) {
    const heldAt = clock + options.draw(30, 90) * MINUTE;
    steps.push({ code: 'SD', reason: 'BC', at: heldAt, place: at(far), zone: farZone, text: 'held_missing_document' });
    const corrected = options.correctedAt ? new Date(options.correctedAt).getTime() : null;
    if (corrected === null || Number.isNaN(corrected)) return { steps, waiting: true, lateBy: 0 };
    release = Math.max(corrected, heldAt) + options.draw(40, 90) * MINUTE;
  }
  steps.push({ code: 'RH', at: release, place: at(far), zone: farZone, text: RELEASED[far.country] });
  const transferredTo = TRANSFERRED[far.country];
  if (crossing.kind === 'transfer' && transferredTo) {
    steps.push({ code: 'J1', at: release + options.draw(45, 120) * MINUTE, place: at(far), zone: farZone, text: transferredTo });
  }
  return { steps, waiting: false, lateBy: Math.max(0, release - plannedRelease) };
}
