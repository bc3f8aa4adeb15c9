import { PORTS_OF_ENTRY, type RateCrossing } from '../rating/ports';
import { isCustomsHold } from '../shipping/tracking';

/**
 * Where a shipment across a border stands with customs, in the order it goes through them:
 * - documents_missing: booked without a customs declaration;
 * - waiting_for_broker: the entered country's broker has not given the entry's reference yet;
 * - ready: declared and entered, on its way to the border;
 * - at_border: arrived at the port of entry (or, once held, a corrected document sent);
 * - held: customs hold it for a document;
 * - released: the entered country's customs let it go.
 */
export const CUSTOMS_STAGES = ['documents_missing', 'waiting_for_broker', 'ready', 'at_border', 'held', 'released'] as const;
export type CustomsStage = (typeof CUSTOMS_STAGES)[number];

/** What the stage of a shipment across a border is read from: its declaration's state and its events. */
export interface CustomsFacts {
  crossing: RateCrossing;
  originCountry: string;
  declared: boolean;
  entryNumber: string | null;
  correctedAt: Date | null;
  bookedAt: Date;
  /** Its tracking events, oldest first. */
  events: readonly CrossingEvent[];
}

export interface CrossingEvent {
  statusCode: string;
  reasonCode: string | null;
  city: string;
  state: string;
  occurredAt: Date;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Where a shipment stands with customs, and since when. Carriers report the crossing with the X12
 * 214 codes of any move, so the border is told by place: an event in either city of the port of
 * entry means the freight is at the border; a release (RH) on the entered side (the near side's
 * is an export's, leaving Mexico), or any event past the port, means the entered country's customs
 * let it go. A customs hold (a moving event with a customs
 * reason) not followed by a release holds it, until a corrected document goes to the broker: then
 * it is back at the border, waiting for the release. Before the border it waits for its declaration,
 * then for the broker's entry reference.
 */
export function customsStage(facts: CustomsFacts): { stage: CustomsStage; since: Date } {
  const port = PORTS_OF_ENTRY[facts.crossing.port];
  const atPort = (e: CrossingEvent) => [port.us, port.across].some((side) => same(side.city, e.city) && same(side.state, e.state));
  const entered = facts.originCountry === 'US' ? port.across : port.us;
  const onEnteredSide = (e: CrossingEvent) => same(entered.city, e.city) && same(entered.state, e.state);
  const arrival = facts.events.findIndex(atPort);
  if (arrival >= 0) {
    const after = facts.events.slice(arrival);
    const letGo = (e: CrossingEvent) => (e.statusCode.trim().toUpperCase() === 'RH' && onEnteredSide(e)) || !atPort(e);
    const released = after.find((e, i) => letGo(e) && !holdAfter(after, i));
    if (released) return { stage: 'released', since: released.occurredAt };
    const hold = [...after].reverse().find((e) => isCustomsHold(e.statusCode, e.reasonCode));
    if (hold) {
      const corrected = facts.correctedAt && facts.correctedAt > hold.occurredAt ? facts.correctedAt : null;
      return corrected ? { stage: 'at_border', since: corrected } : { stage: 'held', since: hold.occurredAt };
    }
    return { stage: 'at_border', since: (after[0] as CrossingEvent).occurredAt };
  }
  if (!facts.declared) return { stage: 'documents_missing', since: facts.bookedAt };
  return { stage: facts.entryNumber ? 'ready' : 'waiting_for_broker', since: facts.bookedAt };
}

/** Whether a customs hold comes after the event at `index`: a release that came before a hold does not let the freight go. */
function holdAfter(events: readonly CrossingEvent[], index: number) {
  return events.slice(index + 1).some((e) => isCustomsHold(e.statusCode, e.reasonCode));
}
