// The module alone, not the package's index: the index brings every zod schema, and the public
// tracking page (a guest page with a script budget) words its events with this.
import { eventDescription } from '@freight/contracts/tracking-events';
import type { i18n as I18n, TFunction } from 'i18next';

/** What an event needs to be worded (the public view has no reason code). */
export interface WordedEvent {
  status_code: string;
  reason_code?: string | null;
  description: string;
}

/**
 * An event's text in the language `t` speaks: the portal's own words translated (they are stored
 * in English, the values of the English catalog), a carrier's text as it came.
 */
export function eventText(event: WordedEvent, t: TFunction, i18n: I18n): string {
  return eventDescription(event, {
    t: (key, params) => t(key, params),
    english: (key) => i18n.getFixedT('en')(key),
    has: (key) => i18n.exists(key),
  });
}
