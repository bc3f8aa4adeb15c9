import { zonedDateTime } from '@freight/domain';
import { AppError } from '../../errors';
import { offsetAt, zonedIso, zoneOf } from '../../zones';

/** The lane a staff event happens on: the state of each end and its country. */
interface Lane {
  originCountry: string;
  destinationState: string;
  destinationCountry: string;
}

/** The IANA time zone of an event's place: the state's zone, in the country of whichever end of the lane it is in. */
export function eventZone(state: string, lane: Lane) {
  const country = state.trim().toUpperCase() === lane.destinationState.toUpperCase() ? lane.destinationCountry : lane.originCountry;
  return zoneOf(state, country);
}

/** What the event form shows staff: the place's zone and the time it is there now (the form's starting time). */
export function eventClock(state: string, lane: Lane, now: Date) {
  const timeZone = eventZone(state, lane);
  return { time_zone: timeZone, local_now: zonedDateTime(now, timeZone) };
}

/**
 * An event time typed as the local time at the event's place gets that place's UTC offset, as a
 * carrier would write it; one with an offset keeps it. A time still to come is refused: staff
 * record what happened, and a future event would decide the status before it happens.
 */
export function placedEventTime(occurredAt: string, timeZone: string, now: Date) {
  let placed = occurredAt;
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(occurredAt)) {
    const asUtc = Date.parse(`${occurredAt}Z`);
    // The offset at the instant itself (one step corrects for a daylight-saving change near the typed time).
    const instant = asUtc - offsetAt(timeZone, asUtc) * 60_000;
    placed = zonedIso(asUtc - offsetAt(timeZone, instant) * 60_000, timeZone);
  }
  if (Date.parse(placed) > now.getTime()) throw AppError.field('occurred_at', 'validation.event_in_future');
  return placed;
}
