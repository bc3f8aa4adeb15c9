import type { StopView } from '@freight/contracts';
import { type documentText, oneLine, phoneLine, placeLines } from './pdf';

/**
 * A truckload's extra stops as the documents print them, in route order: 'Stop 1 –
 * extra drop', when the truck is expected there, the place's lines and the contact the driver
 * calls. One wording for the bill of lading and the rate confirmation.
 */
export interface PrintedStop {
  title: string;
  when: string;
  place: string[];
  contact: string;
}

export function printedStops(stops: StopView[], x: ReturnType<typeof documentText>): PrintedStop[] {
  const k = (key: string, params: Record<string, unknown>) => x.t(`documents.stops.${key}`, params);
  return stops.map((s, i) => ({
    title: k(`title_${s.kind}`, { n: i + 1 }),
    when: s.appointment
      ? k('appointment', { date: x.date(s.date), time: x.time(s.time_from) })
      : k('window', { date: x.date(s.date), from: x.time(s.time_from), to: x.time(s.time_to) }),
    place: placeLines(s.place, x.language),
    contact: [oneLine(`${s.place.first_name} ${s.place.last_name}`), phoneLine(s.place.phone)].filter(Boolean).join(' · '),
  }));
}

/** The stops' heading ('Extra stops (in route order)'). */
export const stopsHeading = (x: ReturnType<typeof documentText>) => x.t('documents.stops.heading');
